import { describe, expect, test } from "bun:test";
import { DATE_WORDS } from "../../src/resume/claims/date-words.ts";
import { SECTION_WORDS } from "../../src/resume/claims/section-words.ts";
import { extractResumeInProcess } from "../../src/resume/index.ts";
import { pdfkitDocument } from "./support/pdfkit-doc.ts";
import { useScriptFont } from "./support/script-fonts.ts";

/**
 * Every language of the vocabulary, read from a PDF the test makes: its headings in that language (the
 * first word of the vocabulary's projects, experience and education lists, in capitals), a month and
 * "until now" word as the date of a project (year and month in the CJK form where the language writes
 * dates so), two projects with repository links, and an employer under the experience heading. The
 * projects are found under their heading, dated, and the employer is not a project. Latin, Cyrillic,
 * Greek, Hebrew, Arabic and Persian are drawn in the shipped DejaVu Sans; Hindi, Bengali, Thai,
 * Chinese, Japanese and Korean in Noto Sans (support/script-fonts.ts), whose shaping puts Indic vowel
 * signs and rephs in visual order and Thai marks on their letters, and Thai and CJK write no spaces
 * between words. Hebrew, Arabic and Persian are drawn right to left (glyphs placed from the right, as
 * every producer does) and must read in logical order.
 */

const DRAWN = "en es pt fr de it nl pl cs tr ru uk ar he fa id vi sv ro el hi bn th zh ja ko".split(" ");
/** Year and month of the languages whose months are numbers ("2021年3月"). */
const NUMERIC_MONTH: Record<string, string> = { zh: "2021年3月", ja: "2021年3月", ko: "2021년 3월" };
const RTL = new Set(["ar", "he", "fa"]);

const first = (words: string | undefined, phrases?: boolean) =>
  (phrases ? words!.split(",")[0]! : words!.split(/\s+/)[0]!).trim();

async function resumeIn(code: string): Promise<Uint8Array> {
  const l = SECTION_WORDS[code]!;
  const d = DATE_WORDS[code]!;
  const start = NUMERIC_MONTH[code] ?? `${d.months.split(",")[2]!.split("/")[0]!.trim()} 2021`;
  return pdfkitDocument((doc) => {
    useScriptFont(doc, code);
    const rtl = RTL.has(code);
    let y = 60;
    // A right-to-left line is set the way a bidi-aware producer sets it: words placed from the right
    // margin leftwards, each word's glyphs in visual order (fontkit shapes and orders one word).
    const draw = (font: string, size: number, text: string, x: number) => {
      doc.font(font).fontSize(size);
      if (!rtl) {
        doc.text(text, x, y, { lineBreak: false });
        return;
      }
      let right = 595 - x;
      for (const word of text.split(" ")) {
        const w = doc.widthOfString(word);
        doc.text(word, right - w, y, { lineBreak: false });
        right -= w + doc.widthOfString(" ");
      }
    };
    const put = (font: string, size: number, text: string, gap = 1.6) => {
      draw(font, size, text, 60);
      y += size * gap;
    };
    put("bold", 22, "Jana Novak");
    put("sans", 10, "jana@example.org  github.com/jnovak", 2.4);
    put("bold", 14, first(l.sections.experience, l.phrases).toUpperCase());
    put("bold", 11, "Northgale Logistics");
    put("sans", 10, "2019 – 2022", 2.4);
    put("bold", 14, first(l.sections.projects, l.phrases).toUpperCase());
    for (const [name, repo] of [
      ["Tidepool", "tidepool"],
      ["Relaybox", "relaybox"],
    ]) {
      draw("bold", 11, name!, 60);
      draw("sans", 10, `${start} – ${d.present[0]}`, 390);
      y += 16;
      draw("sans", 10, `github.com/jnovak/${repo}`, 60);
      y += 24;
    }
    put("bold", 14, first(l.sections.education, l.phrases).toUpperCase());
    put("sans", 10, "Eastmere University 2015 – 2019");
  });
}

describe("a resume in each language", () => {
  for (const code of DRAWN) {
    test(`${SECTION_WORDS[code]!.name} (${code})${RTL.has(code) ? ", right to left" : ""}`, async () => {
      const r = await extractResumeInProcess(await resumeIn(code));
      const l = SECTION_WORDS[code]!;
      // a zero-width non-joiner (Persian) may be drawn as a gap: compare without it
      const plain = (t: string) => t.replace(/[\u200c\s]/g, "");
      const projects = plain(first(l.sections.projects, l.phrases).toUpperCase());
      expect(r.projects.map((p) => [p.name, p.repoUrl, plain(p.section)])).toEqual([
        ["Tidepool", "github.com/jnovak/tidepool", projects],
        ["Relaybox", "github.com/jnovak/relaybox", projects],
      ]);
      expect(r.projects[0]!.dates).toMatchObject({ start: "2021-03", end: "present" });
      // the heading reads in logical order (right-to-left text turned around)
      expect(r.textLines?.some((t) => plain(t.text) === projects)).toBe(true);
    });
  }
});
