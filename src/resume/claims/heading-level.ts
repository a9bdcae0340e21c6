import type { Line } from "../layout/layout-types.ts";
import { type Block, blocksOf } from "./column-blocks.ts";
import type { HeadingPart } from "./heading-part.ts";
import { isCaps } from "./heading-part.ts";
import { threshold } from "./heading-thresholds.ts";
import type { SectionKind } from "./heading-vocabulary.ts";

/**
 * Heading styles and levels: how prominent a heading is, which style level divides the document into
 * sections, where the body text of a column starts. Numbers: heading-thresholds.ts.
 */

/** How much a heading stands out: its size, raised for bold and for capitals. */
export function prominence(h: HeadingPart): number {
  return h.size * (h.bold ? threshold("boldWeight") : 1) * (isCaps(h.text) ? threshold("capsWeight") : 1);
}

/** A heading's style: face, size to the half point, weight, capitals. */
export function signature(h: HeadingPart): string {
  return `${h.font}|${Math.round(h.size * 2)}|${h.bold}|${isCaps(h.text)}`;
}

const edgeCache = new WeakMap<Line[], Map<string, number[]>>();

/**
 * Where body lines start in the page and column of `line`: left edges (to the point) at which at
 * least a quarter of the column's lines, and two or more, start, on this page or over the whole
 * document (a page whose body is mostly bullets still has the document's body edge). A right-aligned
 * year or a lone indented line is not one. `side` "right" gives the right edges body lines end at
 * instead: where right-to-left text starts.
 */
export function bodyEdgesOf(lines: Line[], line: Line, side: "left" | "right" = "left"): number[] {
  let byColumn = edgeCache.get(lines);
  if (!byColumn) {
    const counts = new Map<string, Map<number, number>>();
    for (const l of lines) {
      for (const [edge, x] of [
        ["left", l.x0],
        ["right", l.x1],
      ] as const) {
        for (const key of [`${edge}:${l.page}:${l.column}`, `${edge}:all:${l.column}`]) {
          const m = counts.get(key) ?? new Map<number, number>();
          m.set(Math.round(x), (m.get(Math.round(x)) ?? 0) + 1);
          counts.set(key, m);
        }
      }
    }
    byColumn = new Map(
      [...counts].map(([k, m]) => {
        const total = [...m.values()].reduce((a, b) => a + b, 0);
        return [k, [...m].filter(([, n]) => n >= 2 && n >= threshold("bodyEdgeShare") * total).map(([x]) => x)];
      }),
    );
    edgeCache.set(lines, byColumn);
  }
  const page = byColumn.get(`${side}:${line.page}:${line.column}`) ?? [];
  return [...page, ...(byColumn.get(`${side}:all:${line.column}`) ?? []).filter((x) => !page.includes(x))];
}

/**
 * Do the headings of style `sig` all follow one heading of another style in the same column, with
 * none of it between them? (A sidebar read before the main column is not a heading over it.)
 */
export function nestedStyle(level: number[], lines: Line[], parts: Array<HeadingPart | null>, sig: string): boolean {
  const own = level.filter((i) => signature(parts[i]!) === sig);
  const others = level.filter((i) => signature(parts[i]!) !== sig);
  if (own.length === 0 || others.length === 0) return false;
  const first = own[0]!;
  const last = own[own.length - 1]!;
  const sameColumn = (i: number) => lines[i]!.page === lines[first]!.page && lines[i]!.column === lines[first]!.column;
  return others.some((i) => i < first && sameColumn(i)) && !others.some((i) => i > first && i < last);
}

/** The headings of the section level (see the module comment, 2). */
export function headingLevel(
  lines: Line[],
  parts: Array<HeadingPart | null>,
  kinds: Array<SectionKind | null>,
  confident: number[],
): number[] {
  const prom = (i: number) => prominence(parts[i]!);
  const band = threshold("levelBand");
  const titleAt = threshold("titleProminence");
  // The section level is the most prominent style that at least two headings share (one stray
  // big line, like a job title that happens to contain "Stack", does not set the level).
  const levels = [...new Set(confident.map((i) => Math.round(prom(i) * 2) / 2))].sort((a, b) => b - a);
  const top = levels.find((p) => confident.filter((i) => prom(i) >= band * p).length >= 2) ?? levels[0]!;
  // a line far more prominent than every heading, with no peer, is the document's title (the name,
  // "Jane's resume"), not a section: its words do not open one
  let level = confident.filter((i) => prom(i) >= band * top && prom(i) < titleAt * top);
  // A less prominent style is the section level when its headings name more distinct sections:
  // sub-labels ("Languages", "Tools" in bold inside a sidebar's skills) can outweigh small-caps or
  // small capital headings, but they name only a few kinds of section.
  const distinctKinds = (ix: number[]) => new Set(ix.map((i) => kinds[i])).size;
  const bandAt = (p: number) => confident.filter((i) => prom(i) >= band * p && prom(i) <= p / band);
  for (const p of levels) {
    if (p >= top) continue;
    const band = bandAt(p);
    if (distinctKinds(band) > distinctKinds(level)) level = band;
  }
  // A sidebar sets its headings in a style of its own: a band of two or more headings in columns that
  // lie beside (never over or under) the columns of the level's headings divides them into sections too.
  const blocks = blocksOf(lines);
  const blockOf = (i: number) => blocks.get(`${lines[i]!.page}:${lines[i]!.column}`)!;
  const beside = (a: Block, b: Block) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) <= 0;
  for (const p of levels) {
    if (p >= titleAt * top) continue;
    const taken = level.map(blockOf);
    const band = bandAt(p).filter((i) => !level.includes(i));
    if (band.length >= 2 && band.every((i) => taken.every((b) => beside(b, blockOf(i)))))
      level = [...level, ...band].sort((a, b) => a - b);
  }
  return level;
}
