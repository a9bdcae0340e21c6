import { describe, expect, test } from "bun:test";
import { alignedShare, findGutter, isColumnBand, orderRows } from "../../../src/resume/layout/reading-order.ts";
import { seg } from "../support/layout-builders.ts";

describe("orderRows", () => {
  test("two real columns are read one after the other, the header first", () => {
    const rows = [[seg("MAYA CHEN", { x: 40, y: 50, size: 20 })]];
    // left column every 13pt, right column every 15pt: baselines rarely coincide
    const left = Array.from({ length: 12 }, (_, i) => seg(`left ${i}`, { x: 40, y: 100 + i * 13 }));
    const right = Array.from({ length: 10 }, (_, i) => seg(`right ${i}`, { x: 240, y: 100 + i * 15 }));
    const byY = new Map<number, ReturnType<typeof seg>[]>();
    for (const s of [...left, ...right]) byY.set(s.y, [...(byY.get(s.y) ?? []), s]);
    rows.push(...[...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r.sort((a, b) => a.x0 - b.x0)));
    const order = orderRows(rows).map((r) => r.segments.map((s) => s.text).join("|"));
    expect(order).toEqual(["MAYA CHEN", ...left.map((s) => s.text), ...right.map((s) => s.text)]);
  });

  test("right-aligned dates are not a column: each stays with its title", () => {
    const rows = [];
    for (let i = 0; i < 12; i++) {
      const y = 100 + i * 14;
      if (i % 3 === 0) {
        const date = `Jan 20${10 + i}`;
        rows.push([seg(`Title ${i}`, { y, bold: true }), seg(date, { x: 560 - date.length * 5, y })]);
      } else rows.push([seg(`bullet ${i}`, { x: 60, y })]);
    }
    const order = orderRows(rows).map((r) => r.segments.map((s) => s.text).join("|"));
    expect(order[0]).toBe("Title 0|Jan 2010");
    expect(order.every((r) => !r.startsWith("Jan"))).toBe(true);
  });

  test("fully paired label/value rows (a year column) are read row by row", () => {
    const rows = Array.from({ length: 10 }, (_, i) => [
      seg(`${2015 + i}`, { x: 50, y: 100 + i * 13 }),
      seg(`Certificate ${i}`, { x: 90, y: 100 + i * 13 }),
    ]);
    expect(findGutter(rows)).toBeNull();
  });

  test("a left date column set by a tab stop (Word-like CV) is not a column: each date stays with its title", () => {
    // "05/2023 – Present<tab>Title", description and bullets at the tab stop, headings in the date's place
    const rows: ReturnType<typeof seg>[][] = [];
    let y = 100;
    const down = (dy: number) => {
      y += dy;
      return y;
    };
    for (let i = 0; i < 4; i++) {
      if (i === 2) rows.push([seg("Education", { x: 57, y: down(16), bold: true, size: 12 })]);
      const date = i % 2 ? `0${i + 1}/2019 – Present` : `${2016 + i}`;
      rows.push([seg(date, { x: 57, y: down(16) }), seg(`Title ${i}`, { x: 159, y })]);
      for (let k = 0; k < 3; k++) rows.push([seg(`description line ${i}.${k}`, { x: 159, y: down(12) })]);
    }
    rows.push([seg("Languages", { x: 57, y: down(16), bold: true, size: 12 })]);
    const order = orderRows(rows).map((r) => r.segments.map((s) => s.text).join("|"));
    expect(order).toContain("2016|Title 0");
    expect(order).toContain("02/2019 – Present|Title 1");
    expect(order.indexOf("Education")).toBe(order.indexOf("02/2019 – Present|Title 1") + 4);
  });

  test("a left date column with fewer dates than headings beside it is still a date column", () => {
    // two dated entries, three headings in the date column's width, long text on the right
    const rows: ReturnType<typeof seg>[][] = [];
    let y = 100;
    const down = (dy: number) => {
      y += dy;
      return y;
    };
    rows.push([seg("2023", { x: 57, y }), seg("open-forge | PyTorch", { x: 159, y })]);
    for (let k = 0; k < 4; k++) rows.push([seg(`description line ${k}`, { x: 159, y: down(12) })]);
    rows.push([seg("Education", { x: 57, y: down(20), bold: true, size: 12 })]);
    rows.push([seg("2017", { x: 57, y: down(20) }), seg("B.Eng., Delft", { x: 159, y })]);
    rows.push([seg("Tech Stack", { x: 57, y: down(20), bold: true, size: 12 })]);
    for (let k = 0; k < 3; k++) rows.push([seg(`skills line ${k}`, { x: 159, y: down(12) })]);
    rows.push([seg("Languages", { x: 57, y: down(20), bold: true, size: 12 })]);
    rows.push([seg("Japanese, Spanish", { x: 159, y: down(16) })]);
    const order = orderRows(rows).map((r) => r.segments.map((s) => s.text).join("|"));
    expect(order.slice(0, 2)).toEqual(["2023|open-forge | PyTorch", "description line 0"]);
    expect(order.indexOf("Education")).toBeLessThan(order.indexOf("2017|B.Eng., Delft"));
  });

  test("a sidebar whose few dates happen to share baselines with the main column is still a column", () => {
    const rows: ReturnType<typeof seg>[][] = [];
    for (let i = 0; i < 12; i++) {
      const y = 100 + i * 13;
      const left = i % 4 === 0 ? seg(`${2015 + i}`, { x: 40, y }) : seg(`sidebar text ${i}`, { x: 40, y });
      rows.push(i % 2 === 0 ? [left, seg(`main text ${i}`, { x: 240, y })] : [left]);
    }
    for (let i = 0; i < 4; i++) rows.push([seg(`main only ${i}`, { x: 240, y: 260 + i * 13 })]);
    const band = findGutter(rows);
    expect(band).not.toBeNull();
  });

  test("a gutter right of edges at fractional positions is found (candidates never round back into the edge pad)", () => {
    // justified main column ending at x 385.77 (Chromium positions), a sidebar at 420
    const left = Array.from({ length: 14 }, (_, i) => {
      const s = seg(`main line ${i}`, { x: 10, y: 100 + i * 13 });
      return { ...s, x1: 385.77 };
    });
    const right = Array.from({ length: 12 }, (_, i) => seg(`side ${i}`, { x: 420, y: 100 + i * 15 }));
    const byY = new Map<number, ReturnType<typeof seg>[]>();
    for (const s of [...left, ...right]) byY.set(s.y, [...(byY.get(s.y) ?? []), s]);
    const rows = [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r.sort((a, b) => a.x0 - b.x0));
    const band = findGutter(rows);
    expect(band?.x).toBeGreaterThan(387.27);
    expect(band?.x).toBeLessThan(420);
    const order = orderRows(rows).map((r) => r.segments.map((s) => s.text).join("|"));
    expect(order).toEqual([...left.map((s) => s.text), ...right.map((s) => s.text)]);
  });

  test("a short centred header block is not split into columns", () => {
    const rows = [
      [seg("Amul Poudel", { x: 256, y: 48, size: 18 })],
      [seg("San Marcos, TX", { x: 77, y: 63 }), seg("Portfolio | amulpoudel | mail", { x: 226, y: 63 })],
      [seg("EDUCATION", { x: 36, y: 89 })],
      [seg("Texas State University", { x: 47, y: 107 }), seg("San Marcos, TX", { x: 499, y: 107 })],
    ];
    expect(findGutter(rows)).toBeNull();
  });
});

test.each([
  [{ left: 12, right: 10, both: 2, rows: 20, height: 300 }, true],
  [{ left: 12, right: 10, both: 10, rows: 12, height: 300 }, false],
  [{ left: 4, right: 10, both: 0, rows: 14, height: 300 }, false],
  [{ left: 12, right: 10, both: 2, rows: 20, height: 100 }, false],
  [{ left: 12, right: 10, both: 2, rows: 20, height: 300, tabStop: true }, false],
  // same font and leading in both columns: many baselines coincide; one side mostly its own lines
  [{ left: 17, right: 52, both: 13, rows: 56, height: 689 }, true],
  [{ left: 51, right: 29, both: 24, rows: 56, height: 678 }, true],
  // a grid pairs nearly every line on both sides, however many wrapped values the other side has
  [{ left: 12, right: 12, both: 10, rows: 14, height: 300 }, false],
  [{ left: 20, right: 40, both: 18, rows: 42, height: 500 }, false],
  [{ left: 12, right: 40, both: 11, rows: 41, height: 500 }, false],
])("isColumnBand(%j) = %s", (stats, want) => expect(isColumnBand(stats)).toBe(want));

test.each([
  [[10, 10.5, 11, 50], 0.75],
  [[1, 100, 200], 1 / 3],
  [[], 0],
])("alignedShare(%j)", (edges, want) => expect(alignedShare(edges)).toBeCloseTo(want));

describe("columns the document uses on another page", () => {
  // two columns in one font and leading: every right line shares a baseline with a left line
  const rows = Array.from({ length: 14 }, (_, i) => [
    seg(`left column line ${i}`, { x: 30, y: 100 + i * 13 }),
    seg(`right ${i}`, { x: 420, y: 100 + i * 13, bold: i % 3 === 0 }),
  ]);

  test("fully paired rows are read row by row on their own", () => {
    expect(findGutter(rows)).toBeNull();
  });

  test("at a gutter another page split at, they are two columns", () => {
    const order = orderRows(rows, [410]).map((r) => r.segments.map((s) => s.text).join("|"));
    expect(order.slice(0, 14)).toEqual(rows.map((r) => r[0]!.text));
    expect(order.slice(14)).toEqual(rows.map((r) => r[1]!.text));
  });

  test("a gutter elsewhere does not split them, and the split is reported", () => {
    expect(findGutter(rows, [80])).toBeNull();
    const found: number[] = [];
    orderRows(rows, [410], found);
    expect(found).toHaveLength(1);
    expect(found[0]!).toBeGreaterThan(125);
    expect(found[0]!).toBeLessThan(420);
  });
});
