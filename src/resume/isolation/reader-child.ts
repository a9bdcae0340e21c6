import type { Subprocess } from "bun";
import { type ExtractedResume, ResumeError } from "../types.ts";
import type { ExtractorOptions } from "./extractor-options.ts";
import { readRssBytes } from "./process-memory.ts";
import type { ReadRequest } from "./read-queue.ts";
import { type RecycleLimits, recycleMarkBytes } from "./reader-lifetime.ts";
import type { WorkerCollect, WorkerRequest } from "./worker-protocol.ts";

/**
 * One reader child of the isolated extractor and the work it is given: a document, or a request to collect
 * its garbage before the pool judges its memory. The pool's decisions are in isolated-extractor.ts; these
 * are the shapes and the requests put on the IPC channel.
 */

export interface Job extends ReadRequest {
  id: number;
  overBudget?: string;
  pdf: Uint8Array;
  timeoutMs: number;
  maxMemoryMb: number;
  resolve(r: ExtractedResume): void;
  reject(e: Error): void;
  deadline: ReturnType<typeof setTimeout> | null;
  /** not a document: the child is asked to collect its garbage, and kept if it falls to the mark */
  collect?: RecycleLimits;
}

export interface Child {
  proc: Subprocess;
  job: Job | null;
  jobs: number;
  dead: boolean;
  idle: unknown;
  /** how long it has been idle, in the idle deadlines passed */
  idleFor: number;
  spawnedAt: number;
  /** when its current job began */
  since?: number;
  watch: ReturnType<typeof setInterval> | null;
  /** why we killed it, so the exit is reported as that */
  killedFor: ResumeError | null;
  lowered?: boolean; // read an expensive PDF at the lowest CPU priority, which it cannot undo: retired after
}

/** A child that has not collected within this long is taken to be stuck, and replaced. */
export const COLLECT_TIMEOUT_MS = 10_000;

/** The job that asks a child above the recycle mark to collect before it is judged (no caller waits on it). */
export function collectJob(id: number, limits: RecycleLimits): Job {
  return {
    id,
    pdf: new Uint8Array(0),
    timeoutMs: COLLECT_TIMEOUT_MS,
    maxMemoryMb: limits.maxMemoryMb,
    tenant: null,
    expensive: false,
    shared: false,
    resolve: () => {},
    reject: () => {},
    deadline: null,
    collect: limits,
  };
}

/** What goes on the channel for `job`. */
export function requestFor(job: Job, forgeHosts: ExtractorOptions["forgeHosts"]): WorkerRequest | WorkerCollect {
  if (job.collect) return { id: job.id, collect: true, belowBytes: recycleMarkBytes(job.collect) };
  return {
    id: job.id,
    pdf: job.pdf,
    maxMemoryMb: job.maxMemoryMb,
    ...(forgeHosts ? { forgeHosts: forgeHosts.map((f) => ({ host: f.host, kind: f.kind })) } : {}),
  };
}

/** Why a job ran out of time when it was a collection (a document's is read-cost.ts's). */
export const collectOverTime = () =>
  new ResumeError("pdf_timeout", "the PDF reader did not collect its garbage in time; it was replaced");

/** Sample the child's resident memory every `watchMs`; `over` is told once it passes the document's budget. */
export function watchMemory(pid: number, maxMemoryMb: number, watchMs: number, over: (why: ResumeError) => void) {
  const limit = maxMemoryMb * 1024 * 1024;
  return setInterval(() => {
    const rss = readRssBytes(pid);
    if (rss !== null && rss > limit) {
      over(
        new ResumeError(
          "pdf_too_complex",
          `reading the PDF needed more than ${maxMemoryMb} MB of memory (oversized images, fonts or compressed streams); print it to a new PDF and upload that`,
        ),
      );
    }
  }, watchMs);
}

/** What a child that died during a job without being killed for a reason tells its caller. */
export function crashError(code: number | null, signal: string | null): ResumeError {
  return new ResumeError(
    "pdf_too_complex",
    `reading the PDF crashed the isolated reader (${signal ?? `exit ${code}`}); the file is malformed or hostile, print it to a new PDF and upload that`,
  );
}
