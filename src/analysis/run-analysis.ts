import { ForgeUnavailableError, githubForge } from "../forges/index.ts";
import {
  emptyEvidence,
  type GhRepo,
  type GhUser,
  type GitHubSource,
  GitHubUnavailableError,
  mapLimit,
  type RepoEvidence,
  type RepoUnavailable,
} from "../github/index.ts";
import type { ExtractedResume } from "../resume/index.ts";
import {
  hiddenTextFlags,
  linkFlags,
  organisations,
  profileMismatchFlags,
  unavailableFlag,
  unmatchedFlag,
  unreadHostFlags,
} from "./claim-flags.ts";
import { claimRepoRefs, linkRepo } from "./claim-links.ts";
import { commitTimeline } from "./commit-timeline.ts";
import { confidenceScore, type ScoredClaim } from "./confidence-score.ts";
import { groupFindings } from "./findings.ts";
import { sortFlags } from "./flag-order.ts";
import { type AccountSource, type HostAccount, oldestAccount, openAccounts, searchedText } from "./host-accounts.ts";
import { type ClaimMatch, matchClaims, withRepositoryMentions } from "./match-claims.ts";
import { hostOfRepo, hostRepoKey, isGitHub, repoKeyOf, repoLabel } from "./repo-hosts.ts";
import { judgeRepo, type RepoVerdict } from "./repo-verdict.ts";
import { resolveLinks } from "./resolve-links.ts";
import { claimBeforeAccount } from "./rules/claim-before-account.ts";
import { raise } from "./rules/registry.ts";
import {
  AnalysisFailure,
  type AnalysisOutcome,
  type Flag,
  type UnmatchedClaim,
  type VerifiedProject,
} from "./types.ts";
import { verifiedProject, worst } from "./verified-project.ts";

export type { AccountSource } from "./host-accounts.ts";
export type { AnalysisOutcome, Flag, VerifiedProject } from "./types.ts";
export { AnalysisFailure } from "./types.ts";

export interface AnalysisInput {
  /** the candidate's GitHub login; "" when the verification names accounts on other hosts only */
  hostUsername: string;
  resume: ExtractedResume;
  github: GitHubSource;
  /** the candidate's accounts on other hosts (GitLab, Gitea/Forgejo), one per host, each with its host's source */
  accounts?: readonly AccountSource[];
  /**
   * hosts the service could read had it been given an account there (GitHub and the configured forges): a
   * profile or repository the resume links on one of them without an account is named (HOST_NOT_CHECKED)
   */
  readableHosts?: readonly string[];
  /** told once every piece of evidence is in and only judging and scoring remain */
  onStage?: (stage: "analysing") => void;
  /** repositories whose evidence is gathered at once (GITHUB_CONCURRENCY, default 8) */
  concurrency?: number;
}

export const DEFAULT_GITHUB_CONCURRENCY = 8;

/** The newest server-written time in the evidence: the analysis's "now", so no clock is read. */
function asOfTime(users: readonly GhUser[], repos: GhRepo[]): string {
  let best = users[0]!.createdAt;
  for (const t of users.map((u) => u.createdAt)) if (Date.parse(t) > Date.parse(best)) best = t;
  for (const r of repos)
    for (const t of [r.pushedAt, r.updatedAt, r.createdAt]) if (t && Date.parse(t) > Date.parse(best)) best = t;
  return best;
}

function noProjectsFound(resume: ExtractedResume): AnalysisFailure {
  return new AnalysisFailure(
    "no_projects_found",
    resume.projects.length > 0
      ? "the resume only mentions other people's projects; it claims none as the candidate's own work"
      : "no projects were found in the resume: it needs a Projects section, repository links, or the names of the candidate's repositories, to verify",
  );
}

/**
 * One verification: read every account named (GitHub's hostUsername, and the accounts on other hosts) at
 * once, resolve the resume's links on those hosts, match claims across them, fetch evidence only for
 * matched repositories (`concurrency` at once), each from its own host, judge in resume order, and score.
 * Throws AnalysisFailure("no_projects_found" | "github_user_not_found" | "account_not_found"); a host's
 * rate-limit and availability errors propagate for the job engine to defer or fail the job.
 * Deterministic: the same resume and the same hosts' answers give a byte-identical outcome.
 */
export async function runAnalysis(input: AnalysisInput): Promise<AnalysisOutcome> {
  const { resume, github } = input;
  const concurrency = Math.max(1, input.concurrency ?? DEFAULT_GITHUB_CONCURRENCY);
  const claims = resume.projects.filter((p) => !p.mentionOnly);
  // without claims the repository-first path may still find the candidate's repositories named in
  // the text; a resume without text to read fails at once, before any call to a host
  if (claims.length === 0 && (resume.textLines?.length ?? 0) === 0) throw noProjectsFound(resume);
  const named: AccountSource[] = [
    ...(input.hostUsername.trim() !== "" ? [{ source: githubForge(github), login: input.hostUsername.trim() }] : []),
    ...(input.accounts ?? []),
  ];
  if (named.length === 0)
    throw new AnalysisFailure(
      "account_not_found",
      "the verification names no account: give a hostUsername or accounts",
    );
  const accounts = await openAccounts(named);
  const hosts = new Set(accounts.keys());
  const accountOf = (repo: GhRepo): HostAccount => accounts.get(hostOfRepo(repo))!;
  const orgLookups = Promise.all(
    [...accounts.values()].map((a) => organisations(resume, a.user.login, a.source, a.host)),
  );
  orgLookups.catch(() => {}); // awaited below; a failure there must not go unhandled meanwhile
  const linkTargets = await resolveLinks(accounts, claims, resume.repoLinksOutsideProjects, concurrency);

  const listed = [...accounts.values()].flatMap((a) => a.listed);
  const pool = new Map(listed.map((r) => [repoKeyOf(r), r]));
  for (const link of resume.repoLinksOutsideProjects) {
    const p = linkRepo(link);
    const target = p && hosts.has(p.host) ? linkTargets.get(hostRepoKey(p.host, p.owner, p.name)) : undefined;
    if (target) pool.set(repoKeyOf(target), target);
  }
  const matches = withRepositoryMentions(
    matchClaims({ claims, repos: [...pool.values()], linkTargets, hosts }),
    [...accounts.values()].flatMap((a) => a.listed.filter((r) => r.owner.toLowerCase() === a.user.login.toLowerCase())),
    resume.textLines ?? [],
  );
  if (matches.length === 0) throw noProjectsFound(resume);

  const verdicts = new Map<string, RepoVerdict>();
  const unavailable = new Map<string, RepoUnavailable>();
  // evidence for every matched repository at once (bounded), each from its host, judged afterwards in resume order
  const firstMatch = new Map<string, ClaimMatch>();
  for (const m of matches) if (m.repo && !firstMatch.has(repoKeyOf(m.repo))) firstMatch.set(repoKeyOf(m.repo), m);
  const gathered = await mapLimit(
    [...firstMatch.values()],
    concurrency,
    (m): Promise<RepoEvidence> =>
      m.repo!.empty
        ? Promise.resolve(emptyEvidence(m.repo!))
        : accountOf(m.repo!).source.repoEvidence(m.repo!, accountOf(m.repo!).user.login),
  );
  for (const [i, m] of [...firstMatch.values()].entries()) {
    const key = repoKeyOf(m.repo!);
    const evidence = gathered[i]!;
    if (evidence.unavailable) unavailable.set(key, evidence.unavailable);
    else
      verdicts.set(
        key,
        judgeRepo(accountOf(m.repo!).user, evidence, {
          name: m.claim.name,
          dates: m.claim.dates,
          description: m.claim.description,
          ...(m.claim.claimedCommits !== undefined ? { claimedCommits: m.claim.claimedCommits } : {}),
        }),
      );
  }
  // several repositories on a host and every one failing with a server error is that host down, not one bad repository
  for (const host of hosts) {
    const onHost = (key: string) => hostOfRepo(firstMatch.get(key)!.repo!) === host;
    const failing = [...unavailable].filter(([k]) => onHost(k)).map(([, u]) => u);
    if (![...verdicts.keys()].some(onHost) && failing.length >= 2 && failing.every((u) => u.status >= 500)) {
      if (isGitHub(host))
        throw new GitHubUnavailableError(`GitHub failed on every matched repository: ${failing[0]!.reason}`, 503);
      throw new ForgeUnavailableError(`${host} failed on every matched repository: ${failing[0]!.reason}`, host, 503);
    }
  }

  const organisationLinks = await orgLookups;
  input.onStage?.("analysing");
  const flags: Flag[] = [
    ...[...accounts.values()].flatMap((a, i) =>
      profileMismatchFlags(resume, a.user.login, organisationLinks[i], a.host),
    ),
    ...(input.readableHosts ? unreadHostFlags(resume, input.readableHosts, hosts) : []),
    ...hiddenTextFlags(resume),
  ];
  const verifiedProjects: VerifiedProject[] = [];
  const unmatchedClaims: UnmatchedClaim[] = [];
  const scored: ScoredClaim[] = [];
  const flaggedRepos = new Set<string>();
  const searched = searchedText(accounts);
  for (const m of matches) {
    flags.push(...linkFlags(m.claim, linkTargets, hosts));
    const linked = claimRepoRefs(m.claim, hosts).length > 0;
    const gone = m.repo ? unavailable.get(repoKeyOf(m.repo)) : undefined;
    if (m.repo && gone) {
      const reason = `${repoLabel(m.repo)} could not be read: ${gone.reason}`;
      unmatchedClaims.push({ name: m.claim.name, reason });
      flags.push(unavailableFlag(m.claim.name, repoLabel(m.repo), gone));
      scored.push({ name: m.claim.name, repo: null, matchStrength: null, commits: 0, linked: true, unavailable: true });
      continue;
    }
    const v = m.repo ? verdicts.get(repoKeyOf(m.repo)) : undefined;
    if (m.repo && v && !v.accepted) {
      m.reason = `the linked repository ${repoLabel(v.repo)} belongs to ${v.repo.owner} and has no commits by ${accountOf(v.repo).user.login}`;
    }
    if (!v?.accepted) {
      unmatchedClaims.push({ name: m.claim.name, reason: m.reason ?? "no matching repository" });
      flags.push(unmatchedFlag(m, searched));
      scored.push({ name: m.claim.name, repo: null, matchStrength: null, commits: 0, linked });
      continue;
    }
    const label = repoLabel(v.repo);
    if (!flaggedRepos.has(label)) {
      flaggedRepos.add(label);
      flags.push(...v.flags);
    }
    const project = verifiedProject(m, v, v.flags);
    verifiedProjects.push(project);
    scored.push({
      name: m.claim.name,
      repo: label,
      matchStrength: project.matchStrength,
      commits: project.commits,
      linked,
    });
  }

  const accepted = [...verdicts.values()].filter((v) => v.accepted);
  const oldest = oldestAccount(accounts);
  const asOf = asOfTime(
    [...accounts.values()].map((a) => a.user),
    [...listed, ...accepted.map((v) => v.repo)],
  );
  for (const a of accounts.values()) {
    const hits = claimBeforeAccount({
      user: a.user,
      host: a.host,
      asOf,
      // a claimed period is measured against the oldest of the candidate's accounts
      claims:
        a === oldest
          ? matches.map((m) => {
              const v = m.repo ? verdicts.get(repoKeyOf(m.repo)) : undefined;
              return {
                name: m.claim.name,
                dates: m.claim.dates,
                backedByCommits: !!v && v.accepted && v.own.count > 0,
              };
            })
          : [],
      totalCommits: accepted.filter((v) => hostOfRepo(v.repo) === a.host).reduce((s, v) => s + v.own.count, 0),
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

  // one fact, one weight: flags of one fact are grouped into a finding, weighed once and shown together
  const grouped = groupFindings(sortFlags(flags));
  const sorted = sortFlags(grouped.flags);
  const order = [...new Set(sorted.map((f) => f.finding))];
  const findings = [...grouped.findings].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  const scoreBreakdown = confidenceScore(scored, sorted, resume.projects.length - claims.length);
  const calls = [...accounts.values()].map((a) => a.source.stats());
  return {
    confidenceScore: scoreBreakdown.score,
    verifiedProjects,
    flags: sorted,
    findings,
    scoreBreakdown,
    unmatchedClaims,
    commitTimelines: accepted
      .filter((v) => v.own.examined.length > 0)
      .map((v) =>
        commitTimeline(repoLabel(v.repo), v.own.examined, undefined, {
          repoCreatedAt: v.repo.createdAt ?? null,
          accountCreatedAt: accountOf(v.repo).user.createdAt,
          ownCommits: v.own.count,
          historyCommits: v.evidence.totalCommitCount,
          severity: worst(v.flags),
        }),
      ),
    githubCalls: {
      calls: calls.reduce((s, c) => s + c.calls, 0),
      notModified: calls.reduce((s, c) => s + c.notModified, 0),
    },
  };
}
