import type { ExtractBudget, ResumeExtractor } from "./isolation/extractor-options.ts";
import { createResumeExtractor } from "./isolation/isolated-extractor.ts";
import type { ExtractedResume } from "./types.ts";

/**
 * Resume extraction: PDF bytes -> the projects a candidate claims, with the evidence a matcher
 * needs. `extractResume` is what the pipeline calls: parsing runs in a child process under a time
 * and memory budget and every unreadable input rejects with a ResumeError a person can act on.
 */

export {
  DEFAULT_MAX_MEMORY_MB,
  DEFAULT_RECYCLE_ABOVE_MB,
  DEFAULT_SPARE_IDLE_MS,
  DEFAULT_TIMEOUT_MS,
  type ExtractBudget,
  type ExtractorOptions,
  type ReaderTimers,
  type ResumeExtractor,
} from "./isolation/extractor-options.ts";
export { createResumeExtractor } from "./isolation/isolated-extractor.ts";
export { EXPENSIVE_OPERATORS, estimateReadCost, type ReadCost, readBudgetMs } from "./isolation/read-cost.ts";
export { namesResume, saysResumeSource } from "./resume-source.ts";
export type {
  ClaimedProject,
  DateRange,
  ExtractedResume,
  HiddenText,
  LinkKind,
  ResumeErrorCode,
  ResumeLink,
  ResumeTextLine,
} from "./types.ts";
export { ResumeError } from "./types.ts";

let shared: ResumeExtractor | null = null;

/**
 * Extract the claims of a resume PDF in an isolated child process (created on first use, kept warm,
 * never holding the caller's process open while idle). Rejects with ResumeError for unreadable,
 * encrypted, image-only, oversized, hostile or too-slow PDFs; with a plain Error only when the
 * child process cannot be started at all.
 */
export function extractResume(
  pdf: Uint8Array,
  opts?: { timeoutMs?: number; maxMemoryMb?: number },
): Promise<ExtractedResume> {
  shared ??= createResumeExtractor();
  const budget: ExtractBudget = {};
  if (opts?.timeoutMs !== undefined) budget.timeoutMs = opts.timeoutMs;
  if (opts?.maxMemoryMb !== undefined) budget.maxMemoryMb = opts.maxMemoryMb;
  return shared.extract(pdf, budget);
}

/**
 * Extraction in the calling process, without isolation (extract-in-process.ts: tests, benchmarks, the
 * reader child). Loaded on first use: a server reads every PDF in its child, so it never evaluates the
 * reader, pdf.js's wrapper and the word lists of every language.
 */
export async function extractResumeInProcess(
  ...args: Parameters<typeof import("./extract-in-process.ts").extractResumeInProcess>
): Promise<ExtractedResume> {
  return (await import("./extract-in-process.ts")).extractResumeInProcess(...args);
}

/** The extraction child's entry point (`claimcheck extract --worker`), loaded only in that mode. */
export async function runWorker(): Promise<boolean> {
  return (await import("./isolation/worker-main.ts")).runWorker();
}
export type { DatePrecision } from "./types.ts";
