import type { ExtractedResume } from "../types.ts";
import type { ReadRequest } from "./read-queue.ts";

/** The budgets and tuning of isolated extraction (isolated-extractor.ts). Shapes and defaults only. */

export interface ExtractBudget {
  /** wall-clock limit for one PDF, including the wait for a child to start */
  timeoutMs?: number;
  /** resident-memory limit of the child while it parses this PDF */
  maxMemoryMb?: number;
  /** whose PDF it is, whether it is estimated expensive, whether readers are shared (read-queue.ts) */
  queue?: Partial<ReadRequest>;
  /** for an expensive PDF: what running past `timeoutMs` means, told as pdf_too_complex */
  overBudget?: string;
}

/** The clock and timers the pool keeps its idle deadlines and waits with; tests pass ones they move themselves. */
export interface ReaderTimers {
  now(): number;
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Real timers that never hold the caller's process open. */
export const systemTimers: ReaderTimers = {
  now: () => performance.now(),
  set(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ExtractorOptions extends ExtractBudget {
  /** the GitLab and Gitea/Forgejo hosts whose links are recognised (default gitlab.com, codeberg.org) */
  forgeHosts?: ReadonlyArray<{ host: string; kind: "gitlab" | "gitea" }>;
  /** argv of the worker process; default: this program's `extract --worker` */
  command?: string[];
  /** children extracting at once */
  concurrency?: number;
  /** the last idle child exits after this long */
  idleMs?: number;
  /**
   * a child beyond the first that stays idle this long exits: the pool keeps one warm reader, and a
   * second starts again when documents arrive while the first is busy. Default DEFAULT_SPARE_IDLE_MS.
   */
  spareIdleMs?: number;
  /**
   * a child whose resident memory is above this after a document is replaced (the replacement starts
   * when the next document needs it). Default DEFAULT_RECYCLE_ABOVE_MB; never above half the budget.
   */
  recycleAboveMb?: number;
  /**
   * a child is replaced after this many extractions (bounds slow leaks; memory that stays high is
   * caught after every job). Default DEFAULT_MAX_JOBS_PER_CHILD.
   */
  maxJobsPerChild?: number;
  /** how often the memory watchdog samples the child */
  watchIntervalMs?: number;
  /** the idle deadlines' timers (default: real ones, unref'd) */
  timers?: ReaderTimers;
}

export interface ResumeExtractor {
  extract(pdf: Uint8Array, budget?: ExtractBudget): Promise<ExtractedResume>;
  /** stop all children; pending and later extractions reject */
  close(): Promise<void>;
  /** live children: their process ids and documents read (for monitoring and tests) */
  readers(): Array<{ pid: number; jobs: number; busy: boolean }>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_MEMORY_MB = 768;
/**
 * Jobs before a child is replaced. It only bounds leaks the memory mark misses; it is high because
 * every replacement reads its first few hundred resumes slowly (cold JIT).
 */
export const DEFAULT_MAX_JOBS_PER_CHILD = 5000;
/**
 * A warm reader child of the compiled binary holds about 95 MB after hundreds of ordinary resumes (about
 * 52 MB of it the executable's pages, which every child maps again), so two idle children cost twice
 * that. A second child is worth keeping while documents overlap; ten seconds without one means they
 * do not, and starting it again costs one cold start (about a second on a loaded machine).
 */
export const DEFAULT_SPARE_IDLE_MS = 10_000;
/**
 * Resident memory above which a child is replaced after a document: about one and a half times what a
 * warm child holds after ordinary resumes, so only a child that kept memory from an unusual document
 * (large images, many embedded fonts) goes.
 */
export const DEFAULT_RECYCLE_ABOVE_MB = 160;
/** What a cold start is taken to cost until one was seen: spawn to first answer, on a loaded machine. */
export const DEFAULT_COLD_START_MS = 1_000;
