/**
 * Before/after check for changes to how the PDF reader drives pdf.js:
 * `bun test/resume/pdf/output-snapshot.ts write <file.json> [dir...]` records, for every PDF under the
 * given directories (default: the real corpus next to the clone, the three generated sets, and the
 * test fixtures), the reader's RawDocument and the extractor's result (or its error code and message)
 * as JSON; `... compare <file.json> [dir...]` reads them again and lists every file whose output is not
 * byte-identical. A change to the reader's configuration is only safe when compare prints nothing.
 * `... fonts [dir...]` reads every file twice in this checkout, once with the fonts pdf.js can read
 * for their text only read that way (the reader's default) and once with every font program converted
 * (`convertFonts`), and lists every file whose output differs and how many fonts each way took.
 */
import { resolve } from "node:path";
import { extractFromDocument } from "../../../src/resume/extract-from-document.ts";
import { DEFAULT_READ_LIMITS, type ReadOptions, readPdf } from "../../../src/resume/pdf/pdf-reader.ts";
import type { FontRead } from "../../../src/resume/pdf/pdfjs-fonts.ts";
import { ResumeError } from "../../../src/resume/types.ts";
import { pdfsUnder, projectPdfDirs } from "../../bench/project-pdfs.ts";

const repoRoot = resolve(import.meta.dir, "..", "..", "..");

/** Both outputs of one file, as the JSON text compared byte for byte. */
async function outputOf(path: string, options: ReadOptions = {}): Promise<string> {
  const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
  try {
    const raw = await readPdf(bytes, DEFAULT_READ_LIMITS, options);
    return JSON.stringify({ raw, extracted: extractFromDocument(raw) });
  } catch (err) {
    if (err instanceof ResumeError) return JSON.stringify({ error: err.code, message: err.message });
    return JSON.stringify({ thrown: String(err) });
  }
}

/** Every file read with text-only fonts and with converted fonts; exits 1 when any output differs. */
async function compareFontReads(files: string[]): Promise<never> {
  const reads = new Map<FontRead, number>();
  const count = { onFont: (f: { read: FontRead }) => reads.set(f.read, (reads.get(f.read) ?? 0) + 1) };
  let differ = 0;
  for (const path of files) {
    if ((await outputOf(path, count)) !== (await outputOf(path, { convertFonts: true }))) {
      differ++;
      console.log(`differs: ${path}`);
    }
  }
  console.log(`fonts used, by how pdf.js read them: ${JSON.stringify(Object.fromEntries(reads))}`);
  console.log(
    `${files.length - differ} of ${files.length} PDFs read the same with text-only fonts as with converted fonts`,
  );
  process.exit(differ ? 1 : 0);
}

const args = process.argv.slice(2);
if (args[0] === "fonts")
  await compareFontReads((args.length > 1 ? args.slice(1) : projectPdfDirs()).flatMap(pdfsUnder));
const [mode, file, ...dirs] = args;
if ((mode !== "write" && mode !== "compare") || !file) {
  console.error("usage: bun test/resume/pdf/output-snapshot.ts write|compare <file.json> [dir...] | fonts [dir...]");
  process.exit(2);
}
const files = (dirs.length ? dirs : projectPdfDirs()).flatMap(pdfsUnder);
/** Fixtures are keyed relative to the checkout, so two checkouts can be compared. */
const keyOf = (path: string) => (path.startsWith(repoRoot) ? `<checkout>${path.slice(repoRoot.length)}` : path);
const outputs: Record<string, string> = {};
for (const path of files) outputs[keyOf(path)] = await outputOf(path);
if (mode === "write") {
  await Bun.write(file, JSON.stringify(outputs));
  console.log(`wrote the outputs of ${files.length} PDFs to ${file}`);
} else {
  const before = (await Bun.file(file).json()) as Record<string, string>;
  const changed = Object.keys(outputs).filter((p) => before[p] !== outputs[p]);
  const missing = Object.keys(before).filter((p) => !(p in outputs));
  for (const p of changed) console.log(`changed: ${p}`);
  for (const p of missing) console.log(`not read this time: ${p}`);
  console.log(`${files.length - changed.length} of ${files.length} PDFs byte-identical to ${file}`);
  if (changed.length || missing.length) process.exit(1);
}
