/**
 * Hostile upload generators: valid generated resumes mutated at random (truncation at many offsets,
 * byte flips), hand-built structural attacks (bogus xref, deep nesting, self-referencing forms and page
 * trees, decompression bombs, lying lengths, thousands of pages), and files that are not what they claim
 * (zero bytes, oversized, other formats named .pdf, a real PDF named .docx). Deterministic from a seed.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { rawPdf, rawStream } from "../fixtures/resume/raw-pdf.ts";
import { seededRandom } from "../support/seeded-random.ts";

export type MutantKind =
  | "truncate"
  | "flip"
  | "bogus-xref"
  | "deep-nesting"
  | "self-reference"
  | "huge-stream"
  | "many-pages"
  | "encrypted"
  | "size"
  | "mislabelled";

/**
 * What a correct service does with it: `refuse` = the API's error at POST (status and code given);
 * `fail` = accepted, then a FAILED job with an actionable reason; `any` = refusal, FAILED with a reason,
 * or COMPLETED (a mutation the reader can legitimately survive); `complete` = a valid file, processed.
 */
export type Expectation =
  | {
      kind: "refuse";
      status: number;
      code: string /** a known deviation: the status is right but the body may lack the code */;
      knownBare?: string;
    }
  | { kind: "fail" }
  | { kind: "any" }
  | { kind: "complete" };

export interface Mutant {
  name: string;
  kind: MutantKind;
  bytes: Uint8Array;
  filename: string;
  contentType: string;
  expect: Expectation;
}

const enc = new TextEncoder();
const ANY: Expectation = { kind: "any" };
const FAIL: Expectation = { kind: "fail" };
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const rng = seededRandom;

const pdfMutant = (name: string, kind: MutantKind, bytes: Uint8Array, expect: Expectation = ANY): Mutant => ({
  name,
  kind,
  bytes,
  filename: "resume.pdf",
  contentType: "application/pdf",
  expect,
});

export { rawPdf, rawStream };

const TEXT =
  "BT /F1 12 Tf 72 700 Td (Jane Hostile) Tj 0 -20 Td (Projects) Tj 0 -20 Td (weather-dash github.com/alice-honest/weather-dash) Tj ET";
/** catalog, pages, one page with `pageExtra`, its content, a font */
const onePage = (
  content: Uint8Array | string = rawStream("", TEXT),
  pageExtra = "",
  resources = "/Font << /F1 5 0 R >>",
) => [
  "<< /Type /Catalog /Pages 2 0 R >>",
  "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << ${resources} >> ${pageExtra}>>`,
  content,
  "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
];

/**
 * Structural attacks, each built by hand so that no library repairs them. `saveDepth` is the nesting of
 * the `q` operator attack: 100,000 (the full campaign) runs into the reader's 30 s time limit, because
 * pdf.js's work grows faster than linearly with the depth.
 */
export function structuralMutants(base: Uint8Array, o: { saveDepth?: number } = {}): Mutant[] {
  const depth = o.saveDepth ?? 100_000;
  const text = Buffer.from(base).toString("latin1");
  const startxrefAt = text.lastIndexOf("startxref");
  const withStartxref = (value: string) =>
    Buffer.from(`${text.slice(0, startxrefAt)}startxref\n${value}\n%%EOF\n`, "latin1");
  const xrefAt = text.lastIndexOf("\nxref");
  const zeroedXref = Buffer.from(
    text.slice(0, xrefAt) + text.slice(xrefAt).replace(/\d{10} 00000 n/g, "0000000000 00000 n"),
    "latin1",
  );
  const zeros = new Uint8Array(1 << 20);
  const bomb = deflateSync(Buffer.concat(Array.from({ length: 300 }, () => zeros)), { level: 9 });
  const glyphFlood = `BT /F1 1 Tf ${"(x) Tj ".repeat(600_000)}ET`;
  const manyPages = (n: number) => {
    const kids = Array.from({ length: n }, (_, i) => `${i + 4} 0 R`).join(" ");
    const pages = Array.from(
      { length: n },
      () =>
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 " +
        (n + 4) +
        " 0 R >> >> >>",
    );
    return rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      `<< /Type /Pages /Kids [${kids}] /Count ${n} >>`,
      rawStream("", TEXT),
      ...pages,
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]);
  };
  return [
    pdfMutant("startxref points past the end", "bogus-xref", withStartxref("999999999")),
    pdfMutant("startxref points into the header", "bogus-xref", withStartxref("3")),
    pdfMutant("startxref is not a number", "bogus-xref", withStartxref("-17abc")),
    pdfMutant("every xref entry points at offset 0", "bogus-xref", zeroedXref),
    pdfMutant(
      "xref claims two billion entries",
      "bogus-xref",
      Buffer.from(
        Buffer.from(rawPdf(onePage()))
          .toString("latin1")
          .replace(/xref\n0 \d+/, "xref\n0 2147483647"),
        "latin1",
      ),
    ),
    pdfMutant(
      "trailer /Prev points at itself",
      "bogus-xref",
      (() => {
        const pdf = Buffer.from(rawPdf(onePage())).toString("latin1");
        const at = pdf.lastIndexOf("xref\n");
        return Buffer.from(pdf.replace("/Root 1 0 R ", `/Root 1 0 R /Prev ${at} `), "latin1");
      })(),
    ),
    pdfMutant(
      "no xref and no trailer at all",
      "bogus-xref",
      Buffer.from(
        Buffer.from(rawPdf(onePage()))
          .toString("latin1")
          .replace(/xref[\s\S]*%%EOF/, "%%EOF"),
        "latin1",
      ),
    ),
    pdfMutant(
      "arrays nested 200,000 deep",
      "deep-nesting",
      rawPdf(onePage(undefined, `/Junk ${"[".repeat(200_000)}${"]".repeat(200_000)} `)),
      FAIL,
    ),
    pdfMutant(
      "dictionaries nested 50,000 deep",
      "deep-nesting",
      rawPdf(onePage(undefined, `/Junk ${"<< /A ".repeat(50_000)}${">> ".repeat(50_000)}`)),
      FAIL,
    ),
    pdfMutant(
      `content with ${depth.toLocaleString("en-US")} nested q (save state)`,
      "deep-nesting",
      rawPdf(onePage(rawStream("", "q ".repeat(depth) + TEXT + " Q".repeat(depth)))),
    ),
    // the page's own text is readable around the recursion: surviving it (COMPLETED) is right
    pdfMutant(
      "form XObject that draws itself",
      "self-reference",
      rawPdf([
        ...onePage(rawStream("", `/Fm1 Do ${TEXT}`), "", "/Font << /F1 5 0 R >> /XObject << /Fm1 6 0 R >>"),
        rawStream(
          "/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /Fm1 6 0 R >> >>",
          "/Fm1 Do",
        ),
      ]),
    ),
    pdfMutant(
      "page tree whose Kids contain itself",
      "self-reference",
      rawPdf([
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
        rawStream("", TEXT),
      ]),
      FAIL,
    ),
    pdfMutant(
      "object that is a reference to itself",
      "self-reference",
      rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", "2 0 R"]),
      FAIL,
    ),
    pdfMutant(
      "decompression bomb: 300 MB of zeros in a 300 KB stream",
      "huge-stream",
      rawPdf(onePage(rawStream("/Filter /FlateDecode", bomb))),
      FAIL,
    ),
    pdfMutant(
      "stream /Length claims 2 GB",
      "huge-stream",
      Buffer.from(
        Buffer.from(rawPdf(onePage()))
          .toString("latin1")
          .replace(/\/Length \d+/, "/Length 2147483647"),
        "latin1",
      ),
    ),
    pdfMutant(
      "600,000 glyphs on one page",
      "huge-stream",
      rawPdf(onePage(rawStream("/Filter /FlateDecode", deflateSync(glyphFlood)))),
      FAIL,
    ),
    pdfMutant("5,000 pages", "many-pages", manyPages(5_000), FAIL),
    pdfMutant(
      "zero pages",
      "many-pages",
      rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"]),
      FAIL,
    ),
  ];
}

/** Files that are not what their name or type says, and the size limits. */
export function labelMutants(base: Uint8Array): Mutant[] {
  const padded = (size: number) => {
    const out = new Uint8Array(size);
    out.set(base);
    out.fill(0x20, base.length); // spaces after %%EOF: still a PDF, just bigger
    out.set(enc.encode("\n%%EOF\n"), size - 7);
    return out;
  };
  const png = Uint8Array.from(
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAAAAABX3VL4AAAADklEQVR4nGNo6GhgYAAACQQCAUk+7RcAAAAASUVORK5CYII=",
      "base64",
    ),
  );
  const refuse415: Expectation = { kind: "refuse", status: 415, code: "invalid_file" };
  const as = (
    name: string,
    kind: MutantKind,
    bytes: Uint8Array,
    filename: string,
    contentType: string,
    expect: Expectation,
  ): Mutant => ({ name, kind, bytes, filename, contentType, expect });
  return [
    as("zero-byte file", "size", new Uint8Array(0), "resume.pdf", "application/pdf", refuse415),
    as("exactly 10 MB (the limit) is accepted", "size", padded(MAX_UPLOAD_BYTES), "resume.pdf", "application/pdf", {
      kind: "complete",
    }),
    as("10 MB + 1 byte", "size", padded(MAX_UPLOAD_BYTES + 1), "resume.pdf", "application/pdf", {
      kind: "refuse",
      status: 413,
      code: "invalid_file",
    }),
    as("25 MB", "size", padded(25 * 1024 * 1024), "resume.pdf", "application/pdf", {
      kind: "refuse",
      status: 413,
      code: "invalid_file",
    }),
    as("a PNG named resume.pdf", "mislabelled", png, "resume.pdf", "application/pdf", refuse415),
    as(
      "a DOCX (zip) named resume.pdf",
      "mislabelled",
      Buffer.concat([enc.encode("PK\u0003\u0004"), new Uint8Array(2000)]),
      "resume.pdf",
      "application/pdf",
      refuse415,
    ),
    as(
      "HTML named resume.pdf",
      "mislabelled",
      enc.encode("<!doctype html><title>resume</title><p>%PDF-1.7"),
      "resume.pdf",
      "application/pdf",
      refuse415,
    ),
    as(
      "the PDF after a UTF-8 BOM",
      "mislabelled",
      Buffer.concat([Uint8Array.of(0xef, 0xbb, 0xbf), base]),
      "resume.pdf",
      "application/pdf",
      refuse415,
    ),
    as(
      "a real PDF named resume.docx, typed application/msword",
      "mislabelled",
      base,
      "resume.docx",
      "application/msword",
      { kind: "complete" },
    ),
    as("a real PDF with no filename and no type", "mislabelled", base, "", "application/octet-stream", {
      kind: "complete",
    }),
  ];
}

/** The valid file encrypted with a user password by qpdf (skipped when qpdf is not installed). */
export function encryptedMutant(base: Uint8Array, dir: string): Mutant | null {
  const qpdf = Bun.which("qpdf");
  if (!qpdf) return null;
  const input = join(dir, "plain.pdf");
  const output = join(dir, "encrypted.pdf");
  writeFileSync(input, base);
  const r = Bun.spawnSync([qpdf, "--encrypt", "open-sesame", "owner-pw", "256", "--", input, output]);
  if (r.exitCode !== 0) return null;
  return pdfMutant(
    "AES-256 encrypted with a user password (qpdf)",
    "encrypted",
    new Uint8Array(readFileSync(output)),
    FAIL,
  );
}

/**
 * Random mutants of a valid file: truncations at spread and random offsets (below the 5-byte magic a
 * file is not a PDF at all: refused at POST) and 1 to 512 random byte flips.
 */
export function randomMutants(base: Uint8Array, count: number, seed: number): Mutant[] {
  const random = rng(seed);
  const out: Mutant[] = [];
  // the first truncations hit the interesting places: inside the magic, right after it, the middle, the xref, the %%EOF
  const fixed = [1, 4, 5, 64, Math.floor(base.length / 2), base.length - 40, base.length - 7, base.length - 1];
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) {
      const cut = Math.max(1, Math.min(base.length - 1, fixed[i / 2] ?? Math.floor(random() * base.length)));
      out.push(
        pdfMutant(
          `truncated to ${cut} of ${base.length} bytes`,
          "truncate",
          base.slice(0, cut),
          cut < 5 ? { kind: "refuse", status: 415, code: "invalid_file" } : ANY,
        ),
      );
    } else {
      const flips = [1, 8, 64, 512][Math.floor(random() * 4)]!;
      const bytes = base.slice();
      for (let f = 0; f < flips; f++) {
        const at = 5 + Math.floor(random() * (bytes.length - 5)); // keep the %PDF- magic: the reader must cope
        bytes[at] = bytes[at]! ^ (1 + Math.floor(random() * 255));
      }
      out.push(pdfMutant(`${flips} byte flip${flips > 1 ? "s" : ""} (seed ${seed}, #${i})`, "flip", bytes));
    }
  }
  return out;
}
