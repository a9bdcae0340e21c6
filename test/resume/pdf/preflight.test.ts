import { expect, test } from "bun:test";
import { preflightPdf } from "../../../src/resume/pdf/preflight.ts";
import { ResumeError } from "../../../src/resume/types.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const code = (bytes: Uint8Array, max?: number) => {
  try {
    preflightPdf(bytes, max);
    return "ok";
  } catch (err) {
    expect(err).toBeInstanceOf(ResumeError);
    return (err as ResumeError).code;
  }
};

test.each([
  ["a complete PDF", "%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n", "ok"],
  ["junk before the header and after %%EOF", "garbage\n%PDF-1.4\nbody\n%%EOF\n\n\r\nxx", "ok"],
  ["empty", "", "pdf_corrupt"],
  ["not a PDF", "<html><body>resume</body></html>", "pdf_corrupt"],
  ["cut short", "%PDF-1.7\n1 0 obj\n<< /Type /Catalog", "pdf_corrupt"],
])("%s", (_name, text, want) => expect(code(enc(text))).toBe(want));

test("over the size limit", () => {
  expect(code(enc(`%PDF-1.7\n${"x".repeat(2000)}\n%%EOF`), 1000)).toBe("pdf_too_large");
});

test("messages tell the person what to do", () => {
  try {
    preflightPdf(enc("%PDF-1.7\n1 0 obj"));
  } catch (err) {
    expect((err as Error).message).toContain("upload the complete file");
  }
});

test("the header counts only when it ends within the first 1024 bytes", () => {
  const body = "\n1 0 obj\n<<>>\nendobj\n%%EOF\n";
  expect(code(enc(`${" ".repeat(1019)}%PDF-1.7${body}`))).toBe("ok");
  expect(code(enc(`${" ".repeat(1020)}%PDF-1.7${body}`))).toBe("pdf_corrupt");
});

test("%%EOF counts only when it lies within the last 2048 bytes", () => {
  expect(code(enc(`%PDF-1.7\nbody\n%%EOF${" ".repeat(2043)}`))).toBe("ok");
  expect(code(enc(`%PDF-1.7\nbody\n%%EOF${" ".repeat(2044)}`))).toBe("pdf_corrupt");
});

test("a view into a larger buffer sees only its own bytes", () => {
  const whole = enc("xx%PDF-1.7\nbody\n%%EOF\nyy");
  expect(code(whole.subarray(2))).toBe("ok");
  expect(code(whole.subarray(3))).toBe("pdf_corrupt"); // starts inside the header
  expect(code(whole.subarray(0, whole.length - 5))).toBe("pdf_corrupt"); // ends inside %%EOF
});
