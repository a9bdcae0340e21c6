/**
 * How much each heading threshold matters: `bun test/bench/heading-sweep.ts [dir]` reads every PDF under
 * `dir` (default: the real resumes next to the clone) once, then extracts each again with one threshold
 * of src/resume/claims/heading-thresholds.ts moved to each of a few values around its own, and prints,
 * per threshold and value, how many files' projects (names and repositories) or section titles differ
 * from the values as committed. The reasons in the table quote these counts.
 */
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { HEADING_THRESHOLDS } from "../../src/resume/claims/heading-thresholds.ts";
import { extractFromDocument } from "../../src/resume/extract-from-document.ts";
import { DEFAULT_READ_LIMITS, readPdf } from "../../src/resume/pdf/pdf-reader.ts";
import type { ExtractedResume } from "../../src/resume/types.ts";

const repoRoot = resolve(import.meta.dir, "..", "..");
const dir = process.argv[2] ?? join(repoRoot, "..", "shared", "resumes", "pdfs");
if (!existsSync(dir)) {
  console.error(`no resumes at ${dir}`);
  process.exit(1);
}

/** The values tried for each threshold, as factors of its own value. */
const FACTORS = [0.8, 0.9, 0.95, 1.05, 1.1, 1.25];

function fingerprint(r: ExtractedResume): string {
  return JSON.stringify([
    r.projects.map((p) => [p.name, p.repoUrl, p.section]),
    (r.textLines ?? []).map((l) => l.section),
  ]);
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith(".pdf"))
  .sort();
const docs = [];
for (const f of files) {
  try {
    docs.push({
      file: f,
      doc: await readPdf(new Uint8Array(await Bun.file(join(dir, f)).arrayBuffer()), DEFAULT_READ_LIMITS),
    });
  } catch {
    // unreadable files (image-only, encrypted) have no headings to move
  }
}
function outputOf(doc: Parameters<typeof extractFromDocument>[0]): string {
  try {
    return fingerprint(extractFromDocument(doc));
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}
const base = docs.map((d) => outputOf(d.doc));
console.log(`# heading thresholds over ${docs.length} readable PDFs in ${dir}: files whose output changes`);
console.log(`| threshold | value | ${FACTORS.map((f) => `x${f}`).join(" | ")} |`);
console.log(`|---|---|${FACTORS.map(() => "---").join("|")}|`);
for (const [name, t] of Object.entries(HEADING_THRESHOLDS)) {
  const own = t.value;
  const cells: string[] = [];
  for (const f of FACTORS) {
    (t as { value: number }).value = own * f;
    const changed = docs.filter((d, i) => outputOf(d.doc) !== base[i]);
    cells.push(`${changed.length}`);
  }
  (t as { value: number }).value = own;
  console.log(`| ${name} | ${own} | ${cells.join(" | ")} |`);
}
