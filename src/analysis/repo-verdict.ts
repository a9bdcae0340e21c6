import type { ForgeEvidence } from "../forges/index.ts";
import type { GhRepo, GhUser, RepoEvidence } from "../github/index.ts";
import { type OwnCommits, ownCommits, sameLogin } from "./own-commits.ts";
import { hostName, hostOfRepo, repoLabel } from "./repo-hosts.ts";
import { evidenceOf, raise } from "./rules/registry.ts";
import { judgeRepository } from "./rules/repo-rules.ts";
import type { RepoRuleContext } from "./rules/rule-context.ts";
import type { Flag } from "./types.ts";

/** What the analysis concluded about one matched repository. */
export interface RepoVerdict {
  repo: GhRepo;
  evidence: RepoEvidence;
  own: OwnCommits;
  /** false when the repository belongs to someone else and holds none of the candidate's commits */
  accepted: boolean;
  flags: Flag[];
  forkWithoutOwnWork: boolean;
  shortBulkDump: boolean;
}

/** True when the host links no commit to an account (GitLab): commits were tied to the candidate by email. */
const unlinkedOnHost = (e: { forge?: ForgeEvidence }) =>
  e.forge?.capabilities.lacks.some((l) => l.evidence === "commit-accounts") ?? false;

/**
 * Judges one repository for one candidate: counts their own commits, runs the forensic rules, and adds
 * EMPTY_REPO / NO_CANDIDATE_COMMITS when there is nothing to credit. A repository owned by someone else
 * counts only when the candidate has commits there (accepted = false otherwise, and no rule runs).
 */
export function judgeRepo(
  user: GhUser,
  evidence: RepoEvidence & { forge?: ForgeEvidence },
  claim?: RepoRuleContext["claim"],
): RepoVerdict {
  const repo = evidence.repo;
  const label = repoLabel(repo);
  const own = ownCommits(evidence, user.login);
  const owned = sameLogin(repo.owner, user.login);
  const base = { repo, evidence, own, forkWithoutOwnWork: false, shortBulkDump: false };
  if (!owned && own.count === 0) return { ...base, accepted: false, flags: [] };
  const hits = judgeRepository({
    login: user.login,
    user,
    repo,
    evidence,
    commits: own.examined,
    // the rules judge every commit under the candidate's identity, automated ones included
    commitCount: own.count + own.automatedExcluded,
    automation: own.automation
      ? {
          found: own.automation,
          humanCommits: own.count,
          automatedCommits: own.automatedExcluded,
          exact: own.exact,
        }
      : null,
    ...(claim ? { claim } : {}),
  });
  const flags: Flag[] = hits.map((h) =>
    raise({
      severity: h.severity,
      message: h.message,
      rule: h.rule,
      repo: label,
      evidence: h.evidence,
    }),
  );
  if (repo.empty || evidence.totalCommitCount === 0) {
    flags.push(
      raise({
        severity: "WARNING",
        rule: "EMPTY_REPO",
        repo: label,
        message: `${label}: the repository is empty; there is no work in it to verify (the work may not be pushed yet)`,
      }),
    );
  } else if (
    own.count === 0 &&
    !hits.some((h) => h.rule === "FORK_AS_OWN" || h.rule === "FOREIGN_HISTORY" || h.rule === "AUTOMATED_COMMITS")
  ) {
    flags.push(
      raise({
        severity: "WARNING",
        rule: "NO_CANDIDATE_COMMITS",
        repo: label,
        message: unlinkedOnHost(evidence)
          ? `${label}: ${hostName(hostOfRepo(repo))} links no commit to an account, and none of its ${evidence.totalCommitCount} commits carries an email tied to ${user.login} (the profile's public email, the host's noreply address, or a commit ${user.login} pushed); commits made under another email do not count here`
          : `${label}: none of its ${evidence.totalCommitCount} commits are linked to ${user.login}'s account; commits made under an email the account does not list do not count here`,
        evidence: { totalCommits: evidence.totalCommitCount },
      }),
    );
  }
  return {
    ...base,
    accepted: true,
    flags,
    forkWithoutOwnWork: hits.some((h) => h.rule === "FORK_AS_OWN"),
    shortBulkDump: hits.some((h) => evidenceOf(h, "BULK_DUMP")?.shortHistory === 1),
  };
}
