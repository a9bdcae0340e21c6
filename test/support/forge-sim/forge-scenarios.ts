import type { CommitSpec } from "../github-sim/git-writer.ts";
import {
  candidateIdentity,
  DAY,
  HOUR,
  humanCommits,
  humanTimes,
  iso,
  type RepoScenario,
  Rng,
  SCENARIO_NOW,
  seedOf,
} from "../github-sim/scenarios/index.ts";
import type { ForgeRepoSpec } from "./forge-world.ts";

/** Scenarios only a host that records pushes can judge (GitLab's push events, a Gitea/Forgejo activity feed). */

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
}): RepoScenario & { repo: ForgeRepoSpec } {
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
    scenario: "backdatedIntoOldProject",
    repo: {
      owner: o.login,
      name,
      description: "Double-entry ledger service",
      createdAt: iso(now - 800 * DAY),
      pushedAt: iso(pushAt),
      commits,
      pushes: [{ at: pushAt, commits: commits.length }],
    },
    users: [],
    prerequisites: [],
    label: {
      kind: "fraud",
      // nothing in git shows it: only the host's record of the push does
      expected: [{ rule: "PUSHED_LONG_AFTER_DATES", severity: "WARNING" }],
      maxSeverity: "CRITICAL",
      candidateCommits: n,
      notes: `${n} commits dated over two years inside an 800-day-old project, all pushed at once last week`,
    },
  };
}
