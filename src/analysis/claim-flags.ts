import type { GhRepo, GitHubSource, RepoUnavailable } from "../github/index.ts";
import type { ClaimedProject, ExtractedResume, ResumeLink } from "../resume/index.ts";
import { claimRepoRefs, GITHUB_ONLY, linkRepo, parseHostRepoUrl, repoKey, visibleRepo } from "./claim-links.ts";
import type { ClaimMatch } from "./match-claims.ts";
import { GITHUB_HOST, hostName, isGitHub, profileUrl, repoLabel } from "./repo-hosts.ts";
import { raise } from "./rules/registry.ts";
import type { Flag } from "./types.ts";

/** Characters of hidden text quoted in a flag: enough to show what was stuffed. */
export const HIDDEN_TEXT_QUOTE = 80;

/** Other profiles the resume links on one host, looked up at most this many (one call each). */
export const MAX_PROFILE_LOOKUPS = 3;

/** The profile links the resume holds on `host` (GitHub's, or another forge's). */
export function profilesOn(resume: ExtractedResume, host: string): ResumeLink[] {
  if (isGitHub(host)) return resume.githubProfiles;
  return (resume.forgeProfiles ?? []).filter((p) => (p.host ?? "").toLowerCase() === host.toLowerCase());
}

const otherProfiles = (resume: ExtractedResume, login: string, host: string): string[] =>
  [
    ...new Set(
      profilesOn(resume, host)
        .map((p) => p.owner ?? "")
        .filter((o) => o !== "" && o.toLowerCase() !== login.toLowerCase()),
    ),
  ].sort();

/**
 * Which of the other profiles the resume links on a host are not a person's account: GitHub's
 * organisations (an employer, a project); on GitLab and Gitea/Forgejo also a name the host knows no user
 * by (a group). Lowercased.
 */
export async function organisations(
  resume: ExtractedResume,
  login: string,
  source: Pick<GitHubSource, "getUser">,
  host = GITHUB_HOST,
): Promise<Set<string>> {
  const orgs = new Set<string>();
  for (const other of otherProfiles(resume, login, host).slice(0, MAX_PROFILE_LOOKUPS)) {
    const u = await source.getUser(other);
    if (u?.type === "Organization" || (u === null && !isGitHub(host))) orgs.add(other.toLowerCase());
  }
  return orgs;
}

/**
 * A profile in the PDF on a host that is not the account being verified there: WARNING (which account is
 * theirs?). A link to an organisation or a group (github.com/<org>: an employer, a project) is not someone
 * else's profile.
 */
export function profileMismatchFlags(
  resume: ExtractedResume,
  login: string,
  orgs: ReadonlySet<string> = new Set(),
  host = GITHUB_HOST,
): Flag[] {
  const others = otherProfiles(resume, login, host).filter((o) => !orgs.has(o.toLowerCase()));
  if (others.length === 0) return [];
  const whose = isGitHub(host) ? `the GitHub profile` : `the ${host} profile`;
  const asked = isGitHub(host) ? login : `${host} account ${login}`;
  return [
    raise({
      severity: "WARNING",
      rule: "PROFILE_MISMATCH",
      message: `the resume links ${whose} ${others.map((o) => profileUrl(host, o)).join(", ")}, but the verification was requested for ${asked}; an old or a work account linked by mistake is the usual reason, so ask which is theirs`,
      evidence: { profiles: others.join(","), ...(isGitHub(host) ? {} : { host }) },
    }),
  ];
}

/**
 * A host the verification could read but was given no account on, while the resume links a profile or a
 * repository there: INFO naming what was left unread and how to have it read. Nothing is guessed about
 * whose work is there.
 */
export function hostNotCheckedFlag(host: string, profiles: readonly string[], repos: readonly string[]): Flag {
  const what = [
    ...profiles.map((p) => `the profile ${profileUrl(host, p)}`),
    ...(repos.length > 0 ? [`${repos.length === 1 ? "the repository" : "the repositories"} ${repos.join(", ")}`] : []),
  ].join(" and ");
  const field = isGitHub(host) ? "hostUsername" : `accounts (${host}:<username>)`;
  return raise({
    severity: "INFO",
    rule: "HOST_NOT_CHECKED",
    message: `the resume links ${what}, but the verification names no ${hostName(host)} account, so nothing there was read; give the candidate's ${hostName(host)} username in ${field} to have it checked`,
    evidence: { host, profiles: profiles.length, repositories: repos.length },
  });
}

/** The profiles and repositories the resume links on a readable host the verification has no account on. */
export function unreadHostFlags(
  resume: ExtractedResume,
  readable: readonly string[],
  read: ReadonlySet<string>,
): Flag[] {
  const flags: Flag[] = [];
  for (const host of [...new Set([GITHUB_HOST, ...readable.map((h) => h.toLowerCase())])]) {
    if (read.has(host)) continue;
    const profiles = [...new Set(profilesOn(resume, host).flatMap((p) => (p.owner ? [p.owner] : [])))].sort();
    const links = [
      ...resume.projects.flatMap((p) => [...p.repoLinks.map(linkRepo), p.repoUrl ? parseHostRepoUrl(p.repoUrl) : null]),
      ...resume.repoLinksOutsideProjects.map(linkRepo),
    ];
    const repos = [
      ...new Set(links.flatMap((l) => (l && l.host === host ? [`${l.host}/${l.owner}/${l.name}`] : []))),
    ].sort();
    if (profiles.length + repos.length > 0) flags.push(hostNotCheckedFlag(host, profiles, repos));
  }
  return flags;
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
    raise({
      severity: "WARNING",
      rule: "HIDDEN_TEXT",
      message: `the PDF hides ${chars} characters of text a reader cannot see (${reasons.join(", ")}, page ${pages.join(", ")}): "${quote}"; some templates hide text by accident, but stuffed keywords are written for screening software`,
      evidence: { passages: resume.hiddenText.length, characters: chars },
    }),
  ];
}

/**
 * Flags about a claim's links: a link whose visible URL names another repository than its target, or
 * that the extractor marks as differing from its target (WARNING), a linked repository that does not exist (WARNING), a link that GitHub redirected to a
 * renamed repository (INFO).
 */
export function linkFlags(
  claim: ClaimedProject,
  linkTargets: ReadonlyMap<string, GhRepo | null>,
  hosts: ReadonlySet<string> = GITHUB_ONLY,
): Flag[] {
  const flags: Flag[] = [];
  for (const ref of claimRepoRefs(claim, hosts)) {
    const target = linkTargets.get(ref.key);
    const shown = ref.link ? visibleRepo(ref.link) : null;
    const sameRepo = shown !== null && isGitHub(ref.host) && repoKey(shown.owner, shown.name) === ref.key;
    const url = `${ref.host}/${ref.owner}/${ref.name}`;
    const label = isGitHub(ref.host) ? `${ref.owner}/${ref.name}` : url;
    if (ref.link && !sameRepo && (shown !== null || ref.link.visibleDiffers)) {
      const reads = shown ? `github.com/${shown.owner}/${shown.name}` : (ref.link.visibleText ?? "").trim();
      flags.push(
        raise({
          severity: "WARNING",
          rule: "LINK_TEXT_MISMATCH",
          project: claim.name,
          repo: label,
          message: `"${claim.name}": the link reads ${reads} but points to ${url}; a link kept from an older resume can point elsewhere by mistake`,
        }),
      );
    }
    if (target === null) {
      flags.push(
        raise({
          severity: "WARNING",
          rule: "LINKED_REPO_NOT_FOUND",
          project: claim.name,
          repo: label,
          message: `"${claim.name}" links ${url}, which does not exist or is not public; it may have been made private, renamed or deleted since the resume was written`,
        }),
      );
    } else if (target?.renamedFrom) {
      flags.push(
        raise({
          severity: "INFO",
          rule: "RENAMED_REPO",
          project: claim.name,
          repo: repoLabel(target),
          message: `"${claim.name}" links ${url}, which ${hostName(ref.host)} redirects to its current name ${target.fullName}`,
        }),
      );
    }
  }
  return flags;
}

/**
 * A claimed project with no public repository behind it: a WARNING, not an error. `searched` names the
 * accounts searched, host by host ("GitHub for hana", "GitHub for hana or gitlab.com for hana2").
 */
export function unmatchedFlag(match: ClaimMatch, searched: string): Flag {
  return raise({
    severity: "WARNING",
    rule: "UNMATCHED_CLAIM",
    project: match.claim.name,
    message: `claimed project "${match.claim.name}" could not be verified on ${searched}: ${match.reason ?? "no matching repository"}; unverified is not refuted, closed-source or employer work has no public repository`,
  });
}

/**
 * A claimed repository GitHub would not serve (blocked, gone since it was listed, failing): the claim is
 * unverifiable, not refuted, and the rest of the verification went on. WARNING naming the reason.
 */
export function unavailableFlag(project: string, repo: string, u: RepoUnavailable): Flag {
  return raise({
    severity: "WARNING",
    rule: "REPO_UNAVAILABLE",
    project,
    repo,
    message: `"${project}": ${repo} could not be checked, ${u.reason}; the claim is unverified, not refuted`,
    evidence: { status: u.status },
  });
}
