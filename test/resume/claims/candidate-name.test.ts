import { expect, test } from "bun:test";
import { candidateName } from "../../../src/resume/claims/candidate-name.ts";
import { line, seg, stack } from "../support/layout-builders.ts";

test("the biggest plausible name near the top of page one", () => {
  const lines = stack([
    ["Brgy. Alangilan, Batangas City 4200", { size: 13 }],
    ["infelixian@gmail.com", { size: 13 }],
    ["JEREMY IAN M. ARQUIZA", { size: 20, bold: true }],
    ["Aspiring Software and Web Developer", { size: 14, bold: true }],
    ["EXPERIENCE", { size: 12, bold: true }],
  ]);
  expect(candidateName(lines)).toBe("JEREMY IAN M. ARQUIZA");
});

test("a leading run in its own style is the name ('ARTHUR L. – Software Engineer')", () => {
  const l = line([seg("ARTHUR L. – Software Engineer | Web3", { boldPrefix: 9, size: 11 })], { y: 50 });
  expect(candidateName([l])).toBe("ARTHUR L.");
});

test("headings, contact lines and document titles are not names", () => {
  const lines = stack([
    ["Curriculum Vitae", { size: 24 }],
    ["Projects", { size: 18, bold: true }],
    ["jane@example.com | 555 0100", { size: 20 }],
  ]);
  expect(candidateName(lines)).toBeNull();
});
