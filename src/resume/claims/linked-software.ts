import type { Line } from "../layout/layout-types.ts";
import { isResumeSource, linkedFile, saysResumeSource } from "../resume-source.ts";
import type { ClaimedProject, DateRange } from "../types.ts";
import { findDateRange } from "./dates.ts";
import { type Entry, segmentEntries, stripBullet, switchesStyle } from "./entries.ts";
import { editDistance } from "./heading-vocabulary.ts";
import type { LocatedLink } from "./link-finder.ts";
import { entryDates } from "./project-builder.ts";
import { LINK_LABEL, parseTitle, parseTitleText } from "./project-name.ts";
import type { Section } from "./sections.ts";

/**
 * Work claimed by a link outside a projects section: a repository or a published package linked
 * from an experience entry ("developed the optimizer of TiDB" with TiDB linked), a summary ("One of
 * CRIU's maintainers"), a publications list ("Http Responder in NPM") or a list of reports under a
 * sub-heading. Every repository link is a candidate wherever it sits; it is left out only for a
 * stated reason (resume-source.ts): the resume's own source, or someone else's repository in the
 * contact details or skills. Each distinct target becomes a project; a repository linked again
 * from another place is the same project, unless the links point at different files of it from
 * different items (five reports kept in one "analysis-projects" repository are five pieces of work).
 */

/** Sections whose links are contact details: a repository there is a claim only when the candidate owns it. */
const CONTACT_SECTIONS = new Set(["header", "contact", "skills", "languages", "interests", "references"]);

/** Words before a link that say the candidate used or built on it rather than worked on it. */
const MENTION_ONLY =
  /\b(based on|built on( top of)?|built with|inspired by|powered by|similar to|using|uses|used|via|like|such as|forked from|fork of|on top of)\s+(the\s+)?([\p{L}\p{N}.\- ]{0,40})$/iu;

/** The GitHub accounts the resume links as the candidate's own (profile links), lower-cased. */
export function profileOwners(links: LocatedLink[]): Set<string> {
  return new Set(
    links
      .filter((l) => l.link.host === "github.com" && l.link.kind === "profile" && l.link.owner)
      .map((l) => l.link.owner!.toLowerCase()),
  );
}

/**
 * An anchor that is the whole text of its line, after a bullet or a list number ("1. Predicting
 * Dollar Loss Brought by Fire Incidents."): the link is the item, so the anchor names it.
 */
export function anchorIsItem(anchor: string, line: Line): boolean {
  const item = stripBullet(line.text.replace(/\s{2,}/g, " ")).replace(/[\s.,;:]+$/, "");
  const a = anchor
    .replace(/\s+/g, " ")
    .replace(/[\s.,;:]+$/, "")
    .trim();
  // the item starts with the anchor and the anchor is most of it ("... Party. (As the team leader)");
  // a line that is only a link label ("Github Repository.") names nothing
  if (LINK_LABEL.test(a)) return false;
  return a.length >= 3 && a.split(/\s+/).length <= 20 && a.length >= 0.6 * item.length && item.startsWith(a);
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
  const seen = new Map<string, { line: number; files: Set<string> }>();
  const byIndex = new Map(lines.map((l) => [l.index, l]));
  const owners = profileOwners(links);
  for (const section of sections) {
    if (section.kind === "projects") continue;
    const contact = CONTACT_SECTIONS.has(section.kind);
    const indices = new Set(section.lines.map((l) => l.index));
    const here = links.filter((l) => indices.has(l.line));
    if (here.length === 0) continue;
    const entries = segmentEntries(section.lines);
    for (const located of here) {
      const { link } = located;
      const line = byIndex.get(located.line)!;
      const source = isResumeSource(link) || saysResumeSource(located.anchor, line.text);
      const isRepo = link.kind === "repository" && !source;
      if (!isRepo && !link.packageRef) continue;
      if (contact && !(isRepo && owners.has(link.owner?.toLowerCase() ?? ""))) continue;
      const key = (isRepo ? link.repoUrl! : link.packageRef!).toLowerCase();
      const file = isRepo ? linkedFile(link) : "";
      // a repository link labelled with its owner's own handle ("@jane" in a row of contact icons)
      // points at the account, not at a piece of work
      if (isRepo && link.owner && located.anchor.trim().replace(/^@/, "").toLowerCase() === link.owner.toLowerCase())
        continue;
      const item = anchorIsItem(located.anchor, line);
      const before = seen.get(key);
      // another file of a repository already claimed, as an item of its own: a piece of work of its own
      const ownItem = before && file !== "" && item && before.line !== located.line && !before.files.has(file);
      if (before && !ownItem) {
        const existing = out.find(
          (p) => p.repoUrl?.toLowerCase() === key || p.otherLinks.some((o) => o.packageRef?.toLowerCase() === key),
        );
        if (existing && isRepo && !existing.repoLinks.some((r) => r.url === link.url && r.subpath === link.subpath))
          existing.repoLinks.push(link);
        continue;
      }
      if (before) before.files.add(file);
      else seen.set(key, { line: located.line, files: new Set([file]) });
      const entry = entryOf(entries, located.line);
      const targetName = isRepo ? link.repo : link.packageRef!.split(":").pop();
      const anchorName = anchorNames(located.anchor, targetName) || item ? parseTitleText(located.anchor).name : null;
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
