import type { Line } from "../layout/layout-types.ts";
import type { ClaimedProject, DateRange } from "../types.ts";
import { findDateRange } from "./dates.ts";
import { type Entry, segmentEntries, switchesStyle } from "./entries.ts";
import { editDistance } from "./heading-vocabulary.ts";
import type { LocatedLink } from "./link-finder.ts";
import { entryDates } from "./project-builder.ts";
import { LINK_LABEL, parseTitle, parseTitleText } from "./project-name.ts";
import type { Section } from "./sections.ts";

/**
 * Open-source work claimed outside a projects section: a repository or a published package linked
 * from an experience entry ("developed the optimizer of TiDB" with TiDB linked), a summary ("One of
 * CRIU's maintainers") or a publications list ("Http Responder in NPM"). Each distinct target becomes
 * a project. The header (contact links, the CV's own repository) and link lists are not claims.
 */

/** Sections whose links are contact details, not claims. */
const NOT_CLAIMS = new Set(["header", "projects", "contact", "skills", "languages", "interests", "references"]);

/** Words before a link that say the candidate used or built on it rather than worked on it. */
const MENTION_ONLY =
  /\b(based on|built on( top of)?|built with|inspired by|powered by|similar to|using|uses|used|via|like|such as|forked from|fork of|on top of)\s+(the\s+)?([\p{L}\p{N}.\- ]{0,40})$/iu;

/** A link to a file in a repository (a CV PDF, a document), not to the software. */
export function isDocumentLink(subpath: string | undefined): boolean {
  return (
    !!subpath &&
    /^\/(raw|blob|releases\/download)\//i.test(subpath) &&
    /\.(pdf|docx?|odt|rtf|png|jpe?g|md|txt)$/i.test(subpath)
  );
}

function squash(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** Does the anchor text read as the software's name (not "here", "GitHub" or "thousands")? */
export function anchorNames(anchor: string, target: string | undefined): boolean {
  const a = anchor.trim();
  // a label in brackets is still a label: "[Code]", "(GitHub)"
  const bare = a.replace(/^[[(]\s*(.*?)\s*[\])]$/, "$1");
  if (!a || a.split(/\s+/).length > 6 || /https?:|www\.|\.com|\//i.test(a) || LINK_LABEL.test(bare)) return false;
  if (/\p{Lu}|\d/u.test(a)) return true;
  if (!target) return false;
  const x = squash(a);
  const y = squash(target);
  return x.length >= 3 && (y.includes(x) || x.includes(y) || editDistance(x, y, 2) <= 2);
}

function contextBefore(anchorLine: Line, anchor: string, prev: Line | undefined): string {
  const at = anchor ? anchorLine.text.indexOf(anchor.split(/\s+/)[0]!) : -1;
  const head = at >= 0 ? anchorLine.text.slice(0, at) : "";
  return `${prev && at >= 0 && at < 40 ? prev.text : ""} ${head}`.replace(/\s+/g, " ").trim();
}

/** A date on the link's own line or on a short line right under it ("pkgplay in NPM" / "12 October 2019"). */
function datesNear(line: Line, next: Line | undefined): DateRange | null {
  for (const text of [line.text, next && next.text.length <= 40 ? next.text : ""]) {
    const d = text ? findDateRange(text) : null;
    if (d) return d.range;
  }
  return null;
}

/** A line set apart as a title (bold, a bold lead, or a right-aligned date), not just prose. */
function looksLikeTitle(line: Line): boolean {
  return line.bold || switchesStyle(line) || line.segments.length > 1;
}

function entryOf(entries: Entry[], lineIndex: number): Entry | undefined {
  return entries.find((e) => e.lines.some((l) => l.index === lineIndex));
}

/** Projects claimed by links in the non-project sections (see the module comment). */
export function linkedSoftware(sections: Section[], links: LocatedLink[], lines: Line[]): ClaimedProject[] {
  const out: ClaimedProject[] = [];
  const seen = new Set<string>();
  const byIndex = new Map(lines.map((l) => [l.index, l]));
  for (const section of sections) {
    if (NOT_CLAIMS.has(section.kind)) continue;
    const indices = new Set(section.lines.map((l) => l.index));
    const here = links.filter((l) => indices.has(l.line));
    if (here.length === 0) continue;
    const entries = segmentEntries(section.lines);
    for (const located of here) {
      const { link } = located;
      const isRepo = link.kind === "repository" && !isDocumentLink(link.subpath);
      if (!isRepo && !link.packageRef) continue;
      const key = (isRepo ? link.repoUrl! : link.packageRef!).toLowerCase();
      const existing = out.find(
        (p) => p.repoUrl?.toLowerCase() === key || p.otherLinks.some((o) => o.packageRef?.toLowerCase() === key),
      );
      if (seen.has(key)) {
        if (existing && isRepo && !existing.repoLinks.some((r) => r.url === link.url && r.subpath === link.subpath))
          existing.repoLinks.push(link);
        continue;
      }
      seen.add(key);
      const line = byIndex.get(located.line)!;
      const entry = entryOf(entries, located.line);
      const targetName = isRepo ? link.repo : link.packageRef!.split(":").pop();
      const anchorName = anchorNames(located.anchor, targetName) ? parseTitleText(located.anchor).name : null;
      const titled = entry && entry.title.index === located.line && looksLikeTitle(entry.title);
      const name = anchorName ?? (titled ? parseTitle(entry.title).name : null) ?? targetName ?? link.url;
      const context = contextBefore(line, located.anchor, byIndex.get(located.line - 1));
      const project: ClaimedProject = {
        name,
        repoUrl: isRepo ? link.repoUrl! : null,
        repoLinks: isRepo ? [link] : [],
        otherLinks: isRepo ? [] : [link],
        technologies: [],
        dates: datesNear(line, byIndex.get(located.line + 1)) ?? (entry ? entryDates(entry, "") : null),
        description: [line.text.replace(/\s{2,}/g, " ").trim()],
        section: section.title,
        page: line.page,
      };
      if (MENTION_ONLY.test(context)) project.mentionOnly = true;
      out.push(project);
    }
  }
  return out;
}
