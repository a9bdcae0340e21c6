import type { Line } from "../layout/layout-types.ts";
import { findDateRange } from "./dates.ts";
import type { Entry } from "./entry-types.ts";
import { leadRun, NO_SMALL } from "./lead-run.ts";
import { flushRight } from "./line-edges.ts";
import { findUrlsInText } from "./link-finder.ts";
import { wrapsNameCell } from "./name-cell.ts";
import { isTechListLine } from "./technologies.ts";

export type { Entry } from "./entry-types.ts";

/**
 * A section's lines -> entries (a title line and what belongs to it), by layout. The first line of
 * a section is taken as an entry title and its style (the leading style run: font, size, weight,
 * slant, after any bullet) as THE title style of that section; every later line in the same style
 * that is not the continuation of a wrapped title starts the next entry. When titles look exactly
 * like the description text (one font for everything), a title must also carry what the first title
 * carried at its right edge (a date, a URL) to count.
 */

export const BULLET_CHARS = "•·◦▪●○■□►▸➢➤✓✔❖◆‣⁃∙";
const BULLET = new RegExp(
  `^\\s*(?:[${BULLET_CHARS}]|[-–—*](?=\\s)|\\(?(?:[a-z]|\\d{1,2}|[ivx]{1,4})\\)(?=\\s)|\\d{1,2}\\.(?=\\s))\\s*`,
  "u",
);

/** Text without a leading bullet. */
export function stripBullet(text: string): string {
  return text.replace(BULLET, "").trim();
}

export function isBulleted(line: Line): boolean {
  return BULLET.test(line.text);
}

/** Lines that carry no content: a lone bullet, a page number ("2", "1/3", "Page 2 of 3"). */
export function isNoise(line: Line): boolean {
  const t = line.text.trim();
  if (!t) return true;
  if (new RegExp(`^[${BULLET_CHARS}\\-–—*\\s]+$`, "u").test(t)) return true;
  return /^(page\s*)?\d{1,2}(\s*(\/|of)\s*\d{1,2})?$/i.test(t);
}

interface Style {
  font: string;
  size: number;
  bold: boolean;
  italic: boolean;
  /** the lead is set in small capitals (capitals of two sizes) */
  smallCaps?: boolean;
  /** the lead has no small letters */
  capitals?: boolean;
}

function styleOf(line: Line): Style {
  const r = leadRun(line);
  return {
    font: r.font,
    size: r.size,
    bold: r.bold,
    italic: r.italic,
    smallCaps: r.smallCaps ?? false,
    capitals: NO_SMALL.test(r.text),
  };
}

/**
 * Titles in small capitals: a name with no capital of its own ("hyper-relay") is drawn in the small
 * size only, so its lead is smaller than the first title's capital. Same face, capitals only, and a
 * size between the two sizes of small capitals is the same title style.
 */
function smallCapsVariant(s: Style, title: Style): boolean {
  if (!title.smallCaps || !s.capitals || s.bold !== title.bold || s.italic !== title.italic) return false;
  if (s.font !== title.font) return false;
  const ratio = s.size / title.size;
  return ratio >= 0.6 && ratio <= 1.05;
}

/** Same title style: weight, slant and size agree; the font too unless both are bold (fake vs real bold). */
export function similarStyle(a: Style, b: Style): boolean {
  if (a.bold !== b.bold || a.italic !== b.italic) return false;
  if (Math.abs(a.size - b.size) > Math.max(0.6, 0.06 * Math.max(a.size, b.size))) return false;
  return a.font === b.font || (a.bold && b.bold);
}

function bodyStyle(lines: Line[]): Style | null {
  const weight = new Map<string, { style: Style; n: number }>();
  for (const l of lines) {
    const s = styleOf(l);
    const key = `${s.font}|${Math.round(s.size * 2)}|${s.bold}|${s.italic}`;
    const w = weight.get(key);
    if (w) w.n += l.text.length;
    else weight.set(key, { style: s, n: l.text.length });
  }
  let best: { style: Style; n: number } | null = null;
  for (const w of weight.values()) if (!best || w.n > best.n) best = w;
  return best?.style ?? null;
}

/** The line's first segment changes style after its lead ("**Name**: description"): a title marker. */
export function switchesStyle(line: Line): boolean {
  const seg = line.segments[0]!;
  const lead = leadRun(line);
  return seg.runs.some(
    (r) =>
      r.start >= lead.end &&
      /\p{L}/u.test(seg.text.slice(r.start, r.end)) &&
      (r.bold !== lead.bold || r.italic !== lead.italic),
  );
}

/**
 * A title wrapped onto a second line: right below, wholly in the title style (a line that switches
 * style, "**libkvmi**: what it does", opens its own entry), and clearly unfinished or continuing.
 */
function continuesTitle(line: Line, title: Line): boolean {
  const gap = line.top - title.bottom;
  if (gap > title.size * 0.8) return false;
  // a line laid out like the title line (its own date or table cells beside it) is the next title,
  // even when its name starts in lower case ("open-anchor", a repository's name)
  if (line.segments.length > 1 && title.segments.length > 1) return false;
  const lead = leadRun(line);
  if (lead.end < line.segments[0]!.text.length - 1) return false;
  return /^\p{Ll}/u.test(line.text.trim()) || /[-–,&:(/+]$/.test(title.segments[0]!.text.trim());
}

/**
 * Without any style to go by, a title at least reads like one: short, not a sentence, and not a
 * label line ("Tech: React, Node"), a technology list, a date or a bare URL.
 */
export function readsLikeTitle(line: Line): boolean {
  const t = stripBullet(line.text);
  if (/^\p{Ll}/u.test(t) || /[.,;:]$/.test(t) || t.split(/\s+/).length > 8) return false;
  if (/^[\p{L} ]{2,24}:\s/u.test(t) || isTechListLine(t) || /^(https?:\/\/|www\.)\S+$/i.test(t)) return false;
  const date = findDateRange(t);
  return !(date && date.length >= t.length - 2);
}

/** isDateOnly's answers by text: grouping asks it of a line 5-8 times on a long CV (emptied when full). */
const dateOnlyByText = new Map<string, boolean>();
/** A line that is only a date range ("Oct 2020 - Feb 2021"): it dates an entry, it never names one. */
export function isDateOnly(line: Line): boolean {
  let answer = dateOnlyByText.get(line.text);
  if (answer === undefined) {
    if (dateOnlyByText.size >= 4096) dateOnlyByText.clear();
    answer = dateOnlyText(line.text);
    dateOnlyByText.set(line.text, answer);
  }
  return answer;
}

function dateOnlyText(text: string): boolean {
  const t = stripBullet(text)
    .replace(/\s{2,}/g, " ")
    .trim();
  const d = findDateRange(t);
  if (!d || d.length < t.length - 2) return false;
  // a lone number that could be a year far from any resume's dates is a name ("2048", the game)
  const year = /^\d{4}$/.exec(d.range.text.trim());
  return !year || (Number(year[0]) >= 1950 && Number(year[0]) <= 2039);
}

/** A line that is only a URL ("github.com/jane/relay"): like a date, it never names an entry. */
export function isLinkOnly(line: Line): boolean {
  const t = stripBullet(line.text).trim();
  if (/\s/.test(t)) return false;
  const urls = findUrlsInText(t);
  return urls.length === 1 && urls[0]!.index === 0 && urls[0]!.raw.length >= t.length - 1;
}

/** Lines that never name an entry and belong to the entry they sit next to: a date, a URL. */
function isAttachment(line: Line): boolean {
  return isDateOnly(line) || isLinkOnly(line);
}

const nameKey = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * How well a URL-only line spells the name on this title line ("…/orbitkit" over "Orbitkit — …"):
 * 2 the whole name, 1 one is a prefix of the other ("quillpad" and "Quillpad-cli"), 0 not at all.
 */
function spellsTitle(url: Line, title: Line): number {
  const path = url.text
    .trim()
    .split(/[?#]/)[0]!
    .replace(/\/+$/, "")
    .replace(/\.git$/, "");
  const slug = nameKey(path.split("/").length > 1 ? path.split("/").pop()! : "");
  const name = nameKey(stripBullet(leadRun(title).text));
  if (slug.length < 3 || name.length < 3) return 0;
  return name === slug ? 2 : name.startsWith(slug) || slug.startsWith(name) ? 1 : 0;
}

/**
 * A URL line between two entries goes with the one whose name it spells, the whole name before a
 * prefix of it; otherwise, like a date, with the title it is nearer to. Null when no URL line spells
 * either.
 */
function urlSpells(pending: Line[], current: Entry, title: Line): boolean | null {
  const urls = pending.filter(isLinkOnly);
  const best = (t: Line) => Math.max(0, ...urls.map((u) => spellsTitle(u, t)));
  const next = best(title);
  const here = best(current.title);
  if (next === 0 && here === 0) return null;
  return next >= here;
}

/** Is `date` nearer (vertically, same page) to the title below it than to the line above it? */
function datesNext(date: Line, above: Line | undefined, title: Line): boolean {
  if (date.page !== title.page) return false;
  if (!above || above.page !== date.page) return true;
  return title.top - date.bottom < date.top - above.bottom;
}

/**
 * A sentence that ends with a colon and introduces a list ("A few things I built outside work:"
 * over "- Relay" items), or a whole sentence ending in a period over a bulleted list: the list's
 * lead-in, not the first entry's title.
 */
function isLeadIn(line: Line, next: Line | undefined): boolean {
  const t = line.text.trim();
  if (!next || isBulleted(line) || !isBulleted(next)) return false;
  const words = t.split(/\s+/).length;
  // "A few things I built:" or a whole sentence ("In addition to the projects below, you can ... .")
  return (/[:：]$/.test(t) && words >= 4) || (/[.!。]$/.test(t) && words >= LEAD_IN_SENTENCE_WORDS);
}

/** Words of a sentence that introduces a list: a title is rarely a sentence this long ending in a period. */
const LEAD_IN_SENTENCE_WORDS = 8;

/** Split a section's lines into entries (see the module comment). Lines before the first title are dropped. */
export function segmentEntries(sectionLines: Line[]): Entry[] {
  const lines = sectionLines.filter((l) => !isNoise(l));
  // a date or a URL on a line of its own never names an entry: the title is the first other line
  // (a list of nothing but URLs is a list of entries, each named by its URL)
  const attached = lines.some((l) => !isAttachment(l)) ? isAttachment : isDateOnly;
  // a table row's cells centred vertically put its description's first line above its name: lines
  // of the first column that start right of the section's left edge are not the first title
  // (lines set flush right start at their right edge: "left" of such a line is its right end)
  const right = lines.length > 0 && flushRight(lines);
  const startOf = right ? (l: Line) => -l.x1 : (l: Line) => l.x0;
  const left = Math.min(...lines.filter((l) => !attached(l) && l.column === lines[0]!.column).map(startOf));
  const firstAt = lines.findIndex(
    (l, i) =>
      !attached(l) && !(l.column === lines[0]!.column && startOf(l) > left + l.size * 2) && !isLeadIn(l, lines[i + 1]),
  );
  const first = lines[firstAt];
  if (!first) return [];
  const titleStyle = styleOf(first);
  const titleBulleted = isBulleted(first);
  const firstHasRight = first.segments.length > 1;
  const body = bodyStyle(lines.slice(firstAt + 1).filter((l) => !attached(l)));
  // Titles look like the description text (one style everywhere): other evidence is needed.
  const weak = body !== null && similarStyle(titleStyle, body) && !switchesStyle(first);
  const indentOf = (l: Line) => startOf(l) - startOf(first);
  const entries: Entry[] = [{ title: first, lines: [first, ...lines.slice(0, firstAt)] }];
  let dates: Line[] = [];
  let titleOpen = true;
  for (const line of lines.slice(firstAt + 1)) {
    const cur = entries[entries.length - 1]!;
    if (attached(line)) {
      dates.push(line);
      titleOpen = false;
      continue;
    }
    if (wrapsNameCell(line, cur)) {
      cur.lines.push(...dates, line);
      cur.nameLines = [...(cur.nameLines ?? []), line];
      dates = [];
      continue;
    }
    const style = styleOf(line);
    const sameStyle =
      (similarStyle(style, titleStyle) || smallCapsVariant(style, titleStyle)) && isBulleted(line) === titleBulleted;
    const indented = indentOf(line) > Math.max(8, first.size) && line.column === first.column;
    let starts = sameStyle && !indented;
    // one style everywhere: a right edge like the first title's, a bullet when the entries are
    // bullets ("• Name – what it does"), or at least a line that reads like a title
    if (starts && weak) starts = firstHasRight ? line.segments.length > 1 : titleBulleted || readsLikeTitle(line);
    // a title wrapped over several lines: each line goes on from the one before while the title is open
    const last = cur.lines[cur.lines.length - 1]!;
    const continues: boolean =
      titleOpen && dates.length === 0 && similarStyle(styleOf(line), titleStyle) && continuesTitle(line, last);
    if (continues) {
      starts = false;
      if (cur.lines.length === (cur.titleLines ?? 1)) cur.titleLines = cur.lines.length + 1;
    }
    titleOpen = starts || continues;
    // dates set above the new title (nearer to it than to the text before) belong to the new entry
    const above = cur.lines[cur.lines.length - 1];
    const next = starts && dates.length > 0 && (urlSpells(dates, cur, line) ?? datesNext(dates[0]!, above, line));
    const ahead = next ? dates : [];
    cur.lines.push(...dates.filter((d) => !ahead.includes(d)));
    if (starts) entries.push({ title: line, lines: [line, ...ahead] });
    else cur.lines.push(line);
    dates = [];
  }
  entries[entries.length - 1]!.lines.push(...dates);
  return entries;
}
