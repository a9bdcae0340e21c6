import { describe, expect, test } from "bun:test";
import { deflateSync } from "node:zlib";
import PDFDocument from "pdfkit";
import { DEFAULT_READ_LIMITS, readPdf } from "../../../src/resume/pdf/pdf-reader.ts";
import type { FontRead } from "../../../src/resume/pdf/pdfjs-fonts.ts";
import { rawPdf, rawStream } from "../../fixtures/resume/raw-pdf.ts";
import { countingDecompressionStreams } from "../support/decompression-streams.ts";

/**
 * pdf.js (patched, see .patches/README.md) reads a font for its text only when the dictionary and the
 * head of the program say everything the glyphs carry, and converts the program otherwise. Each case
 * is read both ways: the reader's default and `convertFonts` (every program converted, as unpatched
 * pdf.js does) must give the same document, and the default must take the path the case calls for.
 * If the patch is not applied, nothing is read text-only and the first tests fail.
 */

const SANS = "node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf";

async function ttf(path = SANS): Promise<Uint8Array> {
  return new Uint8Array(await Bun.file(path).arrayBuffer());
}

interface SimpleFont {
  subtype: "TrueType" | "Type1";
  /** extra font dictionary entries */
  entries: string;
  /** FontDescriptor /Flags */
  flags: number;
  program: Uint8Array;
  /** embed the program FlateDecode-compressed (as most producers do) */
  compress?: boolean;
}

/** One page showing `text` in a simple font (object 5) whose program is embedded as FontFile2 (TrueType) or FontFile (Type 1). */
function simpleFontPdf(text: string, font: SimpleFont): Uint8Array {
  const widths = Array.from({ length: 95 }, () => 600).join(" ");
  const content = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  const fileKey = font.subtype === "TrueType" ? "FontFile2" : "FontFile";
  const pdf = rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    rawStream("", content),
    `<< /Type /Font /Subtype /${font.subtype} /BaseFont /DejaVuSans /FirstChar 32 /LastChar 126 /Widths [${widths}] /FontDescriptor 6 0 R ${font.entries} >>`,
    `<< /Type /FontDescriptor /FontName /DejaVuSans /Flags ${font.flags} /FontBBox [-1021 -463 1793 1232] /ItalicAngle 0 /Ascent 928 /Descent -236 /CapHeight 729 /StemV 80 /${fileKey} 7 0 R >>`,
    font.compress
      ? rawStream(`/Filter /FlateDecode /Length1 ${font.program.length}`, new Uint8Array(deflateSync(font.program)))
      : rawStream(`/Length1 ${font.program.length}`, font.program),
  ]);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

function simpleTrueTypePdf(text: string, entries: string, flags: number, program: Uint8Array): Uint8Array {
  return simpleFontPdf(text, { subtype: "TrueType", entries, flags, program });
}

/** pdfkit embeds a TrueType font as a Type 0 font (CIDFontType2, Identity-H) with a ToUnicode map. */
async function compositePdf(text: string): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: "A4", compress: true });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  doc.font(SANS).fontSize(12).text(text, 72, 72);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

async function readBothWays(pdf: Uint8Array): Promise<{ reads: FontRead[]; text: string }> {
  const reads: FontRead[] = [];
  const textOnly = await readPdf(pdf, DEFAULT_READ_LIMITS, { onFont: (f) => reads.push(f.read) });
  const converted = await readPdf(pdf, DEFAULT_READ_LIMITS, { convertFonts: true });
  expect(textOnly).toEqual(converted);
  return { reads, text: textOnly.pages.flatMap((p) => p.glyphs.map((g) => g.text)).join("") };
}

describe("fonts read for their text only", () => {
  test("an embedded TrueType font with a ToUnicode map (Type 0) is not converted, and reads the same", async () => {
    const { reads, text } = await readBothWays(await compositePdf("Grüße, Œuvre — naïve café 42"));
    expect(reads).toEqual(["text-only"]);
    expect(text).toContain("Grüße, Œuvre — naïve café 42");
  });

  test("a simple non-symbolic TrueType font with an Encoding is not converted, and reads the same", async () => {
    const pdf = simpleTrueTypePdf("Projects: claimcheck (2024)", "/Encoding /WinAnsiEncoding", 32, await ttf());
    const { reads, text } = await readBothWays(pdf);
    expect(reads).toEqual(["text-only"]);
    expect(text).toBe("Projects: claimcheck (2024)");
  });

  test("a symbolic TrueType font without ToUnicode or Encoding is still converted (its name table can change the text)", async () => {
    const pdf = simpleTrueTypePdf("Hello", "", 4, await ttf());
    const { reads } = await readBothWays(pdf);
    expect(reads).toEqual(["converted"]);
  });

  test("a damaged program is left to the full conversion, which falls back to a substitute font", async () => {
    const program = (await ttf()).slice(0, 4000);
    // a TrueType header whose table directory names no loca table: checkAndRepair gives up
    const bytes = program.slice();
    for (let i = 12; i < 12 + 16 * ((bytes[4]! << 8) | bytes[5]!); i += 16) {
      if (String.fromCharCode(...bytes.subarray(i, i + 4)) === "loca") bytes.set([120, 120, 120, 120], i);
    }
    const { reads, text } = await readBothWays(simpleTrueTypePdf("Hello", "/Encoding /WinAnsiEncoding", 32, bytes));
    expect(reads).toEqual(["no-program"]);
    expect(text).toBe("Hello");
  });

  test("a program of no known type is left to the full conversion, whatever the dictionary calls it", async () => {
    const program = new TextEncoder().encode("not a font program at all, ".repeat(40));
    const pdf = simpleFontPdf("Hello", { subtype: "Type1", entries: "/Encoding /WinAnsiEncoding", flags: 32, program });
    const { reads, text } = await readBothWays(pdf);
    expect(reads).toEqual(["no-program"]);
    expect(text).toBe("Hello");
  });
});

/** A simple TrueType font whose program is embedded FlateDecode-compressed. */
async function compressedTrueTypePdf(text: string, entries: string, flags: number): Promise<Uint8Array> {
  return simpleFontPdf(text, { subtype: "TrueType", entries, flags, program: await ttf(), compress: true });
}

describe("compressed font programs are decoded as they are read", () => {
  test("a font read for its text only never inflates its whole program, and reads as the converted font does", async () => {
    const pdf = await compressedTrueTypePdf("Projects: claimcheck (2024)", "/Encoding /WinAnsiEncoding", 32);
    const reads: FontRead[] = [];
    const textOnly = await countingDecompressionStreams(() =>
      readPdf(pdf, DEFAULT_READ_LIMITS, { onFont: (f) => reads.push(f.read) }),
    );
    const converted = await countingDecompressionStreams(() =>
      readPdf(pdf, DEFAULT_READ_LIMITS, { convertFonts: true }),
    );
    expect(reads).toEqual(["text-only"]);
    expect(textOnly.streams).toBe(0);
    expect(converted.streams).toBe(1);
    expect(textOnly.result).toEqual(converted.result);
    expect(textOnly.result.pages[0]!.glyphs.map((g) => g.text).join("")).toBe("Projects: claimcheck (2024)");
  });

  test("a compressed program that must still be converted is decoded whole by pdf.js's own inflate, to the same font", async () => {
    const { reads, text } = await readBothWays(await compressedTrueTypePdf("Hello", "", 4));
    expect(reads).toEqual(["converted"]);
    expect(text).toBe("Hello");
  });
});
