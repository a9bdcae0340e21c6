import { describe, expect, test } from "bun:test";
import { DATE_WORDS } from "../../../src/resume/claims/date-words.ts";
import { SECTION_WORDS } from "../../../src/resume/claims/section-words.ts";
import type { StyledGlyph } from "../../../src/resume/layout/layout-types.ts";
import { layoutPage } from "../../../src/resume/layout/page-layout.ts";
import { buildSegments } from "../../../src/resume/layout/segments.ts";
import { joinDrawnOver, writtenOrder } from "../../../src/resume/layout/shaped-clusters.ts";
import { readPdf } from "../../../src/resume/pdf/pdf-reader.ts";
import { LANGUAGE_WORDS } from "../../fixtures/resume/synthetic/language-words.ts";
import { pdfkitDocument } from "../support/pdfkit-doc.ts";
import { SCRIPT_FONT_LANGUAGES, useScriptFont } from "../support/script-fonts.ts";

/**
 * Scripts shaped into clusters read in written order: first glyph by glyph as Noto Sans draws them
 * (positions and the text each glyph maps to, from fontkit's shaping of the word), then through the
 * whole reader on PDFs drawn with the real fonts.
 */

/** Glyphs in paint order: [text, x, width], on one baseline at size 10 (y offsets as given). */
function glyphs(spec: Array<[string, number, number, number?]>): StyledGlyph[] {
  return spec.map(([text, x, width, dy]) => ({
    text,
    x,
    y: 100 + (dy ?? 0),
    width,
    size: 10,
    bold: false,
    italic: false,
    font: "F",
    fill: "#000000",
  }));
}
const read = (spec: Array<[string, number, number, number?]>) => buildSegments(glyphs(spec)).map((s) => s.text);

test("a Thai tone mark drawn a little right of its letter's origin stays on that letter, no gap after it", () => {
  // ส่วน: the tone mark is drawn after ส at x 111.11, just past the origin of ว (111.04)
  expect(
    read([
      ["ส", 103.81, 7.22],
      ["\u0E48", 111.11, 0],
      ["ว", 111.04, 6.17],
      ["น", 117.2, 7.75],
    ]),
  ).toEqual(["ส่วน"]);
});

test("Thai SARA AM drawn as nikhahit + SARA AA reads as one SARA AM", () => {
  expect(
    read([
      ["ท", 0, 6.1],
      ["\u0E33", 6.07, 0],
      ["\u0E32", 6.1, 4.06],
      ["ง", 10.16, 5.37],
    ]),
  ).toEqual(["ทำง"]);
});

test("a Devanagari pre-base vowel sign moves after its cluster, before the cluster's marks", () => {
  // शिक्षा: "ि" is drawn before श
  expect(
    read([
      ["\u093F", 60, 3.53],
      ["श", 63.53, 9.11],
      ["क्ष", 72.64, 9.55],
      ["ा", 82.19, 3.53],
    ]),
  ).toEqual(["शिक्षा"]);
  // व्यक्तिगत: the sign goes after the half form क् and त
  expect(
    read([
      ["व्य", 0, 11.69],
      ["\u093F", 11.69, 3.53],
      ["क्", 15.22, 7.9],
      ["त", 22.22, 7.44],
    ]),
  ).toEqual(["व्यक्ति"]);
  // मिं: the anusvara drawn over म (no advance) stays after the vowel sign
  expect(
    read([
      ["\u093F", 0, 3.5],
      ["म", 3.5, 8],
      ["\u0902", 9, 0, -1],
    ]),
  ).toEqual(["मिं"]);
});

test("a reph drawn over the end of its cluster moves to the cluster's start, half forms included", () => {
  // वर्तमान: the reph (र्, no advance) is drawn after त at the origin of म
  expect(
    read([
      ["व", 0, 7.25],
      ["त", 7.25, 7.44],
      ["र्", 14.69, 0],
      ["म", 14.69, 7.82],
      ["ा", 22.51, 3.53],
      ["न", 26.04, 7.38],
    ]),
  ).toEqual(["वर्तमान"]);
  // पार्श्व: the reph belongs to श्व, drawn as श् + व
  expect(
    read([
      ["प", 0, 5.7],
      ["ा", 5.7, 2.6],
      ["श्", 8.3, 4],
      ["व", 12.3, 5.6],
      ["र्", 17.9, 0],
    ]),
  ).toEqual(["पार्श्व"]);
  // कीर्ति: pre-base sign and reph in one syllable
  expect(
    read([
      ["क", 0, 7.7],
      ["ी", 7.7, 2.6],
      ["\u093F", 10.3, 2.6],
      ["त", 12.9, 5.7],
      ["र्", 18.6, 0],
    ]),
  ).toEqual(["कीर्ति"]);
});

test("Bengali: a two-part vowel drawn around its cluster is one vowel; unmapped conjunct parts are dropped", () => {
  // কো: "ে" before ক, "া" after it
  expect(
    read([
      ["\u09C7", 0, 3.6],
      ["ক", 3.6, 8.07],
      ["\u09BE", 11.67, 2.66],
    ]),
  ).toEqual(["কো"]);
  // ল্প: a below-base part without an advance, left unmapped (the reader sees its character code, " "
  // or "'"), drawn over the conjunct: no word space, no quote
  expect(
    read([
      ["ক", 0, 8.07],
      ["ল্", 8.07, 8.46],
      ["প", 12.99, 3.5],
      [" ", 8.43, 0, 1.3],
      ["স", 16.5, 7.73],
    ]),
  ).toEqual(["কল্পস"]);
  expect(
    read([
      ["ক্", 0, 7.1],
      ["ত", 5.45, 0, 0.2],
      ["'", 7.1, 0],
      ["গ", 7.1, 6.46],
    ]),
  ).toEqual(["ক্তগ"]);
});

test("glyphs of other scripts are handed on as they are", () => {
  const latin = glyphs([
    ["A", 0, 6],
    ["\u0301", 3, 0],
    ["b", 6, 5],
  ]);
  expect(joinDrawnOver(latin)).toBe(latin);
  expect(writtenOrder(latin)).toBe(latin);
});

function wordsOf(code: string): string[] {
  const out = new Set<string>();
  const l = SECTION_WORDS[code]!;
  for (const words of Object.values(l.sections)) for (const w of words!.split(/\s+/)) if (w) out.add(w);
  const d = DATE_WORDS[code]!;
  for (const m of d.months.split(",")) for (const f of m.split("/")) if (f.trim()) out.add(f.trim());
  for (const p of d.present) out.add(p);
  const g = LANGUAGE_WORDS[code];
  if (g)
    for (const t of [g.projects, g.experience, g.education, g.skills, g.publications, g.role, g.present, ...g.months])
      out.add(t);
  return [...out];
}

describe("every word of the vocabulary and the generator reads back from a PDF drawn in Noto Sans", () => {
  for (const code of SCRIPT_FONT_LANGUAGES) {
    test(`${SECTION_WORDS[code]!.name} (${code}), regular and bold, 10 and 13 pt`, async () => {
      const words = wordsOf(code);
      for (let i = 0; i < words.length; i += 34) {
        const group = words.slice(i, i + 34);
        const pdf = await pdfkitDocument((doc) => {
          useScriptFont(doc, code);
          let y = 50;
          for (const w of group) {
            if (y > 780) {
              doc.addPage();
              y = 50;
            }
            doc.font("bold").fontSize(13).text(w, 50, y, { lineBreak: false });
            doc
              .font("sans")
              .fontSize(10)
              .text(w, 320, y + 3, { lineBreak: false });
            y += 22;
          }
        });
        const raw = await readPdf(pdf);
        const lines = raw.pages.flatMap((p) => layoutPage(p, 0).lines.map((l) => l.segments.map((s) => s.text)));
        expect(lines).toEqual(group.map((w) => [w.normalize("NFC"), w.normalize("NFC")]));
      }
    });
  }
});
