import { describe, expect, test } from "bun:test";
import { splitEntryGrids } from "../../../src/resume/layout/entry-grid.ts";
import type { OrderedRow } from "../../../src/resume/layout/reading-order.ts";
import { seg } from "../support/layout-builders.ts";

const row = (...segments: ReturnType<typeof seg>[]): OrderedRow => ({ segments, column: 0 });
const texts = (rows: OrderedRow[]) => rows.map((r) => `${r.column}:${r.segments.map((s) => s.text).join("|")}`);

describe("splitEntryGrids", () => {
  test("a grid of entries is read one cell column after the other; a heading below ends it", () => {
    const rows = [
      row(seg("Tidepool", { x: 50, y: 100, bold: true }), seg("Tram Predictor", { x: 320, y: 100, bold: true })),
      row(seg("Elixir, 2023", { x: 50, y: 113, size: 9 }), seg("Go, 2023", { x: 320, y: 113, size: 9 })),
      row(seg("Gantry-sync", { x: 50, y: 140, bold: true }), seg("quillpadly", { x: 320, y: 140, bold: true })),
      row(seg("PostgreSQL, 2021", { x: 50, y: 153, size: 9 }), seg("Svelte, 2024", { x: 320, y: 153, size: 9 })),
      row(seg("Repository", { x: 50, y: 165, size: 9 })),
      row(seg("STUDIES", { x: 50, y: 190, size: 12, bold: true })),
    ];
    expect(texts(splitEntryGrids(rows, 5))).toEqual([
      "5:Tidepool",
      "5:Elixir, 2023",
      "5:Gantry-sync",
      "5:PostgreSQL, 2021",
      "5:Repository",
      "6:Tram Predictor",
      "6:Go, 2023",
      "6:quillpadly",
      "6:Svelte, 2024",
      "0:STUDIES",
    ]);
  });

  test("table rows that mix styles, titles with a right-aligned date, and one-style lists stay whole", () => {
    const table = [0, 1, 2, 3].map((i) =>
      row(
        seg(`Name ${i}`, { x: 50, y: 100 + 13 * i, bold: true }),
        seg(`what it does ${i}`, { x: 200, y: 100 + 13 * i }),
      ),
    );
    const dated = [0, 1, 2, 3].map((i) =>
      row(
        seg(i % 2 ? `detail ${i}` : `Title ${i}`, { x: 50, y: 100 + 13 * i, bold: i % 2 === 0 }),
        seg("2021", { x: 500, y: 100 + 13 * i }),
      ),
    );
    const list = [0, 1, 2, 3].map((i) =>
      row(seg(`Python ${i}`, { x: 50, y: 100 + 13 * i }), seg(`Go ${i}`, { x: 300, y: 100 + 13 * i })),
    );
    for (const rows of [table, dated, list]) expect(splitEntryGrids(rows, 5)).toEqual(rows);
  });
});

// Layout: a card grid whose cards differ in their number of lines (a card without a link line).
describe("splitEntryGrids: cards of unequal height", () => {
  /** A row of cells at x 50 and 298 in one style; null leaves that cell empty. */
  const cards = (y: number, texts: Array<string | null>, o: { size?: number; bold?: boolean }) =>
    row(...texts.flatMap((t, k) => (t === null ? [] : [seg(t, { ...o, x: 50 + 248 * k, y })])));

  test("a card without a link line leaves its cell empty on that row; each card is still read whole", () => {
    const rows = [
      cards(230, ["halyarddb", "kestreldb"], { bold: true }),
      cards(241, ["PostgreSQL, 2018", "Svelte, 2024"], { size: 8.5 }),
      cards(252, [null, "leilani/kestreldb"], { size: 8 }),
      cards(276, ["Tidepool-sync", "thistle-cli"], { bold: true }),
      cards(287, ["Go, 2022", "Dart, 2020"], { size: 8.5 }),
      cards(298, ["leilani/tidepool-sync", null], { size: 8 }),
      cards(324, ["3. Education"], { size: 12.5, bold: true }),
    ];
    expect(texts(splitEntryGrids(rows, 1))).toEqual([
      "1:halyarddb",
      "1:PostgreSQL, 2018",
      "1:Tidepool-sync",
      "1:Go, 2022",
      "1:leilani/tidepool-sync",
      "2:kestreldb",
      "2:Svelte, 2024",
      "2:leilani/kestreldb",
      "2:thistle-cli",
      "2:Dart, 2020",
      "0:3. Education",
    ]);
  });

  test("a lone line set apart from the rows above is not a card's line: the grid ends before it", () => {
    const rows = [
      cards(100, ["Tidepool", "Gantry"], { bold: true }),
      cards(113, ["Elixir, 2023", "Go, 2023"], { size: 9 }),
      cards(140, ["Quillpad", "Lumen"], { bold: true }),
      cards(153, ["Rust, 2021", "Zig, 2024"], { size: 9 }),
      // a smaller line in a style no row has, far below: a footnote of the section, not a card's line
      cards(190, ["More on request"], { size: 8 }),
    ];
    const out = texts(splitEntryGrids(rows, 1));
    expect(out.slice(-1)).toEqual(["0:More on request"]);
    expect(out).toHaveLength(9);
  });

  test("on a right-to-left page the cells start at their right edges and the rightmost is read first", () => {
    // cells placed from the right: each cell's right edge is its start, left edges are ragged
    const fromRight = (y: number, texts: string[], o: { size?: number; bold?: boolean }) =>
      row(
        ...texts.map((t, k) =>
          seg(t, { ...o, y, x: (texts.length === 1 ? 545 : 298 + 247 * k) - t.length * (o.size ?? 10) * 0.5 }),
        ),
      );
    const rows = [
      fromRight(208, ["المشاريع الشخصية"], { size: 12.5, bold: true }),
      fromRight(230, ["Cobble-sync", "Larkspurdb"], { bold: true }),
      fromRight(241, ["R, 2024", "Rust, 2020"], { size: 8.5 }),
      fromRight(252, ["annika/cobble-sync", "annika/larkspurdb"], { size: 8 }),
      fromRight(276, ["Thistledb", "fathom"], { bold: true }),
      fromRight(287, ["Kotlin, 2018", "R, 2020"], { size: 8.5 }),
    ];
    expect(texts(splitEntryGrids(rows, 1))).toEqual([
      "0:المشاريع الشخصية",
      "1:Larkspurdb",
      "1:Rust, 2020",
      "1:annika/larkspurdb",
      "1:fathom",
      "1:R, 2020",
      "2:Cobble-sync",
      "2:R, 2024",
      "2:annika/cobble-sync",
      "2:Thistledb",
      "2:Kotlin, 2018",
    ]);
    // the same cells on a page without right-to-left text are not aligned at their left edges: no grid
    const ltr = rows.slice(1);
    expect(splitEntryGrids(ltr, 1)).toEqual(ltr);
  });
});
