import { isResumeSource } from "../resume-source.ts";
import type { ClaimedProject } from "../types.ts";
import type { Entry } from "./entries.ts";
import { stripBullet } from "./entries.ts";
import type { LocatedLink } from "./link-finder.ts";
import { linksOfLines } from "./project-builder.ts";
import { LINK_LABEL, parseTitle, parseTitleText } from "./project-name.ts";

/**
 * An entry whose repository links sit on phrases inside its sentences lists several pieces of work:
 * "Productivity tools such as a [dashboard for standup] and a [URL shortener for teams]", "Huffman
 * compressor in C, trading bot in Rust, FIXME-roulette" under "Small Fun Projects". Each phrase with
 * a repository of its own is a project of its own, named by the phrase; the group title, which names
 * no work, is not one (unless a repository link of its own is left for it).
 *
 * A phrase is not a link label ("Code", "GitHub"), not a URL, not the part of a project it belongs
 * to ("frontend", "backend", "API"), and is only part of its line (a link on a whole title line
 * names that title). Phrases that share a word with the entry's name ("Relay": [relay-web],
 * [relay-api]) are that project's parts, so its entry is not split. Pure.
 */

const PART_WORD =
  /^(?:front-?end|back-?end|client|server|api|web|mobile|ios|android|docs?|documentation|demo|live|app|cli|sdk|plugin|extension|website|site|here|this|source|repo|repository)$/i;
/** Words too common to tie a phrase to a name. */
const STOP = new Set("a an and the of for in on to with my our by as at from".split(" "));

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOP.has(w));
}

/** Is this link's anchor a phrase inside its line (see the module comment)? */
function onPhrase(l: LocatedLink, lineText: string): boolean {
  const anchor = l.anchor.trim().replace(/[\s,.;:]+$/, "");
  if (!/\p{L}{2}/u.test(anchor) || /https?:|www\.|\.(?:com|io|org|dev)\b|\//i.test(anchor)) return false;
  const bare = anchor.replace(/^[[(]\s*(.*?)\s*[\])]$/, "$1");
  if (LINK_LABEL.test(bare) || PART_WORD.test(bare)) return false;
  const line = stripBullet(lineText.replace(/\s{2,}/g, " "));
  return anchor.length <= 0.8 * line.length;
}

/** Split a project built from `entry` into one project per phrase-linked repository (see the module comment). */
export function splitPhraseLinks(project: ClaimedProject, entry: Entry, links: LocatedLink[]): ClaimedProject[] {
  const lineText = new Map(entry.lines.map((l) => [l.index, l.text]));
  const repos = linksOfLines(entry.lines, links).filter((l) => l.link.kind === "repository" && !isResumeSource(l.link));
  const phrases = repos.filter((l) => onPhrase(l, lineText.get(l.line) ?? ""));
  const byRepo = new Map<string, LocatedLink>();
  for (const l of phrases) if (!byRepo.has(l.link.repoUrl!.toLowerCase())) byRepo.set(l.link.repoUrl!.toLowerCase(), l);
  if (byRepo.size < 2) return [project];
  // phrases off the title line that share a word with the entry's name are parts of that project
  const name = new Set(words(parseTitle(entry.title).name));
  const parts = [...byRepo.values()].filter(
    (l) => l.line !== entry.title.index && words(l.anchor).some((w) => name.has(w)),
  );
  if (parts.length > 0) return [project];
  const split = [...byRepo.values()].map(
    (l): ClaimedProject => ({
      ...project,
      name: parseTitleText(l.anchor).name,
      repoUrl: l.link.repoUrl!,
      repoLinks: [l.link],
      otherLinks: [],
    }),
  );
  // what the phrases leave: the title's own repository, if it links one of its own
  const rest = project.repoLinks.filter((r) => !byRepo.has((r.repoUrl ?? "").toLowerCase()));
  return rest.length > 0 ? [{ ...project, repoUrl: rest[0]!.repoUrl ?? null, repoLinks: rest }, ...split] : split;
}
