import type { Line } from "../layout/layout-types.ts";
import type { ClaimedProject, DateRange, ResumeLink } from "../types.ts";
import { findDateRange } from "./dates.ts";
import { type Entry, isBulleted, isDateOnly, stripBullet } from "./entries.ts";
import { leadRun } from "./lead-run.ts";
import type { LocatedLink } from "./link-finder.ts";
import { parseTitle, parseTitleText, type TitleParts } from "./project-name.ts";
import type { Section } from "./sections.ts";
import { isTechListLine, mergeTechnologies, scanTechnologies, splitTechList } from "./technologies.ts";

/**
 * One entry of a projects section -> a ClaimedProject: name from the title line, dates from the
 * title or the short line under it, technologies from lists and prose, description lines cleaned
 * (bullets off, wrapped lines and hyphenated words joined), links that sit on the entry's lines.
 */

const TECH_LABEL =
  /^\s*(tech(nologies|nology)?|tech stack|stack|tools( used)?|built with|technologies used|languages?|frameworks?)\s*[:\-–]/i;

/** Description items from an entry's lines (title excluded): one item per bullet or paragraph. */
export function descriptionOf(lines: Line[]): string[] {
  const items: string[] = [];
  let open = false;
  for (const line of lines) {
    const text = line.text.replace(/\s{2,}/g, " ").trim();
    if (!text) continue;
    if (isBulleted(line)) {
      items.push(stripBullet(text));
      open = true;
      continue;
    }
    const prev = items[items.length - 1];
    if (open && prev !== undefined && (!/[.!?:]$/.test(prev) || /^\p{Ll}/u.test(text))) {
      items[items.length - 1] =
        /\p{L}-$/u.test(prev) && /^\p{Ll}/u.test(text) ? prev.slice(0, -1) + text : `${prev} ${text}`;
    } else {
      items.push(text);
      open = true;
    }
  }
  return items.filter(Boolean);
}

/** The first date range on the title line, else on one of the two short lines right under it. */
export function entryDates(entry: Entry, titleRest: string): DateRange | null {
  const candidates = [
    titleRest,
    entry.title.text,
    ...entry.lines
      .slice(1, 3)
      .filter((l) => l.text.length <= 80)
      .map((l) => l.text),
  ];
  for (const c of candidates) {
    const d = findDateRange(c);
    if (d) return d.range;
  }
  return null;
}

/** Links whose anchor line belongs to the entry, in reading order. */
export function linksOfLines(lines: Line[], links: LocatedLink[]): LocatedLink[] {
  const indices = new Set(lines.map((l) => l.index));
  return links.filter((l) => indices.has(l.line));
}

function rankRepo(l: LocatedLink, titleIndex: number): number {
  return (l.line === titleIndex ? 0 : 4) + (l.link.source === "text" ? 2 : 0) + (l.link.host === "github.com" ? 0 : 1);
}

/** Deduplicate links by target, keeping the first (the printed and the clickable copy merge). */
export function uniqueLinks(links: LocatedLink[]): LocatedLink[] {
  const seen = new Set<string>();
  return links.filter((l) => {
    const key = `${l.link.url.toLowerCase().replace(/\/+$/, "")}${l.link.subpath ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** "github.com/owner" of a GitHub account or organisation link. */
export function ownerUrlOf(link: ResumeLink): string | null {
  if (link.host !== "github.com" || !link.owner || (link.kind !== "profile" && link.kind !== "organisation"))
    return null;
  return `github.com/${link.owner}`;
}

function count(text: string): number {
  const m = /^([\d.,]+)\s*(k)?$/i.exec(text.trim());
  if (!m) return NaN;
  const n = Number(m[1]!.replace(/,/g, ""));
  return m[2] ? Math.round(n * 1000) : n;
}

/** Counts a resume claims: "260+ commits", "1.2k stars", "300+ GitHub stars". */
export function claimedCounts(text: string): { commits?: number; stars?: number } {
  const out: { commits?: number; stars?: number } = {};
  const commits = /(\d[\d,.]*\s*k?)\s*\+?\s*commits?\b/i.exec(text);
  const stars = /(\d[\d,.]*\s*k?)\s*\+?\s*(?:github\s+)?stars?\b/i.exec(text);
  if (commits && Number.isFinite(count(commits[1]!))) out.commits = count(commits[1]!);
  if (stars && Number.isFinite(count(stars[1]!))) out.stars = count(stars[1]!);
  return out;
}

/** The title's parts; a title wrapped over lines is read as one when its first line is all name. */
export function wrappedTitle(entry: Entry): TitleParts {
  const first = parseTitle(entry.title);
  // a name cell wrapped inside a table row goes on in the lead runs of its later lines
  if (entry.nameLines?.length && first.name === entry.title.segments[0]!.text.trim())
    return { ...first, name: [first.name, ...entry.nameLines.map((l) => leadRun(l).text.trim())].join(" ") };
  const n = entry.titleLines ?? 1;
  if (n <= 1 || first.rest || entry.title.segments.length > 1) return first;
  const joined = entry.lines
    .slice(0, n)
    .map((l) => l.text.trim())
    .join(" ");
  const whole = parseTitleText(joined);
  return whole.name.length > first.name.length ? whole : first;
}

/** Build the project an entry of a projects section claims. */
export function buildProject(entry: Entry, section: Section, links: LocatedLink[]): ClaimedProject {
  const title = wrappedTitle(entry);
  const body = entry.lines.slice(entry.titleLines ?? 1);
  const own = uniqueLinks(linksOfLines(entry.lines, links));
  const repos = own
    .filter((l) => l.link.kind === "repository")
    .sort((a, b) => rankRepo(a, entry.title.index) - rankRepo(b, entry.title.index));
  const others = own.filter((l) => l.link.kind !== "repository");
  const techLines = body.filter((l, i) => TECH_LABEL.test(l.text) || (i === 0 && isTechListLine(stripBullet(l.text))));
  const listed = techLines.flatMap((l) => splitTechList(stripBullet(l.text)));
  const description = descriptionOf(body.filter((l) => !techLines.includes(l) && !isDateOnly(l)));
  const dates = entryDates(entry, title.rest);
  const ownerUrl = others.map((l) => ownerUrlOf(l.link)).find((u) => u !== null);
  const project: ClaimedProject = {
    name: title.name,
    repoUrl: repos[0]?.link.repoUrl ?? null,
    repoLinks: repos.map((l) => l.link),
    otherLinks: others.map((l) => l.link),
    technologies: mergeTechnologies(title.technologies, listed, scanTechnologies(description.join(" "))),
    dates,
    description,
    section: section.title,
    page: entry.title.page,
  };
  if (!project.repoUrl && ownerUrl) project.ownerUrl = ownerUrl;
  const counts = claimedCounts([entry.title.text, ...description].join(" "));
  if (counts.commits !== undefined) project.claimedCommits = counts.commits;
  if (counts.stars !== undefined) project.claimedStars = counts.stars;
  return project;
}
