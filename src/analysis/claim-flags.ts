import type { GhRepo, GitHubSource, RepoUnavailable } from "../github/types.ts";
import type { ClaimedProject, ExtractedResume } from "../resume/types.ts";
import { claimRepoRefs, repoKey, visibleRepo } from "./claim-links.ts";
import type { ClaimMatch } from "./match-claims.ts";
import type { Flag } from "./types.ts";

/** Characters of hidden text quoted in a flag: enough to show what was stuffed. */
export const HIDDEN_TEXT_QUOTE = 80;

/** Other GitHub profiles the resume links, looked up at most this many (one call each). */
export const MAX_PROFILE_LOOKUPS = 3;

const otherProfiles = (resume: ExtractedResume, hostUsername: string): string[] =>
  [
    ...new Set(
      resume.githubProfiles
        .map((p) => p.owner ?? "")
        .filter((o) => o !== "" && o.toLowerCase() !== hostUsername.toLowerCase()),
    ),
  ].sort();

/** Which of the other profiles the resume links are organisations (an employer, a project): lowercased. */
export async function organisations(
  resume: ExtractedResume,
  hostUsername: string,
  github: Pick<GitHubSource, "getUser">,
): Promise<Set<string>> {
  const orgs = new Set<string>();
  for (const login of otherProfiles(resume, hostUsername).slice(0, MAX_PROFILE_LOOKUPS)) {
    const u = await github.getUser(login);
    if (u?.type === "Organization") orgs.add(login.toLowerCase());
  }
  return orgs;
}

/**
 * A GitHub profile in the PDF that is not the account being verified: WARNING (which account is theirs?).
 * A link to an organisation (github.com/<org>: an employer, a project) is not someone else's profile.
 */
export function profileMismatchFlags(
  resume: ExtractedResume,
  hostUsername: string,
  orgs: ReadonlySet<string> = new Set(),
): Flag[] {
  const others = otherProfiles(resume, hostUsername).filter((o) => !orgs.has(o.toLowerCase()));
  if (others.length === 0) return [];
  return [
    {
      severity: "WARNING",
      rule: "PROFILE_MISMATCH",
      message: `the resume links the GitHub profile ${others.map((o) => `github.com/${o}`).join(", ")}, but the verification was requested for ${hostUsername}; an old or a work account linked by mistake is the usual reason, so ask which is theirs`,
      evidence: { profiles: others.join(",") },
    },
  ];
}

/** Text a reader cannot see (white, tiny, off-page, covered): keyword stuffing for screening software. WARNING. */
export function hiddenTextFlags(resume: ExtractedResume): Flag[] {
  if (resume.hiddenText.length === 0) return [];
  const reasons = [...new Set(resume.hiddenText.map((h) => h.reason))].sort();
  const pages = [...new Set(resume.hiddenText.map((h) => h.page))].sort((a, b) => a - b);
  const joined = resume.hiddenText
    .map((h) => h.text.trim())
    .filter((t) => t !== "")
    .join(" / ");
  const quote = joined.length > HIDDEN_TEXT_QUOTE ? `${joined.slice(0, HIDDEN_TEXT_QUOTE - 3)}...` : joined;
  const chars = resume.hiddenText.reduce((s, h) => s + h.text.length, 0);
  return [
    {
      severity: "WARNING",
      rule: "HIDDEN_TEXT",
      message: `the PDF hides ${chars} characters of text a reader cannot see (${reasons.join(", ")}, page ${pages.join(", ")}): "${quote}"; some templates hide text by accident, but stuffed keywords are written for screening software`,
      evidence: { passages: resume.hiddenText.length, characters: chars },
    },
  ];
}

/**
 * Flags about a claim's links: a link whose visible URL names another repository than its target, or
 * that the extractor marks as differing from its target (WARNING), a linked repository that does not exist (WARNING), a link that GitHub redirected to a
 * renamed repository (INFO).
 */
export function linkFlags(claim: ClaimedProject, linkTargets: ReadonlyMap<string, GhRepo | null>): Flag[] {
  const flags: Flag[] = [];
  for (const ref of claimRepoRefs(claim)) {
    const target = linkTargets.get(ref.key);
    const shown = ref.link ? visibleRepo(ref.link) : null;
    const sameRepo = shown !== null && repoKey(shown.owner, shown.name) === ref.key;
    if (ref.link && !sameRepo && (shown !== null || ref.link.visibleDiffers)) {
      const reads = shown ? `github.com/${shown.owner}/${shown.name}` : (ref.link.visibleText ?? "").trim();
      flags.push({
        severity: "WARNING",
        rule: "LINK_TEXT_MISMATCH",
        project: claim.name,
        repo: `${ref.owner}/${ref.name}`,
        message: `"${claim.name}": the link reads ${reads} but points to github.com/${ref.owner}/${ref.name}; a link kept from an older resume can point elsewhere by mistake`,
      });
    }
    if (target === null) {
      flags.push({
        severity: "WARNING",
        rule: "LINKED_REPO_NOT_FOUND",
        project: claim.name,
        repo: `${ref.owner}/${ref.name}`,
        message: `"${claim.name}" links github.com/${ref.owner}/${ref.name}, which does not exist or is not public; it may have been made private, renamed or deleted since the resume was written`,
      });
    } else if (target?.renamedFrom) {
      flags.push({
        severity: "INFO",
        rule: "RENAMED_REPO",
        project: claim.name,
        repo: target.fullName,
        message: `"${claim.name}" links github.com/${ref.owner}/${ref.name}, which GitHub redirects to its current name ${target.fullName}`,
      });
    }
  }
  return flags;
}

/** A claimed project with no public repository behind it: a WARNING, not an error. */
export function unmatchedFlag(match: ClaimMatch, hostUsername: string): Flag {
  return {
    severity: "WARNING",
    rule: "UNMATCHED_CLAIM",
    project: match.claim.name,
    message: `claimed project "${match.claim.name}" could not be verified on GitHub for ${hostUsername}: ${match.reason ?? "no matching repository"}; unverified is not refuted, closed-source or employer work has no public repository`,
  };
}

/**
 * A claimed repository GitHub would not serve (blocked, gone since it was listed, failing): the claim is
 * unverifiable, not refuted, and the rest of the verification went on. WARNING naming the reason.
 */
export function unavailableFlag(project: string, repo: string, u: RepoUnavailable): Flag {
  return {
    severity: "WARNING",
    rule: "REPO_UNAVAILABLE",
    project,
    repo,
    message: `"${project}": ${repo} could not be checked, ${u.reason}; the claim is unverified, not refuted`,
    evidence: { status: u.status },
  };
}
