import { describe, expect, test } from "bun:test";
import { deflateSync } from "node:zlib";
import { DEFAULT_READ_LIMITS, readPdf } from "../../../src/resume/pdf/pdf-reader.ts";
import { rawPdf, rawStream } from "../../fixtures/resume/raw-pdf.ts";
import { countingDecompressionStreams } from "../support/decompression-streams.ts";

/**
 * A FlateDecode stream pdf.js decodes whole (a page's content here) is inflated by zlib while the reader
 * reads fonts for their text only (pdfjs-hooks.ts), and by pdf.js's DecompressionStream path as shipped
 * (`convertFonts`). Both must give the same document, for a sound stream and for damaged ones, where
 * zlib refuses the data and the shipped path (with pdf.js's own lenient inflate behind it) decides.
 */

const TEXT = "Projects: claimcheck, a resume checker (2024)";

/** One page whose content stream is `stream` (already compressed), shown in a standard font. */
function pageWithContent(stream: Uint8Array): Uint8Array {
  const pdf = rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    rawStream("/Filter /FlateDecode", stream),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ]);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

const content = (text: string) =>
  new Uint8Array(deflateSync(new TextEncoder().encode(`BT /F1 12 Tf 72 720 Td (${text}) Tj ET`)));

async function readBothWays(pdf: Uint8Array) {
  const zlib = await countingDecompressionStreams(() =>
    readPdf(pdf, DEFAULT_READ_LIMITS).catch((e: Error) => e.message),
  );
  const shipped = await countingDecompressionStreams(() =>
    readPdf(pdf, DEFAULT_READ_LIMITS, { convertFonts: true }).catch((e: Error) => e.message),
  );
  expect(zlib.result).toEqual(shipped.result);
  return { zlib, shipped };
}

const textOf = (doc: unknown) =>
  (doc as { pages: Array<{ glyphs: Array<{ text: string }> }> }).pages
    .flatMap((p) => p.glyphs.map((g) => g.text))
    .join("");

describe("FlateDecode streams decoded whole", () => {
  test("a compressed page is inflated by zlib, without a DecompressionStream, to the document the shipped path reads", async () => {
    const { zlib, shipped } = await readBothWays(pageWithContent(content(TEXT)));
    expect(zlib.streams).toBe(0);
    expect(shipped.streams).toBeGreaterThan(0);
    expect(textOf(zlib.result)).toBe(TEXT);
  });

  test("a stream whose checksum is wrong is left to the shipped path, and reads as it does there", async () => {
    const stream = content(TEXT);
    stream[stream.length - 1]! ^= 0xff;
    const { zlib } = await readBothWays(pageWithContent(stream));
    expect(zlib.streams).toBeGreaterThan(0);
    expect(textOf(zlib.result)).toBe(TEXT);
  });

  test("a stream cut short is left to the shipped path, and reads as it does there", async () => {
    const whole = content(`${TEXT} `.repeat(40));
    const { zlib } = await readBothWays(pageWithContent(whole.subarray(0, Math.floor(whole.length / 2))));
    expect(zlib.streams).toBeGreaterThan(0);
  });

  test("data behind a sound zlib header that is not deflate is left to the shipped path, and fails or reads as it does there", async () => {
    const garbage = new Uint8Array([0x78, 0x9c, ...new TextEncoder().encode("this is not deflate data at all")]);
    const { zlib } = await readBothWays(pageWithContent(garbage));
    expect(zlib.streams).toBeGreaterThan(0);
  });
});
