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
