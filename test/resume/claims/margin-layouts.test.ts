import { expect, test } from "bun:test";
import { dateToEnd } from "../../../src/resume/claims/date-column.ts";
import { segmentEntries } from "../../../src/resume/claims/entries.ts";
import { parseTitle } from "../../../src/resume/claims/project-name.ts";
import { detectSections } from "../../../src/resume/claims/sections.ts";
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

// Layout: a label column of capitals headings beside the body; a long heading word in a narrow
// margin sits closer to its body (1.1 em) than short ones, and page 2's body is mostly bullets.
test("a margin heading a little over an em from its body, on a page whose body is bullets, opens its section", () => {
  const head = (t: string, y: number) => seg(t, { x: 40, y, size: 10, bold: true });
  const body = (t: string, y: number, x = 150) => seg(t, { x, y, size: 10 });
  const at = (segments: ReturnType<typeof seg>[], index: number, page = 1) => ({ ...line(segments, { index, page }) });
  const lines = [
    at([head("EDUCATION", 100), body("Northgale University, BSc", 100)], 0),
    at([body("Computing, 2015", 112)], 1),
    at([body("Eastmere College", 124)], 2),
    // "EXPERIENCIAS" ends at 40 + 12 * 5 = 100: 11 pt (1.1 em) before the body at 111
    at([seg("EXPERIENCIAS", { x: 51, y: 150, size: 10, bold: true }), body("Acme, engineer", 150, 150)], 3),
    at([body("Built the billing service.", 162)], 4),
    at([head("PROJECTS", 100), body("Relay - a message relay", 100)], 5, 2),
    at([body("• Written in Go", 112, 165)], 6, 2),
    at([body("• Used by two teams", 124, 165)], 7, 2),
    at([head("AWARDS", 150), body("Best thesis, 2016", 150)], 8, 2),
    at([body("• Northgale prize", 162, 165)], 9, 2),
  ];
  const sections = detectSections(lines);
  expect(sections.map((s) => [s.kind, s.title])).toEqual([
    ["education", "EDUCATION"],
    ["experience", "EXPERIENCIAS"],
    ["projects", "PROJECTS"],
    ["awards", "AWARDS"],
  ]);
});

// Layout: a projects section opened by a sentence about the list, then bulleted projects.
test("a sentence ending in a period over a bulleted list is its lead-in, not the first project", () => {
  const l = (t: string, x: number, y: number) => line([seg(t, { x, y })]);
  const lines = [
    l("In addition to the projects below, you can check out the rest of my portfolio online.", 36, 70),
    l("• Tide printer", 54, 88),
    l("◦ Built a 3D printer from parts with a laser-cut frame", 72, 102),
    l("• Orbit simulation", 54, 116),
    l("◦ An R script for the motion of satellites", 72, 130),
  ];
  expect(segmentEntries(lines).map((e) => parseTitle(e.title).name)).toEqual(["Tide printer", "Orbit simulation"]);
});

test("a stack after a dash never names the project: 'Car Rental Project — FastAPI, REST APIs, … — GitHub'", () => {
  expect(parseTitle(line("Car Rental Project — FastAPI, REST APIs, PostgreSQL, JWT, Auth — GitHub")).name).toBe(
    "Car Rental Project",
  );
  expect(parseTitle(line("Fraud Detection—Python, Scikit-learn —GitHub")).name).toBe("Fraud Detection");
  // a description after the dash still goes after the name
  expect(parseTitle(line("Capstone project: Smart Parking")).name).toBe("Smart Parking");
});
