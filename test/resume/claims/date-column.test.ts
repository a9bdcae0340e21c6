import { expect, test } from "bun:test";
import { dateToEnd } from "../../../src/resume/claims/date-column.ts";
import { segmentEntries } from "../../../src/resume/claims/entries.ts";
import { parseTitle } from "../../../src/resume/claims/project-name.ts";
import { line, seg } from "../support/layout-builders.ts";

// Layout: a date column LEFT of the entry titles, set by a tab stop (Word-like CVs):
// "05/2023 – Present<tab>**Relaylab** | MongoDB", description and bullets indented to the tab stop.

test("a date in its own first segment moves to the end of the line; the title is read from what follows", () => {
  const l = line([
    seg("05/2023 – Present", { x: 57 }),
    seg("Relaylab | MongoDB, JavaScript", { x: 159, boldPrefix: 8 }),
  ]);
  const moved = dateToEnd(l);
  expect(moved.segments.map((s) => s.text)).toEqual(["Relaylab | MongoDB, JavaScript", "05/2023 – Present"]);
  expect(parseTitle(moved).name).toBe("Relaylab");
  expect(moved.index).toBe(l.index);
});

test("a date too wide for its tab stop, in the same segment, splits off where the style changes", () => {
  const text = "Mar 2022 – Apr 2023 Beaconkit | PostgreSQL";
  const s = seg(text, { x: 57 });
  s.runs = [
    { start: 0, end: 20, font: "Sans", size: 10, bold: false, italic: false },
    { start: 20, end: 29, font: "Sans-Bold", size: 10, bold: true, italic: false },
    { start: 29, end: text.length, font: "Sans", size: 10, bold: false, italic: false },
  ];
  const moved = dateToEnd(line([s]));
  expect(moved.segments.map((x) => x.text)).toEqual(["Beaconkit | PostgreSQL", "Mar 2022 – Apr 2023"]);
  expect(moved.segments[0]!.runs[0]).toMatchObject({ start: 0, end: 9, bold: true });
  expect(moved.segments[0]!.x0).toBe(s.charBoxes[20]![0]);
  expect(parseTitle(moved).name).toBe("Beaconkit");
});

test("a year that is part of one plain title, and a date alone on its line, stay as they are", () => {
  const title = line("2019 Google Summer of Code");
  expect(dateToEnd(title)).toBe(title);
  const alone = line([seg("2019 – 2021", { x: 57 })]);
  expect(dateToEnd(alone)).toBe(alone);
  const trailing = line([seg("Relay", { x: 57, bold: true }), seg("2019 – 2021", { x: 400 })]);
  expect(dateToEnd(trailing)).toBe(trailing);
});

test("entries with a left date column each start at their date line", () => {
  const rows = [
    line([seg("2021", { x: 57, y: 100 }), seg("Website | SQLite | GitHub", { x: 159, y: 100, boldPrefix: 7 })], {
      index: 0,
    }),
    line("Developed a caching layer.", { x: 159, y: 112, index: 1 }),
    line([seg("2019", { x: 57, y: 130 }), seg("rs-lantern | Swift", { x: 159, y: 130, boldPrefix: 10 })], {
      index: 2,
    }),
    line("Created a dashboard.", { x: 159, y: 142, index: 3 }),
  ];
  const entries = segmentEntries(rows.map(dateToEnd));
  expect(entries.map((e) => parseTitle(e.title).name)).toEqual(["Website", "rs-lantern"]);
});
