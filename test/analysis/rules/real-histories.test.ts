/**
 * The validation round's real histories (test/fixtures/histories), labelled in test/bench/analysis-candidates.ts
 * before the analysis first ran on them, judged here by the repository rules on their whole history without
 * GitHub in between: an honest history raises nothing CRITICAL, a fraud raises its labelled flags at their
 * severity. `bun run bench:analysis` runs the same histories end to end (client, simulator, score).
 */
import { describe, expect, test } from "bun:test";
import { judgeRepository } from "../../../src/analysis/rules/repo-rules.ts";
import type { RepoRuleContext } from "../../../src/analysis/rules/rule-context.ts";
import { SEVERITY_RANK } from "../../../src/analysis/types.ts";
import type { GhCommit } from "../../../src/github/types.ts";
import { fixtureOf, thirdWave } from "../../bench/analysis-candidates.ts";
import { loadHistory } from "../../support/github-sim/real/real-history.ts";
import { evidence, repo, user } from "../fixtures.ts";

const WAVE = thirdWave();
const iso = (d: string | number) => new Date(d).toISOString().replace(".000Z", "Z");

/** Each history as the analysis reads it: linked logins, dates, parents, and each commit's files with their lines. */
function contextOf(login: string, accountCreated: string, fullName: string, file: string): RepoRuleContext {
  const c = WAVE.find((x) => x.spec.login === login)!;
  const spec = c.spec.repos.find((r) => `${r.owner}/${r.name}` === fullName)!;
  const byEmail = new Map(c.spec.users.flatMap((u) => (u.emails ?? []).map((e) => [e.toLowerCase(), u.login])));
  const f = loadHistory(file).fixture.commits;
  const all: GhCommit[] = (spec.commits ?? []).map((s, i) => {
    const gfiles = f.gfiles?.[i] ?? 0;
    const gadd = f.gadd?.[i] ?? 0;
    const own = Math.max(0, f.files[i]! - gfiles);
    const files = [
      ...Array.from({ length: own }, (_, j) => `src/f${i}-${j}.ts`),
      ...Array.from({ length: gfiles }, (_, j) => `node_modules/p${i}/f${j}.js`),
    ];
    const fileAdditions = [
      ...Array.from(
        { length: own },
        (_, j) => Math.floor((f.add[i]! - gadd) / own) + (j === 0 ? (f.add[i]! - gadd) % own : 0),
      ),
      ...Array.from({ length: gfiles }, (_, j) => Math.floor(gadd / gfiles) + (j === 0 ? gadd % gfiles : 0)),
    ];
    const committer = s.committer ?? s.author;
    return {
      sha: i.toString(16).padStart(40, "0"),
      authorLogin: byEmail.get(s.author.email.toLowerCase()) ?? null,
      authorName: s.author.name,
      authorEmail: s.author.email,
      authorDate: iso(s.authorDate),
      committerLogin: byEmail.get(committer.email.toLowerCase()) ?? null,
      committerName: committer.name,
      committerEmail: committer.email,
      committerDate: iso(s.committerDate ?? s.authorDate),
      message: s.message,
      parents: s.mergeOf !== undefined ? 2 : i === 0 ? 0 : 1,
      verified: false,
      stats: { additions: f.add[i]!, deletions: f.del[i]!, files, fileAdditions },
    };
  });
  const mine = all.filter((x) => x.authorLogin === login && x.parents < 2);
  const others = new Map<string, { login: string | null; email: string; count: number; earliestAuthorDate: string }>();
  for (const x of all.filter((x) => x.authorLogin !== login)) {
    const o = others.get(x.authorEmail) ?? {
      login: x.authorLogin,
      email: x.authorEmail,
      count: 0,
      earliestAuthorDate: x.authorDate,
    };
    o.count++;
    if (x.authorDate < o.earliestAuthorDate) o.earliestAuthorDate = x.authorDate;
    others.set(x.authorEmail, o);
  }
  const r = repo(fullName, {
    createdAt: spec.createdAt,
    pushedAt: spec.pushedAt ?? iso(Math.max(...all.map((x) => Date.parse(x.committerDate)))),
  });
  const e = evidence(r, mine, {
    totalCommitCount: all.length,
    rootCommit: all[0],
    otherAuthors: [...others.values()],
    sampledWithStats: [...mine].reverse(),
  });
  return {
    login,
    user: user(login, accountCreated),
    repo: r,
    evidence: e,
    commits: e.candidateCommits,
    commitCount: mine.length,
  };
}

describe("the validation round's real histories, judged by the rules", () => {
  const cases = WAVE.flatMap((c) =>
    c.spec.scenarios.map((s) => ({
      login: c.spec.login,
      created: c.spec.user.createdAt,
      s,
      file: fixtureOf(s.scenario, c),
    })),
  );
  test.each(cases.map((x) => [`${x.file} (${x.s.label.kind})`, x] as const))("%s", (_, { login, created, s, file }) => {
    const hits = judgeRepository(contextOf(login, created, s.fullName, file));
    const severity = Object.fromEntries(hits.map((h) => [h.rule, h.severity]));
    if (s.label.kind === "honest") expect(hits.filter((h) => h.severity === "CRITICAL")).toEqual([]);
    for (const want of s.label.expected.filter((w) => w.severity !== "INFO")) {
      const got = severity[want.rule];
      const ok = got !== undefined && SEVERITY_RANK[got] <= SEVERITY_RANK[want.severity];
      expect({ [want.rule]: ok ? "raised" : (got ?? "none") }).toEqual({ [want.rule]: "raised" });
    }
  });
});
