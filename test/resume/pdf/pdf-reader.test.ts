import { expect, test } from "bun:test";
import { TooManyGlyphsError } from "../../../src/resume/pdf/content-interpreter.ts";
import { readPdf, toResumeError } from "../../../src/resume/pdf/pdf-reader.ts";
import { ResumeError } from "../../../src/resume/types.ts";
import { ResumeBuilder } from "../../fixtures/resume/fixture-builder.ts";
import { fixture } from "../support/fixtures.ts";

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

test.each([
  ["PasswordException", "pdf_encrypted", named("PasswordException", "No password given")],
  ["InvalidPDFException", "pdf_corrupt", named("InvalidPDFException", "Invalid PDF structure.")],
  ["RangeError: call stack", "pdf_too_complex", new RangeError("Maximum call stack size exceeded.")],
  [
    "UnknownErrorException: call stack",
    "pdf_too_complex",
    named("UnknownErrorException", "Maximum call stack size exceeded."),
  ],
  ["TooManyGlyphsError", "pdf_too_complex", new TooManyGlyphsError("too many")],
  ["any other Error", "pdf_corrupt", new Error("something odd")],
  ["a thrown string", "pdf_corrupt", "a string"],
])("toResumeError(%s) -> %s", (_, code, err) => expect(toResumeError(err).code).toBe(code as never));

test("toResumeError keeps a ResumeError as it is", () => {
  const e = new ResumeError("pdf_timeout", "slow");
  expect(toResumeError(e)).toBe(e);
});

test("readPdf returns glyphs, fonts, link annotations and metadata", async () => {
  const doc = await readPdf(await fixture("annotation-links.pdf"));
  expect(doc.pages).toHaveLength(1);
  const page = doc.pages[0]!;
  expect([page.width, page.height]).toEqual([612, 792]);
  expect(page.glyphs.length).toBeGreaterThan(300);
  expect(page.fonts.map((f) => f.name)).toContain("Helvetica-Bold");
  expect(page.links.map((l) => l.uri)).toContain("https://github.com/janedoe/chess-engine");
  expect(doc.producer).toContain("pdf-lib");
});

test("readPdf calls the budget check between pages and stops when it throws", async () => {
  let calls = 0;
  const err = await readPdf(await fixture("fake-bold.pdf"), {
    maxPages: 30,
    maxGlyphsPerPage: 100_000,
    checkBudget: () => {
      calls++;
      throw new ResumeError("pdf_too_complex", "over budget");
    },
  }).catch((e) => e);
  expect(calls).toBe(1);
  expect((err as ResumeError).code).toBe("pdf_too_complex");
});

test("readPdf refuses a page with more glyphs than the cap", async () => {
  const err = await readPdf(await fixture("fake-bold.pdf"), { maxPages: 30, maxGlyphsPerPage: 10 }).catch((e) => e);
  expect((err as ResumeError).code).toBe("pdf_too_complex");
});

test("readPdf reads the link annotations of every page onto their page, and leaves out hidden ones", async () => {
  const b = await ResumeBuilder.create();
  b.linkedText(72, 100, "first", "https://github.com/jane/one");
  b.link(72, 120, 50, 12, "https://github.com/jane/hidden", 2);
  b.link(72, 140, 50, 12, "https://github.com/jane/noview", 32);
  b.link(72, 160, 50, 12, "https://github.com/jane/printable", 4);
  b.newPage();
  b.linkedText(72, 100, "second", "https://github.com/jane/two");
  const doc = await readPdf(await b.save());
  expect(doc.pages.map((p) => p.links.map((l) => l.uri))).toEqual([
    ["https://github.com/jane/one", "https://github.com/jane/printable"],
    ["https://github.com/jane/two"],
  ]);
  // the rectangle is in top-down page coordinates
  const first = doc.pages[0]!.links[0]!;
  expect(first.y0).toBeCloseTo(90, 0);
  expect(first.x0).toBeCloseTo(72, 0);
});
