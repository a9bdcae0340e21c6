import type { GhRepo } from "../github/index.ts";
import { type ClaimedProject, namesResume, type ResumeTextLine, saysResumeSource } from "../resume/index.ts";
import { canonicalUrl } from "./claim-links.ts";
import type { ClaimMatch } from "./match-claims.ts";
import { listsTools, namesTopicAsThing } from "./mention-form.ts";
import { rawTokens } from "./name-tokens.ts";
import { GITHUB_HOST, hostRepoKey, pagesSiteOf, repoKeyOf, repoOrderKey, repoUrlOf } from "./repo-hosts.ts";
import { nameKind } from "./topic-words.ts";

/*
 * The repository-first path. Verification does not need a perfect section parse to know what a
 * resume claims: for each repository the candidate owns that no claim matched, look for its name in
 * the resume's text and link targets. A repository named in a project-like context (not the contact
 * details, a skills list, a list of courses, education, a summary or honours, and not after "using"
 * or "based on", and not on a line labelled as a list of tools) is a claim even
 * where no projects section was recognised; its match records basis "mention" and its claim says
 * foundBy.shape "repository-first". The extractor's claims stay the structure: this path only adds
 * repositories they left out.
 *
 * A document the extractor read with low confidence (extraction.repositoryFirst) is searched wider,
 * because its sections are the extractor's least sure part: a repository's own address (a written or
 * linked host/owner/name, or a link into the repository) names it on any line, the header, contact
 * details and skills included, and names too short to tell from words are then found by address. What
 * never changes: forks, a section's own heading (its words name the section), a phrase of the prose
 * in lowercase ("a machine learning model"), the account's README and Pages repositories and the
 * resume's own source are never claims, and a name after "using" or "based on" is a tool, not work.
 *
 * A repository named after a topic (a field, a tool or a kind of thing: "machine-learning",
 * "dotfiles", "react-app"; topic-words.ts) is claimed by its name in words only where the line names
 * it as a thing, not where the resume merely writes the topic (mention-form.ts).
 */

/**
 * Section kinds whose lines name tools, courses, fields of study, honours or contacts, never work: a
 * degree's field ("BSc Computer Science"), a course ("Data Structures & Algorithms"), a summary's
 * "machine learning engineer" or a fellowship's field are the words of a topic, not a repository's name.
 */
const NOT_WORK_CONTEXT = new Set([
  "header",
  "contact",
  "skills",
  "languages",
  "interests",
  "references",
  "certifications",
  "coursework",
  "education",
  "summary",
  "awards",
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

/** How wide the path searches: `wide` when the document was read with low confidence (see above). */
export interface MentionOptions {
  wide?: boolean;
}

/** The account's own README repository or its Pages site: the profile, not a piece of work. */
function isAccountPage(repo: GhRepo): boolean {
  const name = repo.name.toLowerCase();
  const owner = repo.owner.toLowerCase();
  return name === owner || name === `${owner}.github.io`;
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
  if (isAccountPage(repo)) return null;
  const words = rawTokens(repo.name);
  const letters = words.join("").length;
  if (words.length === 0 || (words.length === 1 ? letters < MIN_SINGLE_WORD : letters < MIN_MULTI_WORD)) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}/.@])${words.map(escapeRegExp).join("[\\s_.\\-]*")}(?![\\p{L}\\p{N}])`, "iu");
}

/** The repository's own address written in a line ("github.com/ana/weather-dash", a link into it included). */
function addressPattern(repo: GhRepo): RegExp {
  const address = escapeRegExp(repoUrlOf(repo));
  return new RegExp(`(?<![\\p{L}\\p{N}.\\-])(?:www\\.)?${address}(?![\\p{L}\\p{N}_\\-]|\\.[\\p{L}\\p{N}])`, "iu");
}

/** A link into a document file (a PDF, a Word file ...): possibly the resume itself, never the work. */
const DOCUMENT_FILE = /\/(?:blob|raw)\/.*\.(?:pdf|docx?|odt|rtf|epub|tex|html?)$/i;

/** Does the line carry the repository's own address, as a link target or written out (wide reading only)? */
function addressedAt(line: ResumeTextLine, repo: GhRepo): boolean {
  if (saysResumeSource("", line.text)) return false;
  const address = repoUrlOf(repo).toLowerCase();
  const linked = line.links.some((u) => {
    const c = canonicalUrl(u);
    return (c === address || c.startsWith(`${address}/`)) && !DOCUMENT_FILE.test(c);
  });
  return linked || addressPattern(repo).test(line.text);
}

/** Where line `at` of `lines` names the repository as work (see the module comment), or null. */
function namedAt(
  lines: readonly ResumeTextLine[],
  at: number,
  repo: GhRepo,
  pattern: RegExp | null,
  wide: boolean,
): string | null {
  const line = lines[at]!;
  if (wide && addressedAt(line, repo)) return repo.name;
  // a name too plain to tell from words is named by its address alone
  if (!pattern || NOT_WORK_CONTEXT.has(line.sectionKind)) return null;
  // a section's own heading names the section ("Certifications"), not a piece of work
  if (line.section !== "" && line.text.trim() === line.section.trim()) return null;
  const pages = pagesSiteOf(repo);
  const home = repo.homepage ? canonicalUrl(repo.homepage) : "";
  const linked = line.links.some((u) => {
    const c = canonicalUrl(u);
    return (pages !== null && (c === pages || c.startsWith(`${pages}/`))) || (home !== "" && c === home);
  });
  // a line that lists tools by its label ("Technologies: ...") names what was used, in any section
  const kind = nameKind(repo.name);
  for (const m of listsTools(line.text) ? [] : line.text.matchAll(new RegExp(pattern.source, "giu"))) {
    const before = line.text.slice(0, m.index);
    if (USED_BEFORE.test(before) || USED_IN_CLAUSE.test(before)) continue;
    // one word on its own reads as a name only where it is written as one: capitalised mid-line,
    // in capitals, or with digits or inner capitals ("Relay", "RELAY", "relay2", "relayKit")
    // (at the start of a line, a capitalised word that goes on into a sentence is just a word)
    const written = m[0];
    const sentence = m.index === 0 && /^\s+\p{Ll}/u.test(line.text.slice(written.length));
    const plainWord = /^\p{Ll}+$/u.test(written) || (sentence && /^\p{Lu}\p{Ll}+$/u.test(written));
    // several words in lowercase with spaces between them are a phrase of the prose ("a machine
    // learning model"), not a name; joined, hyphenated or capitalised they are one ("Weather Dash")
    const phrase = /^\p{Ll}+(?:\s+\p{Ll}+)+$/u.test(written.trim());
    if (rawTokens(repo.name).length > 1 ? phrase : plainWord) continue;
    // a repository named after a topic is named as a thing only where the line writes it as one
    if (kind !== "distinctive" && !namesTopicAsThing(kind, repo, lines, at, m.index, m.index + written.length))
      continue;
    return written.trim();
  }
  return linked ? repo.name : null;
}

/** The claim a repository named on a line stands for: named as the line writes it, found repository-first. */
function mentionClaim(name: string, line: ResumeTextLine, repo: GhRepo): ClaimedProject {
  const address = line.links.find((u) => canonicalUrl(u).startsWith(repoUrlOf(repo).toLowerCase()));
  return {
    name,
    repoUrl: null,
    repoLinks: [],
    otherLinks: [],
    technologies: [],
    dates: null,
    description: [line.text],
    section: line.section,
    page: line.page,
    foundBy: {
      section: line.section,
      shape: "repository-first",
      // an address written out is the text's (the reader makes a link of it too); else the link's own
      link: addressPattern(repo).test(line.text) ? "text" : address ? "annotation" : "none",
    },
  };
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
  options: MentionOptions = {},
): RepositoryMention[] {
  const wide = options.wide === true;
  const out: RepositoryMention[] = [];
  const repos = [...owned].sort((a, b) => (repoOrderKey(a) < repoOrderKey(b) ? -1 : 1));
  for (const repo of repos) {
    // a fork named in the text is the upstream tool the candidate used ("deployed on Kubernetes"); the
    // account's README and Pages repositories and the resume's own source are never work
    if (repo.fork || taken.has(repoKeyOf(repo)) || isAccountPage(repo) || namesResume(repo.name, repo.owner)) continue;
    const pattern = mentionPattern(repo);
    // a name too plain to tell from words is found by its address only, in a wide reading
    if (!pattern && !wide) continue;
    for (const [at, line] of lines.entries()) {
      const name = namedAt(lines, at, repo, pattern, wide);
      if (!name) continue;
      out.push({ repo, claim: mentionClaim(name, line, repo) });
      break;
    }
  }
  return out;
}

/**
 * The matches of the extractor's claims followed by the claims of the repository-first path: the
 * candidate's own repositories (`owned`) that no claim matched or links, named as work in `lines`.
 */
export function withRepositoryMentions(
  matches: ClaimMatch[],
  owned: readonly GhRepo[],
  lines: readonly ResumeTextLine[],
  options: MentionOptions = {},
): ClaimMatch[] {
  // a repository a claim links is that claim's, even where another of its links was matched (a URL
  // printed over a link to another target names the same piece of work)
  const taken = new Set([
    ...matches.flatMap((m) => (m.repo ? [repoKeyOf(m.repo)] : [])),
    ...matches.flatMap((m) =>
      m.claim.repoLinks.flatMap((l) =>
        l.owner && l.repo ? [hostRepoKey(l.host ?? GITHUB_HOST, l.owner, l.repo)] : [],
      ),
    ),
  ]);
  const found = repositoryMentions(owned, lines, taken, options).map(
    (f, i): ClaimMatch => ({ index: matches.length + i, claim: f.claim, repo: f.repo, basis: "mention", score: 1 }),
  );
  return [...matches, ...found];
}
