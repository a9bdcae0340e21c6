import type { ForgeRepoEvidence } from "../../src/forges/types.ts";
import type { ForgeRepoSpec } from "../support/forge-sim/forge-world.ts";
import type { CommitSpec } from "../support/github-sim/git-writer.ts";
import {
  candidateIdentity,
  DAY,
  HOUR,
  humanCommits,
  humanTimes,
  iso,
  Rng,
  SCENARIO_NOW,
  seedOf,
} from "../support/github-sim/scenarios/index.ts";

/**
 * A backdated history only a host that records pushes can expose: the project was created years ago (an
 * empty repository kept for the purpose), and two years of commits, author and committer dates alike set
 * by hand, were all pushed last week. Every date in git looks honest; the push event's server time does not.
 */
export function backdatedIntoOldProject(o: {
  login: string;
  name?: string;
  now?: string;
  commits?: number;
}): ForgeRepoSpec {
  const name = o.name ?? "ledger-core";
  const now = Date.parse(o.now ?? SCENARIO_NOW);
  const rng = new Rng(seedOf("backdatedIntoOldProject", o.login, name));
  const n = o.commits ?? 120;
  const times = humanTimes(rng, now - 760 * DAY, now - 30 * DAY, n);
  const commits: CommitSpec[] = humanCommits(rng, candidateIdentity(o.login), times, {
    lang: "Go",
    deps: ["github.com/lib/pq"],
    name,
    description: "Double-entry ledger service",
  });
  const pushAt = now - 6 * DAY + 22 * HOUR;
  return {
    owner: o.login,
    name,
    description: "Double-entry ledger service",
    createdAt: iso(now - 800 * DAY),
    pushedAt: iso(pushAt),
    commits,
    pushes: [{ at: pushAt, commits: commits.length }],
  };
}

/**
 * How long after its committer date each candidate commit reached the host (ms), or null for a commit no
 * recorded push brought: an honest history's lags are minutes, a backdated one's weeks.
 */
export function arrivalLags(
  ev: ForgeRepoEvidence,
  date: "authorDate" | "committerDate" = "committerDate",
): Array<number | null> {
  const arrivals = ev.forge.anchoredTimes?.arrivals ?? {};
  return ev.candidateCommits.map((c) => {
    const at = arrivals[c.sha];
    return at ? Date.parse(at) - Date.parse(c[date]) : null;
  });
}
