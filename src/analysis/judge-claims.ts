import type { GhRepo } from "../github/index.ts";
import type { ClaimedProject } from "../resume/index.ts";
import { linkFlags, unavailableFlag, unmatchedFlag } from "./claim-flags.ts";
import { claimRepoRefs } from "./claim-links.ts";
import type { ScoredClaim } from "./confidence-score.ts";
import type { GatheredEvidence } from "./gather-evidence.ts";
import type { HostAccount } from "./host-accounts.ts";
import type { ClaimMatch } from "./match-claims.ts";
import { hostOfRepo, repoKeyOf, repoLabel } from "./repo-hosts.ts";
import type { RepoVerdict } from "./repo-verdict.ts";
import { claimBeforeAccount } from "./rules/claim-before-account.ts";
import { raise } from "./rules/registry.ts";
import type { Flag, UnmatchedClaim, VerifiedProject } from "./types.ts";
import { verifiedProject } from "./verified-project.ts";

/** What judging the claims in resume order gives: their flags, the verified projects, the rest, and the score's lines. */
export interface JudgedClaims {
  flags: Flag[];
  verifiedProjects: VerifiedProject[];
  unmatchedClaims: UnmatchedClaim[];
  scored: ScoredClaim[];
}

/**
 * Each claim in resume order: its link flags, then an unreadable repository (unverified, not refuted), no
 * accepted repository (unmatched), or a verified project whose repository's flags are added once.
 */
export function judgeClaims(
  matches: readonly ClaimMatch[],
  gathered: GatheredEvidence,
  context: {
    linkTargets: ReadonlyMap<string, GhRepo | null>;
    hosts: ReadonlySet<string>;
    accountOf: (repo: GhRepo) => HostAccount;
    /** the accounts searched, in words (host-accounts.ts searchedText) */
    searched: string;
  },
): JudgedClaims {
  const { linkTargets, hosts, accountOf, searched } = context;
  const out: JudgedClaims = { flags: [], verifiedProjects: [], unmatchedClaims: [], scored: [] };
  const flaggedRepos = new Set<string>();
  for (const m of matches) {
    out.flags.push(...linkFlags(m.claim, linkTargets, hosts));
    const linked = claimRepoRefs(m.claim, hosts).length > 0;
    const gone = m.repo ? gathered.unavailable.get(repoKeyOf(m.repo)) : undefined;
    if (m.repo && gone) {
      const reason = `${repoLabel(m.repo)} could not be read: ${gone.reason}`;
      out.unmatchedClaims.push({
        name: m.claim.name,
        reason,
        ...(m.claim.foundBy ? { foundBy: m.claim.foundBy } : {}),
      });
      out.flags.push(unavailableFlag(m.claim.name, repoLabel(m.repo), gone));
      out.scored.push({
        name: m.claim.name,
        repo: null,
        matchStrength: null,
        commits: 0,
        linked: true,
        unavailable: true,
      });
      continue;
    }
    const v = m.repo ? gathered.verdicts.get(repoKeyOf(m.repo)) : undefined;
    if (m.repo && v && !v.accepted) {
      m.reason = `the linked repository ${repoLabel(v.repo)} belongs to ${v.repo.owner} and has no commits by ${accountOf(v.repo).user.login}`;
    }
    if (!v?.accepted) {
      out.unmatchedClaims.push({
        name: m.claim.name,
        reason: m.reason ?? "no matching repository",
        ...(m.claim.foundBy ? { foundBy: m.claim.foundBy } : {}),
      });
      out.flags.push(unmatchedFlag(m, searched));
      out.scored.push({ name: m.claim.name, repo: null, matchStrength: null, commits: 0, linked });
      continue;
    }
    const label = repoLabel(v.repo);
    if (!flaggedRepos.has(label)) {
      flaggedRepos.add(label);
      out.flags.push(...v.flags);
    }
    const project = verifiedProject(m, v, v.flags);
    out.verifiedProjects.push(project);
    out.scored.push({
      name: m.claim.name,
      repo: label,
      matchStrength: project.matchStrength,
      commits: project.commits,
      linked,
    });
  }
  return out;
}

/**
 * CLAIM_BEFORE_ACCOUNT for each account: the claimed periods against the oldest of the candidate's accounts,
 * and each account's age against the commits its accepted repositories hold.
 */
export function accountFlags(input: {
  accounts: ReadonlyMap<string, HostAccount>;
  oldest: HostAccount;
  asOf: string;
  matches: readonly ClaimMatch[];
  verdicts: ReadonlyMap<string, RepoVerdict>;
  accepted: readonly RepoVerdict[];
}): Flag[] {
  const flags: Flag[] = [];
  for (const a of input.accounts.values()) {
    const hits = claimBeforeAccount({
      user: a.user,
      host: a.host,
      asOf: input.asOf,
      claims: a === input.oldest ? input.matches.map((m) => datedClaim(m.claim, m.repo, input.verdicts)) : [],
      totalCommits: input.accepted.filter((v) => hostOfRepo(v.repo) === a.host).reduce((s, v) => s + v.own.count, 0),
    });
    for (const h of hits)
      flags.push(
        raise({
          severity: h.severity,
          message: h.message,
          rule: h.rule,
          evidence: h.evidence,
          ...(h.project ? { project: h.project } : {}),
        }),
      );
  }
  return flags;
}

/** A claim's dates, and whether its repository holds a counted commit of the candidate. */
function datedClaim(claim: ClaimedProject, repo: GhRepo | null, verdicts: ReadonlyMap<string, RepoVerdict>) {
  const v = repo ? verdicts.get(repoKeyOf(repo)) : undefined;
  return { name: claim.name, dates: claim.dates, backedByCommits: !!v && v.accepted && v.own.count > 0 };
}
