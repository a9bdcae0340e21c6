import type { Subprocess } from "bun";
import { selfCommand } from "../../lib/index.ts";
import { type ExtractedResume, ResumeError } from "../types.ts";
import { readRssBytes } from "./process-memory.ts";
import { overTimeError } from "./read-cost.ts";
import { lowerPriority, nextRead, type ReadRequest, readerFor } from "./read-queue.ts";
import { isWorkerResponse, type WorkerRequest, type WorkerResponse } from "./worker-protocol.ts";

/**
 * PDF parsing in a child process under a time and memory budget, so that a hostile or broken PDF
 * costs one child, never the caller. Children are kept warm between jobs: starting one costs
 * ~100-300 ms, and a new child's JIT needs a few hundred extractions before it reads at full speed
 * (its first hundred take about half as long again). A child is replaced when it died, when its
 * resident memory stayed above half the budget after a job, or after `maxJobsPerChild` jobs (a
 * bound on slow leaks), and killed with SIGKILL when a job runs past its deadline or its resident
 * memory passes the budget. Idle children do not keep the caller's process alive.
 */

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

export interface ExtractorOptions extends ExtractBudget {
  /** the GitLab and Gitea/Forgejo hosts whose links are recognised (default gitlab.com, codeberg.org) */
  forgeHosts?: ReadonlyArray<{ host: string; kind: "gitlab" | "gitea" }>;
  /** argv of the worker process; default: this program's `extract --worker` */
  command?: string[];
  /** children extracting at once */
  concurrency?: number;
  /** an idle child exits after this long */
  idleMs?: number;
  /**
   * a child is replaced after this many extractions (bounds slow leaks; memory that stays high is
   * caught after every job). Default DEFAULT_MAX_JOBS_PER_CHILD.
   */
  maxJobsPerChild?: number;
  /** how often the memory watchdog samples the child */
  watchIntervalMs?: number;
}

export interface ResumeExtractor {
  extract(pdf: Uint8Array, budget?: ExtractBudget): Promise<ExtractedResume>;
  /** stop all children; pending and later extractions reject */
  close(): Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_MEMORY_MB = 768;
/**
 * Jobs before a child is replaced. A child's resident memory levels off at 200-300 MB within a few
 * hundred resumes (its live heap stays ~20 MB), so the count only bounds leaks the memory check
 * misses; it is high because every replacement reads its first few hundred resumes slowly (cold JIT).
 */
export const DEFAULT_MAX_JOBS_PER_CHILD = 5000;

interface Job extends ReadRequest {
  id: number;
  overBudget?: string;
  pdf: Uint8Array;
  timeoutMs: number;
  maxMemoryMb: number;
  resolve(r: ExtractedResume): void;
  reject(e: Error): void;
  deadline: ReturnType<typeof setTimeout> | null;
}

interface Child {
  proc: Subprocess;
  job: Job | null;
  jobs: number;
  dead: boolean;
  idle: ReturnType<typeof setTimeout> | null;
  watch: ReturnType<typeof setInterval> | null;
  /** why we killed it, so the exit is reported as that */
  killedFor: ResumeError | null;
  lowered?: boolean; // read an expensive PDF at the lowest CPU priority, which it cannot undo: retired after
}

const CODES = new Set([
  "pdf_encrypted",
  "pdf_no_text",
  "pdf_corrupt",
  "pdf_too_complex",
  "pdf_timeout",
  "pdf_too_large",
]);

/** The child's error as a ResumeError (an unknown code from a mismatched child reads as corrupt). */
function toResumeError(code: string, message: string): ResumeError {
  return new ResumeError((CODES.has(code) ? code : "pdf_corrupt") as ResumeError["code"], message);
}

/** Create an extractor with its own children. The pipeline normally uses the shared one (index.ts). */
export function createResumeExtractor(options: ExtractorOptions = {}): ResumeExtractor {
  const command = options.command ?? selfCommand(["extract", "--worker"]);
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const idleMs = options.idleMs ?? 60_000;
  const maxJobs = options.maxJobsPerChild ?? DEFAULT_MAX_JOBS_PER_CHILD;
  const watchMs = options.watchIntervalMs ?? 20;
  const queue: Job[] = [];
  const children = new Set<Child>();
  let nextId = 1;
  let closed = false;

  const stopTimers = (c: Child) => {
    if (c.watch) clearInterval(c.watch);
    if (c.idle) clearTimeout(c.idle);
    c.watch = c.idle = null;
  };

  /** Settle a job. A child that answered is kept unless it is old or its memory stayed high. */
  const finish = (c: Child, job: Job, outcome: { ok: ExtractedResume } | { err: Error }) => {
    if (c.job !== job) return;
    c.job = null;
    if (job.deadline) clearTimeout(job.deadline);
    if (c.watch) clearInterval(c.watch);
    c.watch = null;
    c.jobs++;
    if ("ok" in outcome) job.resolve(outcome.ok);
    else job.reject(outcome.err);
    if (!c.dead) {
      const rss = readRssBytes(c.proc.pid);
      if (c.lowered || c.jobs >= maxJobs || (rss !== null && rss > (job.maxMemoryMb * 1024 * 1024) / 2)) retire(c);
      else park(c);
    }
    pump();
  };

  const kill = (c: Child, why: ResumeError) => {
    if (c.dead) return;
    c.killedFor ??= why;
    c.proc.kill("SIGKILL");
  };

  const retire = (c: Child) => {
    stopTimers(c);
    if (!c.dead) {
      c.dead = true;
      children.delete(c);
      c.proc.kill("SIGKILL");
    }
  };

  /** An idle child waits for the next job without holding the caller's event loop open. */
  const park = (c: Child) => {
    c.proc.unref();
    c.idle = setTimeout(() => retire(c), idleMs);
    c.idle.unref?.();
  };

  const onMessage = (c: Child, m: unknown) => {
    const job = c.job;
    if (!job || !isWorkerResponse(m) || m.id !== job.id) return;
    const r = m as WorkerResponse;
    if (r.ok) finish(c, job, { ok: r.result as ExtractedResume });
    else finish(c, job, { err: toResumeError(r.code, r.message) });
  };

  const onExit = (c: Child, code: number | null, signal: string | null) => {
    c.dead = true;
    children.delete(c);
    stopTimers(c);
    const job = c.job;
    if (job) {
      const why =
        c.killedFor ??
        new ResumeError(
          "pdf_too_complex",
          `reading the PDF crashed the isolated reader (${signal ?? `exit ${code}`}); the file is malformed or hostile, print it to a new PDF and upload that`,
        );
      finish(c, job, { err: why });
    }
    pump();
  };

  const spawn = (): Child => {
    const c: Child = {
      proc: null as unknown as Subprocess,
      job: null,
      jobs: 0,
      dead: false,
      idle: null,
      watch: null,
      killedFor: null,
    };
    c.proc = Bun.spawn(command, {
      stdin: "ignore",
      stdout: "ignore",
      stderr: "ignore",
      serialization: "advanced",
      ipc: (m) => onMessage(c, m),
      onExit: (_p, code, signal) => onExit(c, code, signal === null ? null : String(signal)),
    });
    children.add(c);
    return c;
  };

  const dispatch = (c: Child, job: Job) => {
    if (c.idle) clearTimeout(c.idle);
    c.idle = null;
    c.job = job;
    c.proc.ref();
    if (job.expensive) c.lowered = lowerPriority(c.proc.pid);
    job.deadline = setTimeout(() => kill(c, overTimeError(job.timeoutMs, job.overBudget)), job.timeoutMs);
    const limit = job.maxMemoryMb * 1024 * 1024;
    const pid = c.proc.pid;
    c.watch = setInterval(() => {
      const rss = readRssBytes(pid);
      if (rss !== null && rss > limit) {
        kill(
          c,
          new ResumeError(
            "pdf_too_complex",
            `reading the PDF needed more than ${job.maxMemoryMb} MB of memory (oversized images, fonts or compressed streams); print it to a new PDF and upload that`,
          ),
        );
      }
    }, watchMs);
    const request: WorkerRequest = {
      id: job.id,
      pdf: job.pdf,
      maxMemoryMb: job.maxMemoryMb,
      ...(options.forgeHosts ? { forgeHosts: options.forgeHosts.map((f) => ({ host: f.host, kind: f.kind })) } : {}),
    };
    try {
      c.proc.send(request);
    } catch (err) {
      c.killedFor = new ResumeError("pdf_too_complex", `the isolated reader could not take the PDF (${String(err)})`);
      retire(c);
      finish(c, job, { err: c.killedFor });
    }
  };

  const pump = () => {
    while (queue.length > 0 && !closed) {
      const next = nextRead(
        queue,
        [...children].flatMap((x) => (x.job ? [x.job] : [])),
        concurrency,
      );
      if (next < 0) return;
      let c = readerFor(queue[next]!, [...children], concurrency);
      if (c === null) return;
      if (c === "spawn") {
        try {
          c = spawn();
        } catch (err) {
          // cannot start a child at all: an infrastructure fault, not a property of the PDF
          for (const job of queue.splice(0))
            job.reject(new Error(`cannot start the PDF reader process: ${String(err)}`));
          return;
        }
      }
      dispatch(c, queue.splice(next, 1)[0]!);
    }
  };

  return {
    extract(pdf, budget = {}) {
      if (closed) return Promise.reject(new Error("the resume extractor is closed"));
      return new Promise<ExtractedResume>((resolve, reject) => {
        queue.push({
          id: nextId++,
          pdf,
          timeoutMs: budget.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          maxMemoryMb: budget.maxMemoryMb ?? options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB,
          tenant: budget.queue?.tenant ?? null,
          expensive: budget.queue?.expensive ?? false,
          shared: budget.queue?.shared ?? false,
          overBudget: budget.overBudget,
          resolve,
          reject,
          deadline: null,
        });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("the resume extractor was closed"));
      const exits = [...children].map((c) => c.proc.exited);
      for (const c of [...children]) {
        if (c.job)
          c.killedFor ??= new ResumeError(
            "pdf_timeout",
            "the extraction was cancelled because the service is stopping",
          );
        retire(c);
      }
      await Promise.all(exits);
    },
  };
}
