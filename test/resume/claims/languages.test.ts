import { describe, expect, test } from "bun:test";
import { DATE_WORDS } from "../../../src/resume/claims/date-words.ts";
import { findDateRange } from "../../../src/resume/claims/dates.ts";
import { classifyHeading, foldWord } from "../../../src/resume/claims/heading-vocabulary.ts";
import { SECTION_WORDS } from "../../../src/resume/claims/section-words.ts";

/**
 * Every language of the vocabulary, at the text level: each section word names its section as
 * written, in capitals and with a qualifier; no word names two sections in two languages; and each
 * language's month and "until now" words read as a date range.
 */

const codes = Object.keys(SECTION_WORDS);

test("at least 25 languages, among them the common ones", () => {
  expect(codes.length).toBeGreaterThanOrEqual(25);
  for (const c of "en es pt fr de it nl pl cs tr ru uk ar he fa hi bn id vi th zh ja ko".split(" "))
    expect(codes).toContain(c);
  for (const l of Object.values(SECTION_WORDS)) {
    expect(l.sections.projects).toBeTruthy();
    expect(l.sections.experience).toBeTruthy();
    expect(l.sections.education).toBeTruthy();
    expect(l.sections.skills).toBeTruthy();
  }
});

describe("each section word names its section", () => {
  for (const [code, l] of Object.entries(SECTION_WORDS)) {
    test(`${l.name} (${code})`, () => {
      for (const [kind, words] of Object.entries(l.sections)) {
        const entries = l.phrases ? words!.split(",") : words!.split(/\s+/);
        for (const w of entries.map((e) => e.trim()).filter(Boolean)) {
          expect([w, classifyHeading(w)]).toEqual([w, kind]);
          // capitals, and the colon some resumes put after a heading
          expect([w, classifyHeading(`${w.toUpperCase()}:`)]).toEqual([w, kind]);
        }
      }
    });
  }
});

test("no word names two kinds of section in two languages", () => {
  const seen = new Map<string, string>();
  for (const l of Object.values(SECTION_WORDS)) {
    if (l.unspaced || l.phrases) continue;
    for (const [kind, words] of Object.entries(l.sections))
      for (const w of words!.split(/\s+/).map(foldWord)) {
        const before = seen.get(w);
        if (before) expect([w, kind]).toEqual([w, before]);
        seen.set(w, kind);
      }
  }
});

test("accents and capitals fold: ΕΡΓΑ, EXPERIÊNCIA, Eğitim, پروژه‌ها without its joiner", () => {
  expect(classifyHeading("ΕΡΓΑ")).toBe("projects");
  expect(classifyHeading("EXPERIÊNCIA")).toBe("experience");
  expect(classifyHeading("Eğitim")).toBe("education");
  expect(classifyHeading("پروژهها")).toBe("projects");
  expect(classifyHeading("פרויקטים")).toBe("projects");
});

test("headings of scripts without spaces are found inside longer headings", () => {
  expect(classifyHeading("个人项目")).toBe("projects");
  expect(classifyHeading("職務経歴")).toBe("experience");
  expect(classifyHeading("개인 프로젝트")).toBe("projects");
  expect(classifyHeading("ผลงานตีพิมพ์")).toBe("publications");
  expect(classifyHeading("โครงการที่ทำ")).toBe("projects");
});

test("a word one letter from a foreign heading word is not a heading (Projector, not projecto)", () => {
  expect(classifyHeading("Projector")).toBeNull();
});

test("a suffixing language's heading word reads with its ending: İş deneyimi, Eğitim bilgileri, Projelerimiz", () => {
  expect(classifyHeading("İş deneyimi")).toBe("experience");
  expect(classifyHeading("İŞ DENEYİMLERİ")).toBe("experience");
  expect(classifyHeading("Eğitimi")).toBe("education");
  expect(classifyHeading("Projelerimiz")).toBe("projects");
  expect(classifyHeading("Sertifikaları")).toBe("certifications");
});

test("an ending is read only after a stem of a suffixing language, and only a listed ending", () => {
  // "experiences" is English's own word; an English stem takes no Turkish ending
  expect(classifyHeading("Experienceler")).toBeNull();
  // a Turkish stem followed by letters that are no ending is not the stem's word
  expect(classifyHeading("Deneyimsiz")).toBeNull();
});

describe("month and present words read as date ranges", () => {
  for (const [code, d] of Object.entries(DATE_WORDS)) {
    const months = d.months.split(",").map((m) => m.split("/")[0]!.trim());
    test(`${code}`, () => {
      months.forEach((m, i) => {
        if (!m) return;
        const r = findDateRange(`${m} 2021 – ${d.present[0]}`)?.range;
        expect([m, r?.start, r?.end]).toEqual([m, `2021-${String(i + 1).padStart(2, "0")}`, "present"]);
      });
      if (months.every((m) => !m)) {
        const r = findDateRange(`2020年3月 – ${d.present[0]}`)?.range;
        expect([r?.start, r?.end]).toEqual(["2020-03", "present"]);
      }
    });
  }
});
