/**
 * PDFium (WebAssembly, `@embedpdf/pdfium`) measured against the product's reader (pdf.js):
 * `bun test/bench/pdfium-compare.ts [--reps N] [--only s] [--skip-reads] [--skip-rss] [--skip-size] [dir...]`.
 *
 * Over every PDF the project has (default: the real resumes in a `shared/resumes` folder next to the
 * clone, the generated sets that are built, and the test fixtures; or the PDFs under the given
 * directories) it reads each file with both readers, runs the same extraction on each RawDocument
 * and compares (test/bench/reader-comparison.ts): the visible text in reading order after
 * whitespace normalisation, the link annotations, the hidden-text verdicts, and the projects.
 * It times both readers and `pdftotext` interleaved on each file (median of N runs, then p50 / p95
 * over files, ratio to pdftotext), measures the peak resident memory of a process reading every
 * file with each reader (and of one loading no reader), and the size each reader adds to a
 * `bun build --compile` program beside a bare one. Figures, not a test: it never runs in the suite.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { extractFromDocument } from "../../src/resume/extract-from-document.ts";
import { readPdf } from "../../src/resume/pdf/pdf-reader.ts";
import type { RawDocument } from "../../src/resume/pdf/raw-document.ts";
import { ResumeError } from "../../src/resume/types.ts";
import { machine, percentile, table } from "./bench-util.ts";
import { pdfium, readPdfWithPdfium } from "./pdfium-reader.ts";
import { pdfsUnder, projectPdfDirs } from "./project-pdfs.ts";
import {
  compareOutcomes,
  type FileComparison,
  firstDifference,
  type ReadOutcome,
  visibleText,
} from "./reader-comparison.ts";

const repoRoot = resolve(import.meta.dir, "..", "..");
const readers = {
  pdfjs: readPdf,
  pdfium: readPdfWithPdfium,
} satisfies Record<string, (bytes: Uint8Array) => Promise<RawDocument>>;
type ReaderName = keyof typeof readers;

const args = process.argv.slice(2);
const flag = (f: string) => {
  const at = args.indexOf(f);
  return at >= 0 ? args[at + 1] : undefined;
};
const reps = Math.max(1, Number(flag("--reps") ?? 3) || 3);
const only = flag("--only");
const dirs = args.filter((a, i) => !a.startsWith("--") && !["--reps", "--only"].includes(args[i - 1] ?? ""));

/** the directory each file was found under, for the totals per set */
const setOf = new Map<string, string>();
const files = (dirs.length ? dirs.map((d) => resolve(d)) : projectPdfDirs())
  .flatMap((d) => {
    const found = pdfsUnder(d);
    for (const f of found) setOf.set(f, d.split("/").slice(-2).join("/"));
    return found;
  })
  .filter((f) => only === undefined || f.includes(only));
if (files.length === 0) throw new Error("no PDF found (is the real corpus next to the clone?)");

const label = (f: string) => (f.startsWith(repoRoot) ? relative(repoRoot, f) : f.split("/").slice(-2).join("/"));

async function outcome(read: (b: Uint8Array) => Promise<RawDocument>, bytes: Uint8Array): Promise<ReadOutcome> {
  try {
    const raw = await read(bytes);
    return { raw, extracted: extractFromDocument(raw) };
  } catch (err) {
    if (err instanceof ResumeError) return { error: err.code };
    return { error: `thrown: ${String(err).slice(0, 80)}` };
  }
}

/** pdftotext's wall-clock and CPU milliseconds on one file (process start included in both). */
async function timePdftotext(path: string): Promise<{ wall: number; cpu: number }> {
  const t0 = performance.now();
  const p = Bun.spawn(["pdftotext", "-q", path, "-"], { stdout: "pipe", stderr: "ignore" });
  await new Response(p.stdout).arrayBuffer();
  await p.exited;
  return { wall: performance.now() - t0, cpu: Number(p.resourceUsage()?.cpuTime.total ?? 0n) / 1000 };
}

/** Milliseconds to read (and to read and extract) one file with one reader, and the read's CPU milliseconds. */
async function timeReader(read: (b: Uint8Array) => Promise<RawDocument>, bytes: Uint8Array) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const raw = await read(bytes).catch(() => null);
  const t1 = performance.now();
  const c = process.cpuUsage(c0);
  if (raw) {
    try {
      extractFromDocument(raw);
    } catch {}
  }
  return { read: t1 - t0, extract: performance.now() - t0, cpu: (c.user + c.system) / 1000 };
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const p = (xs: number[], q: number) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    q,
  );

// warm both readers (module load, WebAssembly compile) before anything is timed
const warm0 = performance.now();
await readPdf(new Uint8Array(await Bun.file(files[0]!).arrayBuffer())).catch(() => null);
const pdfjsWarm = performance.now() - warm0;
const warm1 = performance.now();
await pdfium();
const pdfiumInit = performance.now() - warm1;
await readPdfWithPdfium(new Uint8Array(await Bun.file(files[0]!).arrayBuffer())).catch(() => null);

const results: Array<{ file: string; cmp: FileComparison; diff: ReturnType<typeof firstDifference> }> = [];
const times = { pdftotext: [] as number[], pdfjs: [] as number[], pdfium: [] as number[] };
const withExtract = { pdfjs: [] as number[], pdfium: [] as number[] };
const cpu = { pdftotext: [] as number[], pdfjs: [] as number[], pdfium: [] as number[] };
// --skip-reads: only the memory and size figures
for (const [index, file] of args.includes("--skip-reads") ? [] : files.entries()) {
  const bytes = new Uint8Array(await Bun.file(file).arrayBuffer());
  const ours = await outcome(readPdf, bytes);
  const theirs = await outcome(readPdfWithPdfium, bytes);
  const cmp = compareOutcomes(ours, theirs);
  const diff =
    "error" in ours || "error" in theirs
      ? null
      : firstDifference(visibleText(ours.extracted), visibleText(theirs.extracted));
  results.push({ file, cmp, diff });
  const run = { pdftotext: [] as number[], pdfjs: [] as number[], pdfium: [] as number[] };
  const runX = { pdfjs: [] as number[], pdfium: [] as number[] };
  const runC = { pdftotext: [] as number[], pdfjs: [] as number[], pdfium: [] as number[] };
  for (let r = 0; r < reps; r++) {
    // rotate the order so no reader always runs first (caches, the scheduler)
    const order = [0, 1, 2].map((k) => (k + index + r) % 3);
    for (const k of order) {
      if (k === 0) {
        const t = await timePdftotext(file);
        run.pdftotext.push(t.wall);
        runC.pdftotext.push(t.cpu);
      } else {
        const name: ReaderName = k === 1 ? "pdfjs" : "pdfium";
        const t = await timeReader(readers[name], bytes);
        run[name].push(t.read);
        runX[name].push(t.extract);
        runC[name].push(t.cpu);
      }
    }
  }
  times.pdftotext.push(median(run.pdftotext));
  cpu.pdftotext.push(median(runC.pdftotext));
  for (const name of ["pdfjs", "pdfium"] as const) {
    times[name].push(median(run[name]));
    withExtract[name].push(median(runX[name]));
    cpu[name].push(median(runC[name]));
  }
}

/** Peak resident memory (MiB) of a process that reads every file with one reader (reader-memory-child.ts). */
async function peakRss(name: ReaderName | "none", listFile: string): Promise<number> {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, "reader-memory-child.ts"), name, listFile], {
    stdout: "pipe",
    stderr: "inherit",
  });
  const printed = await new Response(proc.stdout).text();
  if ((await proc.exited) !== 0) throw new Error(`the ${name} memory run exited ${proc.exitCode}`);
  return Number(printed.trim()) / 2 ** 20;
}

/** Size (MiB) of a compiled program built from `source`, and whether it ran on `probe`. */
async function compiledSize(dir: string, name: string, source: string, probe: string) {
  const entry = join(dir, `${name}.ts`);
  const out = join(dir, name);
  writeFileSync(entry, source);
  const build = Bun.spawn(
    [process.execPath, "build", entry, "--compile", "--bytecode", "--format=esm", "--minify", "--outfile", out],
    { cwd: repoRoot, stdout: "ignore", stderr: "pipe" },
  );
  const err = await new Response(build.stderr).text();
  if ((await build.exited) !== 0) throw new Error(`bun build ${name} failed: ${err.slice(0, 500)}`);
  const run = Bun.spawn([out, probe], { cwd: dir, stdout: "pipe", stderr: "pipe" });
  const printed = (await new Response(run.stdout).text()).trim();
  await run.exited;
  return { mib: statSync(out).size / 2 ** 20, printed };
}

const work = mkdtempSync(join(tmpdir(), "claimcheck-bench-pdfium-"));
const rss: Record<string, number> = {};
const sizes: Record<string, { mib: number; printed: string }> = {};
try {
  if (!args.includes("--skip-rss")) {
    const list = join(work, "files.json");
    writeFileSync(list, JSON.stringify(files));
    for (const name of ["none", "pdfjs", "pdfium"] as const) rss[name] = await peakRss(name, list);
  }
  if (!args.includes("--skip-size")) {
    const probe = files.find((f) => f.endsWith("two-column.pdf")) ?? files[0]!;
    const glyphs = (importPath: string, fn: string) =>
      `import { ${fn} } from ${JSON.stringify(importPath)};\nconst doc = await ${fn}(new Uint8Array(await Bun.file(process.argv[2]).arrayBuffer()));\nconsole.log(doc.pages.reduce((n, p) => n + p.glyphs.length, 0));\n`;
    sizes.bare = await compiledSize(work, "bare", "console.log(process.argv.length);\n", probe);
    sizes.pdfjs = await compiledSize(
      work,
      "pdfjs",
      glyphs(join(repoRoot, "src/resume/pdf/pdf-reader.ts"), "readPdf"),
      probe,
    );
    sizes.pdfium = await compiledSize(
      work,
      "pdfium",
      glyphs(join(import.meta.dir, "pdfium-reader.ts"), "readPdfWithPdfium"),
      probe,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const count = (k: keyof FileComparison) => results.filter((r) => r.cmp[k] === true).length;
const n = results.length || files.length;
console.log(`# PDFium (@embedpdf/pdfium) against the product's reader (pdf.js): ${n} PDFs`);
console.log(
  `${machine()}; ${reps} timed runs per file per reader (median), interleaved; load average ${loadAverage()}\n`,
);
if (results.length) printComparison();

if (Object.keys(rss).length)
  console.log(
    `peak RSS reading all ${n} files: no reader ${rss.none!.toFixed(0)} MiB, pdf.js ${rss.pdfjs!.toFixed(0)} MiB, PDFium ${rss.pdfium!.toFixed(0)} MiB`,
  );
if (Object.keys(sizes).length)
  console.log(
    `compiled program: bare ${sizes.bare!.mib.toFixed(1)} MiB; with pdf.js reader ${sizes.pdfjs!.mib.toFixed(1)} MiB (+${(sizes.pdfjs!.mib - sizes.bare!.mib).toFixed(1)}, printed ${sizes.pdfjs!.printed} glyphs); with PDFium reader ${sizes.pdfium!.mib.toFixed(1)} MiB (+${(sizes.pdfium!.mib - sizes.bare!.mib).toFixed(1)}, printed ${sizes.pdfium!.printed} glyphs)`,
  );

function loadAverage(): string {
  return loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
}

/** The per-file differences, the totals per set and overall, and the timings. */
function printComparison(): void {
  const differing = results.filter((r) => r.cmp.notes.length || !r.cmp.sameText);
  if (differing.length) {
    console.log(
      table(
        ["file", "text", "words", "links", "hidden", "projects", "first difference / notes"],
        differing.map(({ file, cmp, diff }) => [
          label(file),
          cmp.sameText ? "same" : cmp.sameCharacters ? "gaps" : "differs",
          cmp.overlap.toFixed(3),
          cmp.sameLinks ? "same" : "differs",
          cmp.sameHidden ? "same" : cmp.sameHiddenFlag ? "differs" : "FLAG",
          cmp.sameProjects ? "same" : "differs",
          [diff ? `line ${diff.line}: "${diff.ours.slice(0, 40)}" vs "${diff.theirs.slice(0, 40)}"` : "", ...cmp.notes]
            .filter(Boolean)
            .join("; ")
            .slice(0, 240),
        ]),
      ),
    );
  }
  const sets = [...new Set(results.map((r) => setOf.get(r.file) ?? "?"))];
  console.log(
    `\n${table(
      ["set", "files", "same outcome", "same text", "same characters", "same links", "same hidden", "same projects"],
      sets.map((set) => {
        const rs = results.filter((r) => setOf.get(r.file) === set);
        const c = (k: keyof FileComparison) => rs.filter((r) => r.cmp[k] === true).length;
        return [
          set,
          rs.length,
          c("sameOutcome"),
          c("sameText"),
          c("sameCharacters"),
          c("sameLinks"),
          c("sameHidden"),
          c("sameProjects"),
        ];
      }),
    )}`,
  );
  const ratio = (xs: number[], q: number, peer: number[]) => (p(xs, q) / p(peer, q)).toFixed(2);
  const line = (name: string, xs: number[], peer = times.pdftotext) =>
    `${name.padEnd(22)} p50 ${p(xs, 50).toFixed(1).padStart(7)} ms  p95 ${p(xs, 95).toFixed(1).padStart(7)} ms  ratio to pdftotext p50 ${ratio(xs, 50, peer)}x p95 ${ratio(xs, 95, peer)}x`;
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  console.log(`
same outcome (read, or the same error): ${count("sameOutcome")} of ${n}
same visible text (whitespace normalised): ${count("sameText")} of ${n}; same characters (word gaps aside): ${count("sameCharacters")}; mean word overlap ${mean(results.map((r) => r.cmp.overlap)).toFixed(4)}
same link annotations: ${count("sameLinks")} of ${n}
same hidden-text verdicts: ${count("sameHidden")} of ${n}; same flag (hidden text or none): ${count("sameHiddenFlag")} of ${n}
same projects extracted: ${count("sameProjects")} of ${n}

${line("pdftotext", times.pdftotext)}
${line("pdf.js reader", times.pdfjs)}
${line("PDFium reader", times.pdfium)}
${line("pdf.js read+extract", withExtract.pdfjs)}
${line("PDFium read+extract", withExtract.pdfium)}
CPU (pdftotext's process, the readers' in-process read; informative on a shared machine):
${line("pdftotext CPU", cpu.pdftotext, cpu.pdftotext)}
${line("pdf.js reader CPU", cpu.pdfjs, cpu.pdftotext)}
${line("PDFium reader CPU", cpu.pdfium, cpu.pdftotext)}
first read: pdf.js ${pdfjsWarm.toFixed(0)} ms (module load and first file), PDFium WebAssembly compile and init ${pdfiumInit.toFixed(0)} ms`);
}
