import { mapLimit } from "../github/map-limit.ts";
import { emptyEvidence } from "../github/repo-isolation.ts";
import {
  type GhRepo,
  type GitHubSource,
  GitHubUnavailableError,
  type RepoEvidence,
  type RepoUnavailable,
} from "../github/types.ts";
import type { ExtractedResume } from "../resume/types.ts";
import {
  hiddenTextFlags,
  linkFlags,
  organisations,
  profileMismatchFlags,
  unavailableFlag,
  unmatchedFlag,
} from "./claim-flags.ts";
import { claimRepoRefs, parseRepoUrl, repoKey } from "./claim-links.ts";
import { commitTimeline } from "./commit-timeline.ts";
import { confidenceScore, discreditsMost, type ScoredClaim } from "./confidence-score.ts";
import { groupFindings } from "./findings.ts";
import { sortFlags } from "./flag-order.ts";
import { type ClaimMatch, matchClaims, withRepositoryMentions } from "./match-claims.ts";
import { matchStrength } from "./match-strength.ts";
import { judgeRepo, type RepoVerdict } from "./repo-verdict.ts";
import { resolveLinks } from "./resolve-links.ts";
import { claimBeforeAccount } from "./rules/claim-before-account.ts";
import { confirmedTechnologies } from "./tech-overlap.ts";
import {
  AnalysisFailure,
  type AnalysisOutcome,
  type Flag,
  SEVERITY_RANK,
  type Severity,
  type UnmatchedClaim,
  type VerifiedProject,
} from "./types.ts";

export type { AnalysisOutcome, Flag, VerifiedProject } from "./types.ts";
export { AnalysisFailure } from "./types.ts";

export interface AnalysisInput {
  hostUsername: string;
  resume: ExtractedResume;
  github: GitHubSource;
  /** told once every piece of GitHub evidence is in and only judging and scoring remain */
  onStage?: (stage: "analysing") => void;
  /** repositories whose evidence is gathered at once (GITHUB_CONCURRENCY, default 8) */
  concurrency?: number;
}

export const DEFAULT_GITHUB_CONCURRENCY = 8;

/** The newest server-written time in the evidence: the analysis's "now", so no clock is read. */
function asOfTime(user: { createdAt: string }, repos: GhRepo[]): string {
  let best = user.createdAt;
  for (const r of repos)
    for (const t of [r.pushedAt, r.updatedAt, r.createdAt]) if (t && Date.parse(t) > Date.parse(best)) best = t;
  return best;
}

function worst(flags: Flag[]): Severity | null {
  let w: Severity | null = null;
  for (const f of flags) if (w === null || SEVERITY_RANK[f.severity] < SEVERITY_RANK[w]) w = f.severity;
  return w;
}

function verifiedProject(m: ClaimMatch, v: RepoVerdict, repoFlags: Flag[]): VerifiedProject {
  const dates = v.own.examined
    .map((c) => c.authorDate)
    .sort((a, b) => Date.parse(a) - Date.parse(b) || (a < b ? -1 : 1));
  const total = v.evidence.totalCommitCount;
  return {
    name: m.claim.name,
    repoUrl: `github.com/${v.repo.fullName}`,
    commits: v.own.count,
    ...(v.evidence.candidateCountExact === false || !v.own.exact ? { commitsEstimated: true } : {}),
    matchStrength: matchStrength({
      basis: m.basis ?? "fuzzy",
      commits: v.own.count,
      totalCommits: total,
      forkWithoutOwnWork: v.forkWithoutOwnWork,
      shortBulkDump: v.shortBulkDump,
      forgedHistory: v.flags.some((f) => f.severity === "CRITICAL"),
      mostlyDiscredited: discreditsMost(v.flags),
    }),
    matchedBy: m.basis ?? "fuzzy",
    matchScore: m.score,
    totalCommits: total,
    ownShare: total === 0 ? 0 : Math.round((v.own.count / total) * 100) / 100,
    fork: v.repo.fork,
    firstCommitAt: dates[0] ?? null,
    lastCommitAt: dates[dates.length - 1] ?? null,
    signedCommits: v.own.examined.filter((c) => c.verified).length,
    technologiesConfirmed: confirmedTechnologies(m.claim.technologies, v.evidence),
    worstFlag: worst(repoFlags),
  };
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
 * One verification: fetch the user and their repository list (at once), resolve the resume's links, match
 * claims, fetch evidence only for matched repositories (`concurrency` at once), judge in resume order, and
 * score.
 * Throws AnalysisFailure("no_projects_found" | "github_user_not_found"); GitHub rate-limit and
 * availability errors propagate for the job engine to defer or fail the job.
 * Deterministic: the same resume and the same GitHub answers give a byte-identical outcome.
 */
export async function runAnalysis(input: AnalysisInput): Promise<AnalysisOutcome> {
  const { resume, github } = input;
  const concurrency = Math.max(1, input.concurrency ?? DEFAULT_GITHUB_CONCURRENCY);
  const claims = resume.projects.filter((p) => !p.mentionOnly);
  // without claims the repository-first path may still find the candidate's repositories named in
  // the text; a resume without text to read fails at once, before any GitHub call
  if (claims.length === 0 && (resume.textLines?.length ?? 0) === 0) throw noProjectsFound(resume);
  // the listing does not wait for the account: GitHub resolves the login either way (404 lists nothing)
  const listing = github.listUserRepos(input.hostUsername);
  listing.catch(() => {}); // awaited below, unless the account lookup fails first
  const user = await github.getUser(input.hostUsername);
  if (!user) throw new AnalysisFailure("github_user_not_found", `GitHub has no user named ${input.hostUsername}`);
  const listed = await listing;
  const orgLookups = organisations(resume, user.login, github);
  orgLookups.catch(() => {}); // awaited below; a failure there must not go unhandled meanwhile
  const linkTargets = await resolveLinks(
    user.login,
    claims,
    resume.repoLinksOutsideProjects,
    listed,
    github,
    concurrency,
  );

  const pool = new Map(listed.map((r) => [repoKey(r.owner, r.name), r]));
  for (const link of resume.repoLinksOutsideProjects) {
    const p = link.owner && link.repo ? { owner: link.owner, name: link.repo } : parseRepoUrl(link.repoUrl ?? link.url);
    const target = p ? linkTargets.get(repoKey(p.owner, p.name)) : undefined;
    if (target) pool.set(repoKey(target.owner, target.name), target);
  }
  const matches = withRepositoryMentions(
    matchClaims({ claims, repos: [...pool.values()], linkTargets }),
    listed.filter((r) => r.owner.toLowerCase() === user.login.toLowerCase()),
    resume.textLines ?? [],
  );
  if (matches.length === 0) throw noProjectsFound(resume);

  const verdicts = new Map<string, RepoVerdict>();
  const unavailable = new Map<string, RepoUnavailable>();
  // evidence for every matched repository at once (bounded), judged afterwards in resume order
  const firstMatch = new Map<string, ClaimMatch>();
  for (const m of matches)
    if (m.repo && !firstMatch.has(repoKey(m.repo.owner, m.repo.name)))
      firstMatch.set(repoKey(m.repo.owner, m.repo.name), m);
  const gathered = await mapLimit(
    [...firstMatch.values()],
    concurrency,
    (m): Promise<RepoEvidence> =>
      m.repo!.empty ? Promise.resolve(emptyEvidence(m.repo!)) : github.repoEvidence(m.repo!, user.login),
  );
  for (const [i, m] of [...firstMatch.values()].entries()) {
    const key = repoKey(m.repo!.owner, m.repo!.name);
    const evidence = gathered[i]!;
    if (evidence.unavailable) unavailable.set(key, evidence.unavailable);
    else
      verdicts.set(
        key,
        judgeRepo(user, evidence, {
          name: m.claim.name,
          dates: m.claim.dates,
          description: m.claim.description,
          ...(m.claim.claimedCommits !== undefined ? { claimedCommits: m.claim.claimedCommits } : {}),
        }),
      );
  }
  // several repositories and every one failing with a server error is GitHub down, not one bad repository
  const failing = [...unavailable.values()];
  if (verdicts.size === 0 && failing.length >= 2 && failing.every((u) => u.status >= 500))
    throw new GitHubUnavailableError(`GitHub failed on every matched repository: ${failing[0]!.reason}`, 503);

  const organisationLinks = await orgLookups;
  input.onStage?.("analysing");
  const flags: Flag[] = [...profileMismatchFlags(resume, user.login, organisationLinks), ...hiddenTextFlags(resume)];
  const verifiedProjects: VerifiedProject[] = [];
  const unmatchedClaims: UnmatchedClaim[] = [];
  const scored: ScoredClaim[] = [];
  const flaggedRepos = new Set<string>();
  for (const m of matches) {
    flags.push(...linkFlags(m.claim, linkTargets));
    const gone = m.repo ? unavailable.get(repoKey(m.repo.owner, m.repo.name)) : undefined;
    if (m.repo && gone) {
      const reason = `${m.repo.fullName} could not be read: ${gone.reason}`;
      unmatchedClaims.push({ name: m.claim.name, reason });
      flags.push(unavailableFlag(m.claim.name, m.repo.fullName, gone));
      scored.push({ name: m.claim.name, repo: null, matchStrength: null, commits: 0, linked: true, unavailable: true });
      continue;
    }
    const v = m.repo ? verdicts.get(repoKey(m.repo.owner, m.repo.name)) : undefined;
    if (m.repo && v && !v.accepted) {
      m.reason = `the linked repository ${v.repo.fullName} belongs to ${v.repo.owner} and has no commits by ${user.login}`;
    }
    if (!v?.accepted) {
      unmatchedClaims.push({ name: m.claim.name, reason: m.reason ?? "no matching repository" });
      flags.push(unmatchedFlag(m, user.login));
      scored.push({
        name: m.claim.name,
        repo: null,
        matchStrength: null,
        commits: 0,
        linked: claimRepoRefs(m.claim).length > 0,
      });
      continue;
    }
    if (!flaggedRepos.has(v.repo.fullName)) {
      flaggedRepos.add(v.repo.fullName);
      flags.push(...v.flags);
    }
    const project = verifiedProject(m, v, v.flags);
    verifiedProjects.push(project);
    scored.push({
      name: m.claim.name,
      repo: v.repo.fullName,
      matchStrength: project.matchStrength,
      commits: project.commits,
      linked: claimRepoRefs(m.claim).length > 0,
    });
  }

  const accepted = [...verdicts.values()].filter((v) => v.accepted);
  const hits = claimBeforeAccount({
    user,
    asOf: asOfTime(user, [...listed, ...accepted.map((v) => v.repo)]),
    claims: matches.map((m) => {
      const v = m.repo ? verdicts.get(repoKey(m.repo.owner, m.repo.name)) : undefined;
      return { name: m.claim.name, dates: m.claim.dates, backedByCommits: !!v && v.accepted && v.own.count > 0 };
    }),
    totalCommits: accepted.reduce((s, v) => s + v.own.count, 0),
  });
  for (const h of hits)
    flags.push({
      severity: h.severity,
      message: h.message,
      rule: h.rule,
      evidence: h.evidence,
      ...(h.project ? { project: h.project } : {}),
    });

  // one fact, one weight: flags of one fact are grouped into a finding, weighed once and shown together
  const grouped = groupFindings(sortFlags(flags));
  const sorted = sortFlags(grouped.flags);
  const order = [...new Set(sorted.map((f) => f.finding))];
  const findings = [...grouped.findings].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  const scoreBreakdown = confidenceScore(scored, sorted, resume.projects.length - claims.length);
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
        commitTimeline(v.repo.fullName, v.own.examined, undefined, {
          repoCreatedAt: v.repo.createdAt ?? null,
          accountCreatedAt: user.createdAt,
          ownCommits: v.own.count,
          historyCommits: v.evidence.totalCommitCount,
          severity: worst(v.flags),
        }),
      ),
    githubCalls: github.stats(),
  };
}
