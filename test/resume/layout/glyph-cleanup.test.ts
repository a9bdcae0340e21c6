import { expect, test } from "bun:test";
import { cleanGlyphText, SOFT_HYPHEN } from "../../../src/resume/layout/glyph-cleanup.ts";

test.each([
  ["a", false, "a"],
  ["\uFB01", false, "fi"],
  ["\uFB03", false, "ffi"],
  ["\uFB02", false, "fl"],
  ["\u0153", false, "oe"],
  ["\u2010", false, "-"],
  ["\u2212", false, "-"],
  ["\u00A0", false, " "],
  ["\u200B", false, ""],
  ["\uF0E0", false, ""],
  ["a", true, ""],
  ["\uFF21", false, "A"],
  [SOFT_HYPHEN, false, SOFT_HYPHEN],
  ["Ж", false, "Ж"],
  ["", false, ""],
])("cleanGlyphText(%j, icon=%s) = %j", (text, icon, want) => expect(cleanGlyphText(text, icon)).toBe(want));
