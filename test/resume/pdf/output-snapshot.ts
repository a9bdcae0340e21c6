/**
 * Before/after check for changes to how the PDF reader drives pdf.js:
 * `bun test/resume/pdf/output-snapshot.ts write <file.json> [dir...]` records, for every PDF under the
 * given directories (default: the real corpus next to the clone, the three generated sets, and the
 * test fixtures), the reader's RawDocument and the extractor's result (or its error code and message)
 * as JSON; `... compare <file.json> [dir...]` reads them again and lists every file whose output is not
 * byte-identical. A change to the reader's configuration is only safe when compare prints nothing.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { extractFromDocument } from "../../../src/resume/extract-from-document.ts";
import { readPdf } from "../../../src/resume/pdf/pdf-reader.ts";
import { ResumeError } from "../../../src/resume/types.ts";
import { defaultCount, defaultSyntheticDir, type SyntheticSet } from "../../fixtures/resume/synthetic/generate.ts";

const repoRoot = resolve(import.meta.dir, "..", "..", "..");

function pdfsUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return pdfsUnder(path);
      return name.endsWith(".pdf") ? [path] : [];
    });
}

function defaultDirs(): string[] {
  const sets: SyntheticSet[] = ["first", "families", "structures"];
  return [
    join(repoRoot, "..", "shared", "resumes", "pdfs"),
    ...sets.map((s) => defaultSyntheticDir(defaultCount(s), s)),
    join(repoRoot, "test", "fixtures", "resume"),
  ];
}

/** Both outputs of one file, as the JSON text compared byte for byte. */
async function outputOf(path: string): Promise<string> {
  const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
  try {
    const raw = await readPdf(bytes);
    return JSON.stringify({ raw, extracted: extractFromDocument(raw) });
  } catch (err) {
    if (err instanceof ResumeError) return JSON.stringify({ error: err.code, message: err.message });
    return JSON.stringify({ thrown: String(err) });
  }
}

const [mode, file, ...dirs] = process.argv.slice(2);
if ((mode !== "write" && mode !== "compare") || !file) {
  console.error("usage: bun test/resume/pdf/output-snapshot.ts write|compare <file.json> [dir...]");
  process.exit(2);
}
const files = (dirs.length ? dirs : defaultDirs()).flatMap(pdfsUnder);
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
