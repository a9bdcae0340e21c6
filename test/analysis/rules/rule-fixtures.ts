import type { RepoRuleContext } from "../../../src/analysis/rules/rule-context.ts";
import type { GhCommit, GhRepo, RepoEvidence } from "../../../src/github/types.ts";
import { evidence, repo, user } from "../fixtures.ts";

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
