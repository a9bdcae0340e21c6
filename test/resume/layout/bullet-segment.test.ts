import { describe, expect, test } from "bun:test";
import { isBulletMark, joinBulletSegment } from "../../../src/resume/layout/bullet-segment.ts";
import { seg } from "../support/layout-builders.ts";

describe("joinBulletSegment", () => {
  test.each([
    ["•", "• To-Do list bot"],
    ["o", "• To-Do list bot"],
    ["a)", "a) To-Do list bot"],
    ["1.", "1. To-Do list bot"],
    ["\uF0B7", "• To-Do list bot"],
  ])("a bullet %p set off by a tab joins its text", (mark, joined) => {
    const out = joinBulletSegment([seg(mark, { x: 30 }), seg("To-Do list bot", { x: 50, bold: true })]);
    expect(out.map((s) => s.text)).toEqual([joined]);
    const s = out[0]!;
    expect(s.x0).toBe(30);
    expect(s.charBoxes.length).toBe(s.text.length);
    // the text keeps its own style runs, shifted past the bullet
    const run = s.runs[s.runs.length - 1]!;
    expect(s.text.slice(run.start, run.end)).toBe("To-Do list bot");
    expect(run.bold).toBe(true);
  });

  test("words, far-away marks and a bullet before a number-only segment are left alone", () => {
    const word = [seg("Go", { x: 30 }), seg("Gin, Redis", { x: 50 })];
    expect(joinBulletSegment(word)).toBe(word);
    const far = [seg("•", { x: 30 }), seg("2021", { x: 500 })];
    expect(joinBulletSegment(far)).toBe(far);
    const lone = [seg("•", { x: 30 })];
    expect(joinBulletSegment(lone)).toBe(lone);
  });

  test("isBulletMark", () => {
    expect(["•", "–", "o", "iv)", "(b)", "12."].map(isBulletMark)).toEqual([true, true, true, true, true, true]);
    expect(["oo", "Go", "2021", "A.B."].map(isBulletMark)).toEqual([false, false, false, false]);
  });
});
