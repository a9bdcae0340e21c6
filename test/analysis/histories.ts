/**
 * Synthetic histories for the forensic rules: the faking techniques the rules of docs/analysis.md look for and the
 * honest histories that must never be called CRITICAL. Commits are returned oldest first.
 */
import type { GhCommit } from "../../src/github/types.ts";
import { commit, DAY, HOUR, honestHistory, MIN, rng } from "./fixtures.ts";

const L = "ana";

/** Graph painter: 15 commits per pixel day at 12:00:00, all before the repository existed, pushed at once. */
export function paintedGraph(pushMs: number): GhCommit[] {
  const out: GhCommit[] = [];
  for (let d = 0; d < 40; d++)
    for (let k = 0; k < 15; k++)
      out.push(
        commit(L, pushMs - 400 * DAY + d * 7 * DAY + 12 * HOUR, pushMs + out.length * 1000, { message: "paint" }),
      );
  return out;
}

/** Random author-date bot: dates anywhere in the last year (some in the future), committed within minutes. */
export function randomDateBot(pushMs: number, n = 300): GhCommit[] {
  const r = rng(11);
  return Array.from({ length: n }, (_, i) =>
    commit(L, pushMs - 365 * DAY + Math.floor(r() * 400 * DAY), pushMs + i * 1500, { message: `update ${i}` }),
  );
}

/** Sequential backdater: one commit a day at 20:01 for 200 days, committed in one session, templated messages. */
export function sequentialBackdater(pushMs: number): GhCommit[] {
  return Array.from({ length: 200 }, (_, i) => {
    const a = pushMs - 250 * DAY + i * DAY + 20 * HOUR + MIN;
    return commit(L, a, pushMs + i * 2000, {
      message: `Contribution: ${new Date(a).toISOString().slice(0, 16).replace("T", " ")}`,
    });
  });
}

/**
 * The compiler author's deliberate rewrite: 316 commits authored over 16 months; 241 share ONE committer
 * timestamp; about 39 % of steps go back in author time (the rewrite interleaved two branches).
 */
export function honestRewrite(startMs: number): GhCommit[] {
  const base = honestHistory(L, startMs, 480, 316, 21);
  const rewriteAt = startMs + 500 * DAY;
  const order: GhCommit[] = [];
  // interleave the older and newer halves within windows of ~3 weeks: many short steps backwards
  for (let i = 0; i < base.length; i += 6) {
    const chunk = base.slice(i, i + 6);
    order.push(...[chunk[0], chunk[3], chunk[1], chunk[4], chunk[2], chunk[5]].filter((c): c is GhCommit => !!c));
  }
  return order.map((c, i) => (i < 241 ? { ...c, committerDate: new Date(rewriteAt).toISOString() } : c));
}

/** A maintained Go project: 8 commits share one committer timestamp after a rebase; PR commits committed weeks later. */
export function goProjectRebase(startMs: number): GhCommit[] {
  const base = honestHistory(L, startMs, 700, 260, 5);
  return base.map((c, i) => {
    if (i >= 100 && i < 108) return { ...c, committerDate: new Date(startMs + 400 * DAY).toISOString() };
    if (i % 9 === 0) return { ...c, committerDate: new Date(Date.parse(c.authorDate) + 20 * DAY).toISOString() };
    return c;
  });
}

/** An editor whose 2016 pull-request commits were committed in 2020 by the maintainer. */
export function oldPullRequests(): GhCommit[] {
  const old = honestHistory(L, Date.parse("2016-03-01T00:00:00Z"), 60, 14, 9).map((c) => ({
    ...c,
    committerDate: "2020-05-04T10:00:00Z",
  }));
  return [...old, ...honestHistory(L, Date.parse("2020-05-05T00:00:00Z"), 300, 80, 10)];
}

/** A 6-day project with 24 commits. */
export function shortProject(startMs: number): GhCommit[] {
  return honestHistory(L, startMs, 6, 24, 12);
}
