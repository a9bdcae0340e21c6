import type { GhRepo } from "../github/index.ts";
import type { ClaimedProject, ResumeTextLine } from "../resume/index.ts";
import { canonicalUrl, claimRepoRefs, GITHUB_ONLY } from "./claim-links.ts";
import { contentWords, nameSimilarity, nameTokens, rawTokens } from "./name-tokens.ts";
import { isGitHub, pagesSiteOf, repoKeyOf, repoUrlOf } from "./repo-hosts.ts";
import type { MatchBasis } from "./types.ts";

/** A name similarity at or above this is a name match (equal identity tokens score 1). */
export const NAME_MATCH_MIN = 0.9;
/** A claim is tied to a repository only when the best combined score reaches this. */
export const MATCH_ACCEPT_MIN = 0.5;
/** Weight of "the claim's name words appear in the repository's description or topics". */
export const CONTENT_NAME_WEIGHT = 0.75;
/** Bonus for overlap of the claim's description with the repository's description and topics. */
export const DESCRIPTION_BONUS = 0.1;
/** Bonus for a claimed technology that is the repository's language or one of its topics. */
export const TECH_BONUS = 0.05;
/** A match that is not by name or link never scores as high as one. */
export const FUZZY_CAP = 0.89;

export interface ClaimMatch {
  /** index into the claims given to matchClaims */
  index: number;
  claim: ClaimedProject;
  repo: GhRepo | null;
  basis: MatchBasis | null;
  /** 1 for a link, else the combined similarity */
  score: number;
  /** for an unmatched claim: why, in plain English */
  reason?: string;
}

export interface MatchInput {
  claims: ClaimedProject[];
  /** repositories that may be matched by name: the candidate's own, plus any linked elsewhere in the resume */
  repos: GhRepo[];
  /** every linked repository (repo-hosts.ts key) resolved through its host: the repository, or null when it does not exist */
  linkTargets: ReadonlyMap<string, GhRepo | null>;
  /** the hosts the verification reads (default GitHub alone): links elsewhere are not followed */
  hosts?: ReadonlySet<string>;
}

function wordsOverlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let hit = 0;
  for (const w of a) if (b.has(w)) hit++;
  return hit / Math.min(a.size, 8);
}

/** Repositories a claim's non-repository links point at (a homepage or the host's pages site: github.io ...). */
function homepageHit(claim: ClaimedProject, repo: GhRepo): boolean {
  const targets = claim.otherLinks.map((l) => canonicalUrl(l.url));
  if (repo.homepage && repo.homepage.trim() !== "") {
    const home = canonicalUrl(repo.homepage);
    if (home !== "" && targets.includes(home)) return true;
  }
  const pages = pagesSiteOf(repo);
  return pages !== null && targets.some((t) => t === pages || t.startsWith(`${pages}/`));
}

/**
 * How well a claim without a usable link fits a repository, in 0..1, and on what basis. Name first
 * (normalized tokens), then the claim's name words in the repository's description/topics, plus small
 * bonuses for description and technology overlap. Pure and deterministic.
 */
export function scoreCandidate(claim: ClaimedProject, repo: GhRepo): { score: number; basis: MatchBasis } {
  if (homepageHit(claim, repo)) return { score: 0.95, basis: "homepage" };
  const nameSim = nameSimilarity(claim.name, repo.name);
  if (nameSim >= NAME_MATCH_MIN) return { score: nameSim, basis: "name" };
  const repoWords = contentWords([repo.description ?? "", ...repo.topics, repo.name].join(" "));
  const claimNameWords = new Set(nameTokens(claim.name).filter((t) => t.length >= 3));
  const nameInContent =
    claimNameWords.size === 0 ? 0 : [...claimNameWords].filter((w) => repoWords.has(w)).length / claimNameWords.size;
  const descOverlap = wordsOverlap(contentWords(claim.description.join(" ")), repoWords);
  const repoTech = new Set([repo.language ?? "", ...repo.topics].flatMap((t) => rawTokens(t)));
  const techHit = claim.technologies.some((t) => rawTokens(t).some((w) => repoTech.has(w)));
  const base = Math.max(nameSim, CONTENT_NAME_WEIGHT * nameInContent);
  const score = Math.min(FUZZY_CAP, base + DESCRIPTION_BONUS * descOverlap + (techHit ? TECH_BONUS : 0));
  return { score: Math.round(score * 1000) / 1000, basis: "fuzzy" };
}

/** Repositories in a stable order: by host and path ("github.com/..." sorts GitHub's as their full names do). */
const byUrl = (r: GhRepo) => repoUrlOf(r).toLowerCase();

/**
 * Ties each claim to at most one repository. An explicit link wins (the first linked repository that
 * exists); the remaining claims are matched by name/description one-to-one, best pair first, ties broken
 * by claim order then repository name, so the same input always gives the same matches.
 */
export function matchClaims(input: MatchInput): ClaimMatch[] {
  const results: ClaimMatch[] = input.claims.map((claim, index) => ({
    index,
    claim,
    repo: null,
    basis: null,
    score: 0,
  }));
  const hosts = input.hosts ?? GITHUB_ONLY;
  const taken = new Set<string>();
  for (const r of results) {
    for (const ref of claimRepoRefs(r.claim, hosts)) {
      const target = input.linkTargets.get(ref.key);
      if (target) {
        r.repo = target;
        r.basis = "link";
        r.score = 1;
        taken.add(repoKeyOf(target));
        break;
      }
    }
  }
  const pairs: Array<{ i: number; repo: GhRepo; score: number; basis: MatchBasis }> = [];
  const repos = [...input.repos].sort((a, b) => (byUrl(a) < byUrl(b) ? -1 : 1));
  for (const r of results) {
    if (r.repo) continue;
    for (const repo of repos) {
      if (taken.has(repoKeyOf(repo))) continue;
      const { score, basis } = scoreCandidate(r.claim, repo);
      if (score >= MATCH_ACCEPT_MIN) pairs.push({ i: r.index, repo, score, basis });
    }
  }
  pairs.sort((a, b) => b.score - a.score || a.i - b.i || (byUrl(a.repo) < byUrl(b.repo) ? -1 : 1));
  for (const p of pairs) {
    const r = results[p.i];
    const key = repoKeyOf(p.repo);
    if (!r || r.repo || taken.has(key)) continue;
    r.repo = p.repo;
    r.basis = p.basis;
    r.score = p.score;
    taken.add(key);
  }
  for (const r of results) {
    if (r.repo) continue;
    const refs = claimRepoRefs(r.claim, hosts);
    r.reason =
      refs.length > 0
        ? `the linked repository ${refs.map((x) => (isGitHub(x.host) ? `${x.owner}/${x.name}` : `${x.host}/${x.owner}/${x.name}`)).join(", ")} does not exist or is not public, and no public repository matches the name`
        : "no public repository matches its name or description";
  }
  return results;
}

/*
 * The repository-first path. Verification does not need a perfect section parse to know what a
 * resume claims: for each repository the candidate owns that no claim matched, look for its name in
 * the resume's text and link targets. A repository named in a project-like context (not the contact
 * details, a skills list or a list of courses, and not after "using" or "based on") is a claim even
 * where no projects section was recognised; its match records basis "mention". The extractor's
 * claims stay the structure: this path only adds repositories they left out.
 */

/** Section kinds whose lines name tools, courses or contacts, never work. */
const NOT_WORK_CONTEXT = new Set([
  "header",
  "contact",
  "skills",
  "languages",
  "interests",
  "references",
  "certifications",
  "coursework",
]);

/** Words right before a name that say the candidate used it, not made it. */
const USED_BEFORE =
  /\b(?:using|uses|used|with|via|based on|built on(?: top of)?|powered by|like|such as|similar to|inspired by|fork(?:ed)? (?:of|from)|on top of)\s+(?:the\s+)?$/i;
/** ... or earlier in the same clause, for a list of what was used ("using Relay and Weather Dash"). */
const USED_IN_CLAUSE = /\b(?:using|uses|used|via|based on|built on|powered by|such as)\b[^.;:!?()]*$/i;

/** A single-word repository name needs this many letters to be told from ordinary words. */
const MIN_SINGLE_WORD = 5;
/** A name of several words needs this many letters in all. */
const MIN_MULTI_WORD = 6;

export interface RepositoryMention {
  claim: ClaimedProject;
  repo: GhRepo;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * How the resume writes a repository's name, as a pattern: its words in order with or without
 * separators ("chess-engine" finds "Chess Engine", "ChessEngine", "chess_engine"), or null when the
 * name is too plain to be told from ordinary words ("notes", "app", the account's own README
 * repository, its github.io site).
 */
export function mentionPattern(repo: GhRepo): RegExp | null {
  const name = repo.name.toLowerCase();
  if (name === repo.owner.toLowerCase() || name === `${repo.owner.toLowerCase()}.github.io`) return null;
  const words = rawTokens(repo.name);
  const letters = words.join("").length;
  if (words.length === 0 || (words.length === 1 ? letters < MIN_SINGLE_WORD : letters < MIN_MULTI_WORD)) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}/.@])${words.map(escapeRegExp).join("[\\s_.\\-]*")}(?![\\p{L}\\p{N}])`, "iu");
}

/** Where a line names the repository as work (see the module comment), or null. */
function namedAt(line: ResumeTextLine, repo: GhRepo, pattern: RegExp): string | null {
  if (NOT_WORK_CONTEXT.has(line.sectionKind)) return null;
  const pages = pagesSiteOf(repo);
  const home = repo.homepage ? canonicalUrl(repo.homepage) : "";
  const linked = line.links.some((u) => {
    const c = canonicalUrl(u);
    return (pages !== null && (c === pages || c.startsWith(`${pages}/`))) || (home !== "" && c === home);
  });
  const m = pattern.exec(line.text);
  const before = m ? line.text.slice(0, m.index) : "";
  if (m && !USED_BEFORE.test(before) && !USED_IN_CLAUSE.test(before)) {
    // one word on its own reads as a name only where it is written as one: capitalised mid-line,
    // in capitals, or with digits or inner capitals ("Relay", "RELAY", "relay2", "relayKit")
    // (at the start of a line, a capitalised word that goes on into a sentence is just a word)
    const written = m[0];
    const sentence = m.index === 0 && /^\s+\p{Ll}/u.test(line.text.slice(written.length));
    const plainWord = /^\p{Ll}+$/u.test(written) || (sentence && /^\p{Lu}\p{Ll}+$/u.test(written));
    if (!plainWord || rawTokens(repo.name).length > 1) return written.trim();
  }
  return linked ? repo.name : null;
}

/**
 * Claims the repository-first path finds: repositories of `owned` not in `taken` (repoKeys already
 * matched) whose names the resume's text lines use as work. One claim per repository, at its first
 * such line; deterministic (repositories by full name, lines in reading order).
 */
export function repositoryMentions(
  owned: readonly GhRepo[],
  lines: readonly ResumeTextLine[],
  taken: ReadonlySet<string>,
): RepositoryMention[] {
  const out: RepositoryMention[] = [];
  const repos = [...owned].sort((a, b) => (byUrl(a) < byUrl(b) ? -1 : 1));
  for (const repo of repos) {
    // a fork named in the text is the upstream tool the candidate used ("deployed on Kubernetes")
    if (repo.fork || taken.has(repoKeyOf(repo))) continue;
    const pattern = mentionPattern(repo);
    if (!pattern) continue;
    for (const line of lines) {
      const name = namedAt(line, repo, pattern);
      if (!name) continue;
      out.push({
        repo,
        claim: {
          name,
          repoUrl: null,
          repoLinks: [],
          otherLinks: [],
          technologies: [],
          dates: null,
          description: [line.text],
          section: line.section,
          page: line.page,
        },
      });
      break;
    }
  }
  return out;
}

/**
 * The matches of the extractor's claims followed by the claims of the repository-first path: the
 * candidate's own repositories (`owned`) that no claim matched, named as work in `lines`.
 */
export function withRepositoryMentions(
  matches: ClaimMatch[],
  owned: readonly GhRepo[],
  lines: readonly ResumeTextLine[],
): ClaimMatch[] {
  const taken = new Set(matches.flatMap((m) => (m.repo ? [repoKeyOf(m.repo)] : [])));
  const found = repositoryMentions(owned, lines, taken).map(
    (f, i): ClaimMatch => ({ index: matches.length + i, claim: f.claim, repo: f.repo, basis: "mention", score: 1 }),
  );
  return [...matches, ...found];
}
