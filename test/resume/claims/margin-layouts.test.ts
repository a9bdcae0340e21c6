import { expect, test } from "bun:test";
import { dateToEnd } from "../../../src/resume/claims/date-column.ts";
import { segmentEntries } from "../../../src/resume/claims/entries.ts";
import { parseTitle } from "../../../src/resume/claims/project-name.ts";
import { composeAccents } from "../../../src/resume/layout/accents.ts";
import type { StyledGlyph } from "../../../src/resume/layout/layout-types.ts";
import { line, seg } from "../support/layout-builders.ts";

// Layout: a moderncv-like CV whose dates stand right-aligned in a margin column ("2013" starts
// further right than "2013–2014"), titles bold, descriptions indented under them.
test("titles after a right-aligned margin date start entries whatever the date's width", () => {
  const title = (date: string, dateX: number, name: string, y: number) =>
    line([seg(date, { x: dateX, y }), seg(`${name}, [Java, Android].`, { x: 146, y, boldPrefix: name.length })]);
  const body = (text: string, y: number) => line([seg(text, { x: 157, y })]);
  const lines = [
    title("2013–2014", 88, "Brightup", 100),
    body("Hardware and software for a home hub", 112),
    title("2013", 115, "PhotoBooth", 130),
    body("two kiosk applications for a photo studio", 142),
    title("2012", 115, "Templogger", 160),
    body("a Linux service that stores data loggers' readings", 172),
  ].map(dateToEnd);
  expect(segmentEntries(lines).map((e) => parseTitle(e.title).name)).toEqual(["Brightup", "PhotoBooth", "Templogger"]);
});

// Layout: a justified title line stretched to the column width: every space is as wide as a
// segment gap, so each word is a segment of its own.
test("a justified title's words, spaced alike, are one name; table cells with spaces of their own stay cells", () => {
  const words = ["EcomExperts", "Shopify", "Speedchecker,"];
  let x = 146;
  const segs = words.map((w) => {
    const s = seg(w, { x, bold: true });
    x = s.x1 + 28;
    return s;
  });
  const tech = seg("[Node.js,", { x, italic: true, bold: true });
  expect(parseTitle(line([...segs, tech])).name).toBe("EcomExperts Shopify Speedchecker");
  const cells = line([seg("Fjord Maps", { x: 50 }), seg("TypeScript, Leaflet", { x: 120 }), seg("GitHub", { x: 240 })]);
  expect(parseTitle(cells).name).toBe("Fjord Maps");
});

// Layout: TeX without a T1 font encoding draws "ç", "ã", "ê" as a letter and a spacing accent,
// the tilde on a raised baseline, the circumflex before its letter.
test("a spacing accent over a letter is that letter's diacritic; an accent over nothing stays", () => {
  const g = (text: string, x: number, y = 100, width = 6): StyledGlyph => ({
    text,
    x,
    y,
    width,
    size: 10,
    bold: false,
    italic: false,
    font: "CMR10",
    fill: "#000000",
  });
  const glyphs = [
    g("A", 0),
    g("\u02DC", 0.5, 97.5, 5),
    g("C", 6),
    g("\u00B8", 7, 100, 4),
    g("\u02C6", 12.5, 97.5, 5),
    g("e", 12),
  ];
  expect(
    composeAccents(glyphs)
      .map((x) => x.text)
      .join(""),
  ).toBe("ÃÇê");
  const alone = [g("a", 0), g("\u00B4", 30)];
  expect(composeAccents(alone).map((x) => x.text)).toEqual(["a", "\u00B4"]);
  expect(composeAccents([g("ı", 0), g("\u00B4", 0.5, 97.5, 5)]).map((x) => x.text)).toEqual(["í"]);
});
