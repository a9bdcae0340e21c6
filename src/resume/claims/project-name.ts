import type { Line, Segment, StyleRun } from "../layout/layout-types.ts";
import { findDateRange } from "./dates.ts";
import { stripBullet } from "./entries.ts";
import { leadRun } from "./lead-run.ts";
import { linkedItemLabel } from "./linked-items.ts";
import { canonicalTechnology, isTechListLine, splitTechList } from "./technologies.ts";

/**
 * A project's name from its title line, pure. Titles come as "Name | tech, tech   Dates",
 * "Name: long description ...", "Name(Rust) - Maintainer   260+ commits", "Name | Github Link",
 * "**Name** tech, tech   url". The name is the bold lead when the line goes on in another style,
 * otherwise the first segment, with separators, link labels, dates, roles and technology
 * parentheses taken off (the technologies are kept).
 */

export interface TitleParts {
  name: string;
  technologies: string[];
  /** the rest of the title line (dates, roles, labels), for the caller to mine */
  rest: string;
}

/** Words that label a link rather than name anything (a full stop or colon after them changes nothing). */
export const LINK_LABEL =
  /^(github( link| repo(sitory)?)?|gitlab|link|links|source( code)?|code|repo(sitory)?|demo|live( demo| site)?|website|site|app|paper|preprint|video|slides|here|ссылка|исходный код|код|npm|pypi)[.,:;!]?$/i;
const TRAILING_LABEL =
  /\s*(?:[|•·,–—-]\s*)?[([]?\b(?:github link|github repo|github|gitlab|source code|live demo|link|demo|code|repo|website|ссылка)\b[)\]]?\s*$/i;

/**
 * Take a link label off the end of a title ("Name | GitHub", "Name [Code]"). A label is a word in a
 * label's place, after something else: a title that is only "GitHub" or "Website" is the name.
 */
function stripLabel(text: string): string {
  const stripped = text.replace(TRAILING_LABEL, "");
  return /[\p{L}\p{N}]/u.test(stripped) ? stripped : text;
}
const ROLE_SUFFIX =
  /\s+[-–—]\s+(?:(?:previous|former|core|lead|main|co-?|original)\s+)*(?:maintainer|contributor|developer|author|creator|founder|lead|member|owner|committer)s?\s*$/i;
const REGISTRY_SUFFIX = /\s+(?:in|on|at)\s+(?:npm|pypi|crates\.io|rubygems|nuget|maven( central)?|packagist)\s*$/i;

function clean(name: string): string {
  return name
    .replace(/^[\s|•·:–—-]+/, "")
    .replace(/[\s|•·:,;.–—([-]+$/, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** Drop a date at the end of a name; a bare year stays ("UNHack 2023", "Advent of Code 2022"). */
function stripTrailingDate(name: string): string {
  const d = findDateRange(name);
  if (!d || d.index === 0 || d.index + d.length < name.trimEnd().length - 1) return name;
  if (/^\d{4}$/.test(d.range.text)) return name;
  return name.slice(0, d.index);
}

/** "Cargo(Rust)" -> ["Cargo", ["Rust"]]; parentheses that are not technologies stay. */
function splitTechParenthesis(name: string): [string, string[]] {
  const m = /^(.*\S)\s*\(([^()]+)\)\s*$/.exec(name);
  if (!m) return [name, []];
  const items = m[2]!.split(/\s*[,/;]\s*/).filter(Boolean);
  if (items.length > 0 && items.every((i) => canonicalTechnology(i) !== null || /^(js|ts)$/i.test(i)))
    return [m[1]!, items];
  return [name, []];
}

/** A printed URL in brackets ("Name (https://github.com/x/y): what it is"): a link, never part of a name. */
const BRACKETED_URL = /\s*[(（[]\s*(?:https?:\/\/|www\.)[^)）\]]*[)）\]]/gu;

/** A label that says what kind of project follows, ending in the word for project. */
const PROJECT_LABEL = /(?:\bproject|\bprojekt|\bprojet|\bproyecto|\bprojeto|\bпроект|项目)$/iu;

/** Words of a description; CJK text has no spaces, so every two of its characters count as a word. */
function wordCount(text: string): number {
  const cjk = (text.match(/[\u3400-\u9fff]/g) ?? []).length;
  return (
    text
      .replace(/[\u3400-\u9fff]/g, " ")
      .split(/\s+/)
      .filter(Boolean).length +
    Math.ceil(cjk / 2) * 2
  );
}

/**
 * A part of a title set off by a dash that lists the stack: a technology list, or a comma list of
 * three or more short items of which two or more are known technologies ("FastAPI, REST APIs,
 * PostgreSQL, JWT, Auth, Deployment"): the topics beside the technologies do not make it a name.
 */
function isStackPart(text: string): boolean {
  if (isTechListLine(text)) return true;
  const items = text.split(/\s*,\s*/).filter(Boolean);
  if (items.length < 3 || items.some((i) => i.split(/\s+/).length > 3)) return false;
  return items.filter((i) => canonicalTechnology(i) !== null).length >= 2;
}

/** Split a title string (no layout) into name, technologies and the rest. */
export function parseTitleText(title: string): TitleParts {
  // "Label: https://..." names the label
  let text = stripLabel(linkedItemLabel(title) ?? stripBullet(title).replace(BRACKETED_URL, ""));
  const technologies: string[] = [];
  const restParts: string[] = [];
  // "Name | tech, tech | Github Link": the first part names, the others describe
  const bars = text.split(/\s*\|\s*/);
  if (bars.length > 1 && bars[0]!.trim()) {
    text = bars[0]!;
    for (const whole of bars.slice(1)) {
      if (LINK_LABEL.test(whole.trim())) continue;
      const part = stripLabel(whole);
      if (isTechListLine(part)) technologies.push(...splitTechList(part));
      else restParts.push(part);
    }
  }
  // "Name — tech, tech — GitHub", "Name—Python, Scikit-learn —GitHub": a technology list never names
  // the project, so the part before the dash does, whatever it says ("Car Rental Project")
  const dashes = text.split(/\s*[—–]\s*/);
  const techOrLabel = (p: string) => !p.trim() || LINK_LABEL.test(p.trim()) || isStackPart(stripLabel(p));
  if (
    dashes.length > 1 &&
    dashes[0]!.trim() &&
    dashes.slice(1).every(techOrLabel) &&
    dashes.slice(1).some((p) => p.trim() && !LINK_LABEL.test(p.trim()))
  ) {
    text = dashes[0]!;
    for (const p of dashes.slice(1))
      if (p.trim() && !LINK_LABEL.test(p.trim())) technologies.push(...splitTechList(stripLabel(p)));
  }
  // "Name: a long description of it", "Name – a long description of it" (but "Time-Out: Network
  // Control Application" and "Wedding Boss - Remastered" are names)
  const split = /^(.{2,60}?)(?::\s+|:(?=[\u3400-\u9fff])|：\s*|\s[–—-]\s+)(.+)$/u.exec(text);
  if (split && PROJECT_LABEL.test(split[1]!) && wordCount(split[2]!) <= 8) {
    // "Vue 项目: 影视解析网站", "Capstone project: Smart Parking": a kind of project, then its name
    text = split[2]!;
  } else if (split && wordCount(split[2]!) >= 6 && split[1]!.split(/\s+/).length <= 6) {
    text = split[1]!;
    restParts.push(split[2]!);
  }
  let name = text;
  for (let i = 0; i < 3; i++) {
    const before = name;
    name = clean(stripTrailingDate(stripLabel(name).replace(ROLE_SUFFIX, "").replace(REGISTRY_SUFFIX, "")));
    if (name === before) break;
  }
  const [bare, parenTech] = splitTechParenthesis(name);
  technologies.push(...parenTech);
  return { name: clean(bare) || clean(text), technologies, rest: restParts.join(" | ") };
}

/** Largest spread between the widest and narrowest gap of a line for its gaps to be one justified spacing. */
const JUSTIFIED_SPREAD = 1.2;

/**
 * A justified line stretches its word spaces past a segment gap ("EcomExperts  Shopify  Speedchecker,
 * [Node.js, ReactJS]" set to the column's width): when every gap between the line's segments is the
 * same width (within 20%) and no segment holds a space, the segments are words of one text, not cells, and the leading segments
 * in one style are one name. Returns the line with those segments joined; the line itself otherwise.
 */
function joinJustifiedLead(line: Line): Line {
  // a date moved to the end from a column left of the title (date-column.ts) is not one of the words
  const moved = line.segments.findIndex((g, i) => i > 0 && g.x0 < line.segments[i - 1]!.x1);
  const segs = moved > 0 ? line.segments.slice(0, moved) : line.segments;
  if (segs.length < 3) return line;
  const gaps = segs.slice(1).map((g, i) => g.x0 - segs[i]!.x1);
  const min = Math.min(...gaps);
  if (min <= 0 || Math.max(...gaps) > min * JUSTIFIED_SPREAD) return line;
  // justification stretches every space of the line: no segment keeps a space of its own (table
  // cells, "Fjord Maps | TypeScript, Leaflet", do)
  if (segs.some((g) => /\s/.test(g.text.trim()))) return line;
  const whole = (g: Segment) => g.runs.every((r) => r.bold === g.runs[0]!.bold && r.italic === g.runs[0]!.italic);
  const first = segs[0]!;
  if (!whole(first) && !/[,;]$/.test(first.text.trim())) return line;
  let n = 1;
  while (
    n < segs.length &&
    segs[n]!.bold === first.bold &&
    segs[n]!.italic === first.italic &&
    segs[n]!.font === first.font &&
    /[\p{L}\p{N}]/u.test(segs[n - 1]!.text.trim().slice(-1))
  )
    n++;
  if (n === 1) return line;
  const parts = segs.slice(0, n);
  let text = "";
  const runs: StyleRun[] = [];
  const charBoxes: Array<[number, number]> = [];
  for (const g of parts) {
    if (text) {
      charBoxes.push([charBoxes[charBoxes.length - 1]![1], g.x0]);
      text += " ";
    }
    for (const r of g.runs) {
      const prev = runs[runs.length - 1];
      const run = { ...r, start: r.start + text.length, end: r.end + text.length };
      // one style over the joined space is one run: the name's lead run spans its words
      if (
        prev &&
        prev.end >= run.start - 1 &&
        prev.bold === run.bold &&
        prev.italic === run.italic &&
        prev.font === run.font
      )
        prev.end = run.end;
      else runs.push(run);
    }
    charBoxes.push(...g.charBoxes);
    text += g.text;
  }
  const joined: Segment = { ...first, text, runs, charBoxes, x1: parts[n - 1]!.x1 };
  return { ...line, segments: [joined, ...line.segments.slice(n)] };
}

/**
 * The name on a title line: the bold lead run when the first segment continues in another style
 * ("**filler** React, Rust", "**Triangular Arbitrage**: This is ..."), else the first segment.
 */
export function parseTitle(titleLine: Line): TitleParts {
  const line = joinJustifiedLead(titleLine);
  const seg = line.segments[0]!;
  const lead = leadRun(line);
  // a column of its own that lists technologies (a table row "Name | Rust, S3 | GitHub") is the stack
  const others = line.segments.slice(1).map((s) => s.text);
  const stack = others.filter((t) => !findDateRange(t) && isTechListLine(t)).flatMap((t) => splitTechList(t));
  const otherSegments = others.join("  ");
  const continues = lead.bold && seg.text.slice(lead.end).replace(/^[\s:|–—-]+/, "").length > 0;
  if (continues) {
    const remainder = seg.text
      .slice(lead.end)
      .replace(/^[\s:]+/, "")
      .replace(TRAILING_LABEL, "");
    const parts = parseTitleText(lead.text);
    const remainderIsTech = isTechListLine(remainder.replace(/^\|\s*/, ""));
    return {
      name: parts.name,
      technologies: [
        ...parts.technologies,
        ...(remainderIsTech ? splitTechList(remainder.replace(/^\|\s*/, "")) : []),
        ...stack,
      ],
      rest: [parts.rest, remainderIsTech ? "" : remainder, otherSegments].filter(Boolean).join("  "),
    };
  }
  const parts = parseTitleText(seg.text);
  return {
    ...parts,
    technologies: [...parts.technologies, ...stack],
    rest: [parts.rest, otherSegments].filter(Boolean).join("  "),
  };
}
