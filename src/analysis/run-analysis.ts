import { githubForge } from "../forges/index.ts";
import type { GhRepo, GhUser, GitHubSource } from "../github/index.ts";
import type { ExtractedResume } from "../resume/index.ts";
import { hiddenTextFlags, organisations, profileMismatchFlags, unreadHostFlags } from "./claim-flags.ts";
import { claimRepoRefs, linkRepo } from "./claim-links.ts";
import { type CommitTimeline, commitTimeline } from "./commit-timeline.ts";
import { confidenceScore } from "./confidence-score.ts";
import { groupFindings } from "./findings.ts";
import { sortFlags } from "./flag-order.ts";
import { failWhenHostDown, gatherEvidence } from "./gather-evidence.ts";
import { type AccountSource, type HostAccount, oldestAccount, openAccounts, searchedText } from "./host-accounts.ts";
import { accountFlags, judgeClaims } from "./judge-claims.ts";
import { type ClaimMatch, matchClaims } from "./match-claims.ts";
import { hostOfRepo, hostRepoKey, repoKeyOf, repoLabel } from "./repo-hosts.ts";
import type { RepoVerdict } from "./repo-verdict.ts";
import { withRepositoryMentions } from "./repository-first.ts";
import { resolveLinks } from "./resolve-links.ts";
import { AnalysisFailure, type AnalysisOutcome, type Flag } from "./types.ts";
import { worst } from "./verified-project.ts";

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
 * The claims matched to the candidate's repositories: the accounts' listings and the repositories the
 * resume links outside its projects, then the candidate's own repositories the resume's text mentions
 * (searched wider when the extractor read the document with low confidence: repository-first.ts).
 */
function claimMatches(
  resume: ExtractedResume,
  claims: ExtractedResume["projects"],
  accounts: ReadonlyMap<string, HostAccount>,
  linkTargets: ReadonlyMap<string, GhRepo | null>,
): ClaimMatch[] {
  const hosts = new Set(accounts.keys());
  const pool = new Map([...accounts.values()].flatMap((a) => a.listed).map((r) => [repoKeyOf(r), r]));
  for (const link of resume.repoLinksOutsideProjects) {
    const p = linkRepo(link);
    const target = p && hosts.has(p.host) ? linkTargets.get(hostRepoKey(p.host, p.owner, p.name)) : undefined;
    if (target) pool.set(repoKeyOf(target), target);
  }
  return withRepositoryMentions(
    matchClaims({ claims, repos: [...pool.values()], linkTargets, hosts }),
    [...accounts.values()].flatMap((a) => a.listed.filter((r) => r.owner.toLowerCase() === a.user.login.toLowerCase())),
    resume.textLines ?? [],
    { wide: resume.extraction?.repositoryFirst === true },
  );
}

/** Per accepted repository with examined commits, the candidate's commits as author vs committer date. */
function timelinesOf(accepted: readonly RepoVerdict[], accountOf: (repo: GhRepo) => HostAccount): CommitTimeline[] {
  return accepted
    .filter((v) => v.own.examined.length > 0)
    .map((v) =>
      commitTimeline(repoLabel(v.repo), v.own.examined, undefined, {
        repoCreatedAt: v.repo.createdAt ?? null,
        accountCreatedAt: accountOf(v.repo).user.createdAt,
        ownCommits: v.own.count,
        historyCommits: v.evidence.totalCommitCount,
        severity: worst(v.flags),
      }),
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
  // the candidate's linked repositories: their evidence may ride along with the account's first read
  if (input.hostUsername.trim() !== "")
    github.expectRepos?.(
      input.hostUsername.trim(),
      claims.flatMap((c) => claimRepoRefs(c)),
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
  const matches = claimMatches(resume, claims, accounts, linkTargets);
  if (matches.length === 0) throw noProjectsFound(resume);

  const gathered = await gatherEvidence(matches, accountOf, concurrency);
  failWhenHostDown(hosts, gathered);

  const organisationLinks = await orgLookups;
  input.onStage?.("analysing");
  const judged = judgeClaims(matches, gathered, { linkTargets, hosts, accountOf, searched: searchedText(accounts) });
  const flags: Flag[] = [
    ...[...accounts.values()].flatMap((a, i) =>
      profileMismatchFlags(resume, a.user.login, organisationLinks[i], a.host),
    ),
    ...(input.readableHosts ? unreadHostFlags(resume, input.readableHosts, hosts) : []),
    ...hiddenTextFlags(resume),
    ...judged.flags,
  ];
  const { verdicts } = gathered;
  const accepted = [...verdicts.values()].filter((v) => v.accepted);
  const asOf = asOfTime(
    [...accounts.values()].map((a) => a.user),
    [...listed, ...accepted.map((v) => v.repo)],
  );
  flags.push(...accountFlags({ accounts, oldest: oldestAccount(accounts), asOf, matches, verdicts, accepted }));

  // one fact, one weight: flags of one fact are grouped into a finding, weighed once and shown together
  const grouped = groupFindings(sortFlags(flags));
  const sorted = sortFlags(grouped.flags);
  const order = [...new Set(sorted.map((f) => f.finding))];
  const findings = [...grouped.findings].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  const scoreBreakdown = confidenceScore(judged.scored, sorted, resume.projects.length - claims.length);
  const calls = [...accounts.values()].map((a) => a.source.stats());
  return {
    confidenceScore: scoreBreakdown.score,
    verifiedProjects: judged.verifiedProjects,
    flags: sorted,
    findings,
    scoreBreakdown,
    unmatchedClaims: judged.unmatchedClaims,
    ...(resume.extraction ? { extraction: resume.extraction } : {}),
    commitTimelines: timelinesOf(accepted, accountOf),
    githubCalls: {
      calls: calls.reduce((s, c) => s + c.calls, 0),
      notModified: calls.reduce((s, c) => s + c.notModified, 0),
    },
  };
}
