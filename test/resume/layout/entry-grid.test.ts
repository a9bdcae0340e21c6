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
  test("a card without a link line leaves its cell empty on that row; each card is still read whole", () => {
    const rows = [
      row(seg("halyarddb", { x: 50, y: 230, bold: true }), seg("kestreldb", { x: 298, y: 230, bold: true })),
      row(seg("PostgreSQL, 2018", { x: 50, y: 241, size: 8.5 }), seg("Svelte, 2024", { x: 298, y: 241, size: 8.5 })),
      row(seg("leilani/kestreldb", { x: 298, y: 252, size: 8 })),
      row(seg("Tidepool-sync", { x: 50, y: 276, bold: true }), seg("thistle-cli", { x: 298, y: 276, bold: true })),
      row(seg("Go, 2022", { x: 50, y: 287, size: 8.5 }), seg("Dart, 2020", { x: 298, y: 287, size: 8.5 })),
      row(seg("leilani/tidepool-sync", { x: 50, y: 298, size: 8 })),
      row(seg("3. Education", { x: 50, y: 324, size: 12.5, bold: true })),
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
      row(seg("Tidepool", { x: 50, y: 100, bold: true }), seg("Gantry", { x: 320, y: 100, bold: true })),
      row(seg("Elixir, 2023", { x: 50, y: 113, size: 9 }), seg("Go, 2023", { x: 320, y: 113, size: 9 })),
      row(seg("Quillpad", { x: 50, y: 140, bold: true }), seg("Lumen", { x: 320, y: 140, bold: true })),
      row(seg("Rust, 2021", { x: 50, y: 153, size: 9 }), seg("Zig, 2024", { x: 320, y: 153, size: 9 })),
      // a smaller line in a style no row has, far below: a footnote of the section, not a card's line
      row(seg("More on request", { x: 50, y: 190, size: 8 })),
    ];
    const out = texts(splitEntryGrids(rows, 1));
    expect(out.slice(-1)).toEqual(["0:More on request"]);
    expect(out).toHaveLength(9);
  });

  test("on a right-to-left page the cells start at their right edges and the rightmost is read first", () => {
    // cells placed from the right: each cell's right edge is its start, left edges are ragged
    const right = (text: string, x1: number, y: number, o: { size?: number; bold?: boolean } = {}) =>
      seg(text, { ...o, y, x: x1 - text.length * (o.size ?? 10) * 0.5 });
    const rows = [
      row(right("المشاريع الشخصية", 545, 208, { size: 12.5, bold: true })),
      row(right("Cobble-sync", 298, 230, { bold: true }), right("Larkspurdb", 545, 230, { bold: true })),
      row(right("R, 2024", 298, 241, { size: 8.5 }), right("Rust, 2020", 545, 241, { size: 8.5 })),
      row(right("annika/cobble-sync", 298, 252, { size: 8 }), right("annika/larkspurdb", 545, 252, { size: 8 })),
      row(right("Thistledb", 298, 276, { bold: true }), right("fathom", 545, 276, { bold: true })),
      row(right("Kotlin, 2018", 298, 287, { size: 8.5 }), right("R, 2020", 545, 287, { size: 8.5 })),
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
