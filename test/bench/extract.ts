/**
 * Extraction benchmark: `bun run bench:extract [dir] [--reps N] [--batch N] [--only substring] [--check]`.
 *
 * Reads <dir>/manifest.json (default ../shared/resumes next to the repository) and the PDFs in
 * <dir>/pdfs, runs the extractor the way the pipeline does (isolated child process, warm) and, in the
 * same run and interleaved, Debian's `pdftotext` on the same files. Prints per file and in total:
 * project-name precision / recall / F1 (fuzzy name match, see test/resume/support/bench-scoring.ts),
 * repository-URL precision / recall, false projects on negative cases, and milliseconds per resume
 * (fastest of N runs per file, then p50 / p95 over files) beside pdftotext's, after a first pass over
 * every file with both readers that is reported but not timed against the target (see `timing` below).
 * The same run also reports
 * CPU milliseconds (the in-process extraction's process CPU time, pdftotext's from its resource usage):
 * on a shared machine the wall-clock ratio mostly measures who was scheduled, CPU time what each
 * costs; the target stays on wall-clock time. The totals are also
 * broken down per batch, per producer family and per layout (test/resume/support/bench-groups.ts).
 * `--batch N` runs only the manifest entries of that batch; `--only s` only files whose name contains
 * s. `--check` exits 1 when a target is missed. Files whose extraction claims nothing although they
 * link a repository of the candidate (they would end no_projects_found) are listed and fail a target.
 * `--synthetic` measures the generated held-out set instead (test/fixtures/resume/synthetic/, built
 * into a cache directory on first use, deterministic by seed), reported per split: "tune" (odd
 * seeds, the half rules may be developed against) and "held-out" (even seeds); `--split tune|held-out`
 * runs one half; `--count N` builds N seeds instead of the default 72. `--families` measures the
 * second synthetic set instead (layout families the first never produced, seeds 1001.., default 120;
 * test/fixtures/resume/synthetic/families.ts), with the totals also per family. `--structures` measures
 * the third set (resume structures and words of its own, seeds 2001.., default 80, all drawn by
 * pdf-lib; test/fixtures/resume/synthetic/structures.ts), with the totals per structure.
 * The names missed or extra in held-out files are never printed (only their counts), so that no rule
 * can be derived from them; `--show-held-out` prints them anyway (for a final look, not for tuning).
 * `--leave-out language=<code>` or `--leave-out layout=<family>` reports that slice of the set beside the
 * rest (names P/R/F1 and repository P/R) and treats its files as held out (their names are not
 * printed); `--leave-out all` prints the table of every language and every layout family left out
 * (test/resume/support/leave-out.ts).
 * The real corpus has a held-back slice of its own (test/resume/support/held-back.ts: a fixed rule on
 * file names, chosen before the rules it measures), reported as its own group and treated the same way.
 */

import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { normalizeLink } from "../../src/resume/claims/link-normalizer.ts";
import { createResumeExtractor, extractResumeInProcess, ResumeError } from "../../src/resume/index.ts";
import { isResumeSource } from "../../src/resume/resume-source.ts";
import type { ExtractedResume } from "../../src/resume/types.ts";
import {
  defaultCount,
  defaultSyntheticDir,
  generateSyntheticSet,
  type SyntheticSet,
} from "../fixtures/resume/synthetic/generate.ts";
import {
  addScore,
  emptyTotals,
  type GroupTotals,
  layoutGroup,
  producerFamily,
  TOTALS_HEADERS,
  totalsRow,
} from "../resume/support/bench-groups.ts";
import { type FileScore, percentile, prf, scoreFile, type TruthProject } from "../resume/support/bench-scoring.ts";
import { HELD_BACK_BATCH, heldBackFiles } from "../resume/support/held-back.ts";
import { everySlice, inSlice, type LeaveOut, leaveOneOut, parseLeaveOut } from "../resume/support/leave-out.ts";
import { machine, table } from "./bench-util.ts";
import { FIRST_LOOKS, firstLookLines } from "./extract-first-looks.ts";
import { DECOY_REPOSITORIES, repositoryFirstAdds } from "./repository-first-check.ts";

interface ManifestEntry {
  file: string;
  /** the candidate's GitHub login as the PDF shows it, or null */
  githubUser?: string | null;
  producer?: string | null;
  creator?: string | null;
  layout?: string | null;
  notes?: string | null;
  batch?: number;
  /** synthetic set: "tune" or "held-out" */
  split?: string;
  template?: { family?: string | null; lang?: string | null };
  projects: TruthProject[];
}

const args = process.argv.slice(2);
const repsAt = args.indexOf("--reps");
const reps = repsAt >= 0 ? Math.max(1, Number(args[repsAt + 1]) || 3) : 3;
const check = args.includes("--check");
const flagValue = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const batch = flagValue("--batch");
const only = flagValue("--only");
const split = flagValue("--split");
const families = args.includes("--families");
const structures = args.includes("--structures");
const synthetic = families || structures || args.includes("--synthetic");
const showHeldOut = args.includes("--show-held-out");
const set: SyntheticSet = families ? "families" : structures ? "structures" : "first";
const leaveOutArg = flagValue("--leave-out");
const leaveOut: LeaveOut | null = leaveOutArg && leaveOutArg !== "all" ? parseLeaveOut(leaveOutArg) : null;
const positional = args.filter(
  (a, i) =>
    !a.startsWith("--") && !["--reps", "--batch", "--only", "--split", "--count", "--leave-out"].includes(args[i - 1]!),
);
const repoRoot = resolve(import.meta.dir, "..", "..");
const count = flagValue("--count");
const setCount = count ? Number(count) : defaultCount(set);
const generated = synthetic ? await generateSyntheticSet(defaultSyntheticDir(setCount, set), setCount, set) : null;
const dir = generated?.dir ?? resolve(positional[0] ?? join(repoRoot, "..", "shared", "resumes"));
const pdfDir = existsSync(join(dir, "pdfs")) ? join(dir, "pdfs") : dir;
const manifest = (
  (generated?.manifest ?? (await Bun.file(join(dir, "manifest.json")).json())) as ManifestEntry[]
).filter(
  (e) =>
    (batch === undefined || String(e.batch ?? 1) === batch) &&
    (split === undefined || e.split === split) &&
    (only === undefined || e.file.includes(only)),
);
if (manifest.length === 0)
  throw new Error(`no manifest entries match --batch ${batch} --split ${split} --only ${only}`);
// the held-back slice is chosen from the whole manifest, before any filter, so that it never moves
const heldBack = synthetic
  ? new Set<string>()
  : heldBackFiles((await Bun.file(join(dir, "manifest.json")).json()) as ManifestEntry[]);
const groups = new Map<string, GroupTotals>();
function group(key: string): GroupTotals {
  const t = groups.get(key);
  if (t) return t;
  const fresh = emptyTotals();
  groups.set(key, fresh);
  return fresh;
}

/**
 * Would this extraction leave verification nothing to verify (no claim of the candidate's own work)
 * although the resume links a repository of the candidate (its login in the manifest, or an account
 * it links as a profile) that is not the resume's own source?
 */
function strandsOwnRepositories(result: ExtractedResume, login: string | null | undefined): boolean {
  if (result.projects.some((p) => !p.mentionOnly)) return false;
  const owners = new Set(
    [login, ...result.githubProfiles.map((p) => p.owner)].filter(Boolean).map((o) => o!.toLowerCase()),
  );
  const linked = (result.textLines ?? []).flatMap((l) => l.links);
  return linked.some((u) => {
    const link = normalizeLink(u);
    if (link?.kind !== "repository" || !owners.has(link.owner?.toLowerCase() ?? "")) return false;
    // the resume's own source (its CV repository, a CV file) is nothing to verify
    return !isResumeSource({ ...link, raw: u, visibleDiffers: false, source: "annotation", page: 1 });
  });
}

/**
 * How each reader's time on a file is taken: the fastest of its N runs, interleaved with the other
 * reader's runs of that file. On a shared machine noise (a core taken by another process, a page
 * fault, a collection) only ever adds time, so the fastest run is the one closest to what the file
 * costs, for both readers alike. Before the timed runs every file is read once by both readers (the
 * first pass, reported beside the target): a fresh reader child's JIT is cold and it reads its first
 * hundred resumes slower, while a child in service reads thousands (DEFAULT_MAX_JOBS_PER_CHILD), so
 * the timed runs measure the child in the state it serves in; the cold start and the first pass are
 * printed as measured.
 */
const fastest = (xs: number[]): number => Math.min(...xs);

/** pdftotext's wall-clock and CPU milliseconds on one file (process start included in both). */
async function timePdftotext(path: string): Promise<{ wall: number; cpu: number }> {
  const t0 = performance.now();
  const p = Bun.spawn(["pdftotext", "-q", path, "-"], { stdout: "pipe", stderr: "ignore" });
  await new Response(p.stdout).arrayBuffer();
  await p.exited;
  const wall = performance.now() - t0;
  return { wall, cpu: Number(p.resourceUsage()?.cpuTime.total ?? 0n) / 1000 };
}

/** This process's CPU milliseconds (every thread) since `from`. */
function cpuMsSince(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

const extractor = createResumeExtractor();
const rows: Array<Array<string | number>> = [];
const totals = { nameTp: 0, nameFp: 0, nameFn: 0, repoTp: 0, repoGot: 0, repoWant: 0 };
const oursMs: number[] = [];
const inProcMs: number[] = [];
const popplerMs: number[] = [];
const inProcCpuMs: number[] = [];
const popplerCpuMs: number[] = [];
const negatives: Array<{ file: string; extra: string[] }> = [];
/** files that would end no_projects_found although they link a repository of the candidate */
const stranded: string[] = [];
const misses: string[] = [];
const scored: Array<{ entry: ManifestEntry; score: FileScore; negative: boolean }> = [];
/** repository-first matching as the analysis runs it, on the truth's and the linked repositories (repository-first-check.ts) */
const repoFirst = { low: 0, lowNegatives: 0, added: 0, falseAdded: [] as string[], falseOnNegatives: 0 };
/** the same with decoy repositories (topic phrases) among the candidate's: files given one, and how many */
const decoys = { files: 0, added: 0, lowFiles: 0 };

// cold start: the first extraction also starts the child process
const first = manifest[0]!;
const coldT0 = performance.now();
await extractor.extract(new Uint8Array(await Bun.file(join(pdfDir, first.file)).arrayBuffer())).catch(() => null);
const coldMs = performance.now() - coldT0;

// first pass: every file once through both readers, in the order of the timed runs (see `fastest`)
const firstOurs: number[] = [];
const firstPoppler: number[] = [];
for (const entry of manifest) {
  const path = join(pdfDir, entry.file);
  firstPoppler.push((await timePdftotext(path)).wall);
  const pdf = new Uint8Array(await Bun.file(path).arrayBuffer());
  const t0 = performance.now();
  await extractor.extract(pdf).catch(() => null);
  firstOurs.push(performance.now() - t0);
}

for (const entry of manifest) {
  const path = join(pdfDir, entry.file);
  const pdf = new Uint8Array(await Bun.file(path).arrayBuffer());
  let result: ExtractedResume | null = null;
  let error = "";
  const ours: number[] = [];
  const inproc: number[] = [];
  const poppler: number[] = [];
  const inprocCpu: number[] = [];
  const popplerCpu: number[] = [];
  for (let r = 0; r < reps; r++) {
    const pt = await timePdftotext(path);
    poppler.push(pt.wall);
    popplerCpu.push(pt.cpu);
    const t0 = performance.now();
    try {
      result = await extractor.extract(pdf);
    } catch (err) {
      if (!(err instanceof ResumeError)) throw err;
      error = err.code;
    }
    ours.push(performance.now() - t0);
    const c1 = process.cpuUsage();
    const t1 = performance.now();
    await extractResumeInProcess(pdf).catch(() => null);
    inproc.push(performance.now() - t1);
    inprocCpu.push(cpuMsSince(c1));
  }
  const got = result?.projects ?? [];
  const score: FileScore = scoreFile(entry.projects, got);
  for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += score[k];
  oursMs.push(fastest(ours));
  inProcMs.push(fastest(inproc));
  popplerMs.push(fastest(poppler));
  inProcCpuMs.push(fastest(inprocCpu));
  popplerCpuMs.push(fastest(popplerCpu));
  if (entry.projects.length === 0) negatives.push({ file: entry.file, extra: score.extra });
  if (result && strandsOwnRepositories(result, entry.githubUser)) stranded.push(entry.file);
  if (result) {
    const adds = repositoryFirstAdds(result, entry.projects, entry.githubUser);
    const low = result.extraction?.lowConfidence === true;
    repoFirst.low += low ? 1 : 0;
    repoFirst.lowNegatives += low && entry.projects.length === 0 ? 1 : 0;
    repoFirst.added += adds.added.length;
    repoFirst.falseAdded.push(...adds.falseAdded.map((k) => `${entry.file}: ${k}`));
    if (entry.projects.length === 0) repoFirst.falseOnNegatives += adds.falseAdded.length;
    const decoyed = repositoryFirstAdds(result, entry.projects, entry.githubUser, DECOY_REPOSITORIES);
    const fooled = decoyed.falseAdded.length - adds.falseAdded.length;
    decoys.files += fooled > 0 ? 1 : 0;
    decoys.lowFiles += fooled > 0 && low ? 1 : 0;
    decoys.added += fooled;
  }
  const negative = entry.projects.length === 0;
  scored.push({ entry, score, negative });
  for (const key of [
    "all",
    entry.split ? `split ${entry.split}` : `batch ${entry.batch ?? 1}`,
    `family ${producerFamily(entry.producer, entry.creator)}`,
    `layout ${layoutGroup(entry.layout, entry.notes)}`,
    ...(entry.template?.family ? [`set-family ${entry.template.family}`] : []),
    ...(heldBack.has(entry.file)
      ? ["held-back slice"]
      : entry.batch === HELD_BACK_BATCH
        ? [`batch ${HELD_BACK_BATCH} without held-back`]
        : []),
  ])
    addScore(group(key), score, negative);
  const leftOut = leaveOut !== null && inSlice(entry, leaveOut);
  if ((entry.split === "held-out" || heldBack.has(entry.file) || leftOut) && !showHeldOut) {
    if (score.missed.length + score.extra.length)
      misses.push(
        `${entry.file}: ${score.missed.length} missed, ${score.extra.length} extra (${leftOut ? "left out" : "held-out"}: names not shown)`,
      );
  } else {
    for (const m of score.missed) misses.push(`${entry.file}: missed "${m}"`);
    for (const x of score.extra) misses.push(`${entry.file}: extra "${x}"`);
  }
  const names = prf(score.nameTp, score.nameFp, score.nameFn);
  const repos = prf(score.repoTp, score.repoGot - score.repoTp, score.repoWant - score.repoTp);
  rows.push([
    entry.file.replace(/\.pdf$/, ""),
    `${score.nameTp}/${entry.projects.length}/${got.length}`,
    names.p.toFixed(2),
    names.r.toFixed(2),
    names.f1.toFixed(2),
    score.repoWant + score.repoGot === 0 ? "-" : `${repos.p.toFixed(2)}/${repos.r.toFixed(2)}`,
    error || "",
    fastest(ours).toFixed(1),
    fastest(inproc).toFixed(1),
    fastest(poppler).toFixed(1),
  ]);
}
await extractor.close();

const names = prf(totals.nameTp, totals.nameFp, totals.nameFn);
const repos = prf(totals.repoTp, totals.repoGot - totals.repoTp, totals.repoWant - totals.repoTp);
const falseOnNegatives = negatives.reduce((n, x) => n + x.extra.length, 0);
const p50 = percentile(oursMs, 0.5);
const p95 = percentile(oursMs, 0.95);
const pp50 = percentile(popplerMs, 0.5);
const pp95 = percentile(popplerMs, 0.95);

const filter = [
  synthetic &&
    (families ? "synthetic set, layout families" : structures ? "synthetic set, structures" : "synthetic set"),
  batch && `batch ${batch}`,
  split && `split ${split}`,
  only && `files matching "${only}"`,
]
  .filter(Boolean)
  .join(", ");
console.log(`# extraction benchmark: ${manifest.length} resumes from ${dir}${filter ? ` (${filter})` : ""}`);
console.log(
  `${machine()}; ${reps} timed runs per file (fastest) after a first pass; times include IPC to the warm isolated child\n`,
);
console.log(
  table(
    [
      "file",
      "match/want/got",
      "name P",
      "name R",
      "name F1",
      "repo P/R",
      "error",
      "ms ours",
      "ms in-proc",
      "ms pdftotext",
    ],
    rows,
  ),
);
if (misses.length) console.log(`\n${misses.join("\n")}`);
const order = (k: string) =>
  ["all", "batch", "held-back", "split", "family", "layout", "set-family"].findIndex((p) => k.startsWith(p));
const groupRows = [...groups.entries()]
  .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
  .map(([k, t]) => totalsRow(k, t));
console.log(`\n${table(TOTALS_HEADERS, groupRows)}`);
if (!synthetic) {
  const looks = FIRST_LOOKS.filter((l) => batch === undefined || String(l.batch) === batch);
  if (looks.length) console.log(`\n${firstLookLines(looks).join("\n")}`);
}
console.log(`
TOTAL  project names: P ${names.p.toFixed(3)}  R ${names.r.toFixed(3)}  F1 ${names.f1.toFixed(3)}  (${totals.nameTp} matched, ${totals.nameFp} extra, ${totals.nameFn} missed)
       repo URLs:     P ${repos.p.toFixed(3)}  R ${repos.r.toFixed(3)}  (${totals.repoTp} of ${totals.repoWant} found, ${totals.repoGot} reported)
       negatives:     ${negatives.length} files with no projects, ${falseOnNegatives} false projects
       repo-first:    ${repoFirst.low} files read with low confidence (${repoFirst.lowNegatives} negatives); on the truth's and the linked repositories it adds ${repoFirst.added} claims, ${repoFirst.falseAdded.length} not in the truth (${repoFirst.falseOnNegatives} on negatives)${repoFirst.falseAdded.length ? `: ${repoFirst.falseAdded.join(", ")}` : ""}
                      with ${DECOY_REPOSITORIES.length} decoy repositories named by topic phrases among the candidate's: ${decoys.added} decoys claimed in ${decoys.files} files (${decoys.lowFiles} read with low confidence); reported, not a target
       ms/resume:     ours p50 ${p50.toFixed(1)} p95 ${p95.toFixed(1)} | in-process p50 ${percentile(inProcMs, 0.5).toFixed(1)} p95 ${percentile(inProcMs, 0.95).toFixed(1)} | pdftotext p50 ${pp50.toFixed(1)} p95 ${pp95.toFixed(1)} | ratio p95 ${(p95 / pp95).toFixed(2)}x
       cpu ms/resume: in-process p50 ${percentile(inProcCpuMs, 0.5).toFixed(1)} p95 ${percentile(inProcCpuMs, 0.95).toFixed(1)} | pdftotext p50 ${percentile(popplerCpuMs, 0.5).toFixed(1)} p95 ${percentile(popplerCpuMs, 0.95).toFixed(1)} | ratio p95 ${(percentile(inProcCpuMs, 0.95) / percentile(popplerCpuMs, 0.95)).toFixed(2)}x (informative; the target is on wall-clock time)
       first pass:    ours p50 ${percentile(firstOurs, 0.5).toFixed(1)} p95 ${percentile(firstOurs, 0.95).toFixed(1)} | pdftotext p50 ${percentile(firstPoppler, 0.5).toFixed(1)} p95 ${percentile(firstPoppler, 0.95).toFixed(1)} | ratio p95 ${(percentile(firstOurs, 0.95) / percentile(firstPoppler, 0.95)).toFixed(2)}x (each file once, the child's JIT cold; informative)
       cold start:    first extraction incl. starting the child ${coldMs.toFixed(0)} ms`);

if (leaveOutArg) {
  const slices = leaveOut ? [leaveOut] : everySlice(manifest);
  const cells = (t: GroupTotals): string[] => {
    const row = totalsRow("", t);
    return [`${row[1]}`, `${row[3]} / ${row[4]} / ${row[5]}`, row[6]!];
  };
  const looRows = slices.map((slice) => {
    const { left, rest } = leaveOneOut(scored, slice);
    const f1 = (t: GroupTotals) => prf(t.nameTp, t.nameFp, t.nameFn).f1;
    return [`${slice.key}=${slice.value}`, ...cells(left), ...cells(rest), (f1(left) - f1(rest)).toFixed(3)];
  });
  console.log(
    `\nleave one out (the slice's files beside the rest; both halves of the split):\n${table(
      ["left out", "files", "names P / R / F1", "repo P/R", "rest: files", "names P / R / F1", "repo P/R", "F1 gap"],
      looRows,
    )}`,
  );
}
if (stranded.length)
  console.log(`\nwithout claims although they link the candidate's repositories: ${stranded.join(", ")}`);
const targets: Array<[string, boolean]> = [
  ["no file without claims while it links the candidate's repositories", stranded.length === 0],
  ["project-name F1 >= 0.95", names.f1 >= 0.95],
  ["repo-URL recall >= 0.97", repos.r >= 0.97],
  ["repo-URL precision >= 0.95", repos.p >= 0.95],
  ["no false projects on negative cases", falseOnNegatives === 0],
  ["repository-first adds no false project on negative cases", repoFirst.falseOnNegatives === 0],
  ["p95 time within 1.2x of pdftotext", p95 <= 1.2 * pp95],
];
console.log(`\n${targets.map(([t, ok]) => `${ok ? "PASS" : "FAIL"}  ${t}`).join("\n")}`);
if (check && targets.some(([, ok]) => !ok)) process.exit(1);
