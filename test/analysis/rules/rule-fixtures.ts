import type { RepoRuleContext } from "../../../src/analysis/rules/rule-context.ts";
import type { GhCommit, GhRepo, RepoEvidence } from "../../../src/github/types.ts";
import { commit, DAY, evidence, repo, user } from "../fixtures.ts";

export const LOGIN = "ana";

/** A rule context over the candidate's commits (oldest first), with optional repository and evidence overrides. */
export function ctxOf(
  commitsOldestFirst: GhCommit[],
  opts: { repo?: Partial<GhRepo>; evidence?: Partial<RepoEvidence>; userCreated?: string } = {},
): RepoRuleContext {
  const r = repo("ana/tool", opts.repo);
  const e = evidence(r, commitsOldestFirst, opts.evidence);
  return {
    login: LOGIN,
    user: user(LOGIN, opts.userCreated ?? "2015-01-01T00:00:00Z"),
    repo: r,
    evidence: e,
    commits: e.candidateCommits,
    commitCount: e.candidateCommitCount,
  };
}

/** `n` of the candidate's commits a day apart from `start`. */
export const dailyCommits = (n: number, start = Date.parse("2024-01-01T09:00:00Z")): GhCommit[] =>
  Array.from({ length: n }, (_, i) => commit(LOGIN, start + i * DAY));

/** Other authors of a repository: a bot, and an email linked to no account (a work laptop's). */
export const DEPENDABOT = {
  login: "dependabot[bot]",
  email: "49699333+dependabot[bot]@users.noreply.github.com",
  count: 12,
  earliestAuthorDate: "2024-02-01T00:00:00Z",
};
export const LAPTOP_EMAIL = {
  login: null,
  email: "ana@work-laptop.local",
  count: 7,
  earliestAuthorDate: "2024-02-01T00:00:00Z",
};
