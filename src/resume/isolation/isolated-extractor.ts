import type { Subprocess } from "bun";
import { selfCommand } from "../../lib/index.ts";
import { type ExtractedResume, ResumeError } from "../types.ts";
import {
  DEFAULT_COLD_START_MS,
  DEFAULT_MAX_JOBS_PER_CHILD,
  DEFAULT_MAX_MEMORY_MB,
  DEFAULT_RECYCLE_ABOVE_MB,
  DEFAULT_SPARE_IDLE_MS,
  DEFAULT_TIMEOUT_MS,
  type ExtractorOptions,
  type ResumeExtractor,
  systemTimers,
} from "./extractor-options.ts";
import { readRssBytes } from "./process-memory.ts";
import { overTimeError } from "./read-cost.ts";
import { lowerPriority, nextRead, readerFor, waitEndsInMs } from "./read-queue.ts";
import {
  type Child,
  collectJob,
  collectOverTime,
  crashError,
  type Job,
  requestFor,
  watchMemory,
} from "./reader-child.ts";
import { afterDocument, isSpare, nextIdleCheckMs, staysAboveMark } from "./reader-lifetime.ts";
import { isWorkerResponse, responseError, type WorkerResponse } from "./worker-protocol.ts";

/**
 * PDF parsing in a child process under a time and memory budget, so that a hostile or broken PDF
 * costs one child, never the caller. Children are kept warm between jobs: starting one costs
 * ~100-300 ms, and a new child's JIT needs a few hundred extractions before it reads at full speed
 * (its first hundred take about half as long again). A child is replaced when it died, when its
 * resident memory stays above the recycle mark after a job once it has collected its garbage (it is
 * asked to, and is busy meanwhile), or after `maxJobsPerChild` jobs, and killed
 * with SIGKILL when a job runs past its deadline or its resident memory passes the budget; children
 * beyond the one kept warm exit when idle for the spare period (reader-lifetime.ts). Idle children
 * do not keep the caller's process alive.
 */

/** Create an extractor with its own children. The pipeline normally uses the shared one (index.ts). */
export function createResumeExtractor(options: ExtractorOptions = {}): ResumeExtractor {
  const command = options.command ?? selfCommand(["extract", "--worker"]);
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const idleMs = options.idleMs ?? 60_000;
  const spareIdleMs = Math.max(1, options.spareIdleMs ?? DEFAULT_SPARE_IDLE_MS);
  const recycleAboveMb = options.recycleAboveMb ?? DEFAULT_RECYCLE_ABOVE_MB;
  const timers = options.timers ?? systemTimers;
  const maxJobs = options.maxJobsPerChild ?? DEFAULT_MAX_JOBS_PER_CHILD;
  const watchMs = options.watchIntervalMs ?? 20;
  const queue: Job[] = [];
  const children = new Set<Child>();
  let nextId = 1;
  let closed = false;
  let coldStartMs = DEFAULT_COLD_START_MS;
  let repump: unknown = null;

  const stopTimers = (c: Child) => {
    if (c.watch) clearInterval(c.watch);
    if (c.idle) timers.clear(c.idle);
    c.watch = c.idle = null;
  };

  /** Settle a job. A child that answered is kept unless it is old or its memory stays high. */
  const finish = (c: Child, job: Job, outcome: { ok: ExtractedResume } | { err: Error } | { collected: number }) => {
    if (c.job !== job) return;
    c.job = null;
    if (job.deadline) clearTimeout(job.deadline);
    if (c.watch) clearInterval(c.watch);
    c.watch = null;
    if (job.collect) {
      if (!c.dead) {
        if ("collected" in outcome && !staysAboveMark(readRssBytes(c.proc.pid) ?? outcome.collected, job.collect))
          park(c);
        else retire(c);
      }
      pump();
      return;
    }
    if (c.jobs === 0 && "ok" in outcome) coldStartMs = timers.now() - c.spawnedAt; // what a cold start costs now
    c.jobs++;
    if ("ok" in outcome) job.resolve(outcome.ok);
    else if ("err" in outcome) job.reject(outcome.err);
    if (!c.dead) {
      const limits = { maxJobs, recycleAboveMb, maxMemoryMb: job.maxMemoryMb };
      const next = afterDocument(c, readRssBytes(c.proc.pid), limits);
      if (next === "replace") retire(c);
      else if (next === "collect") dispatch(c, collectJob(nextId++, limits));
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
    c.idleFor = 0;
    armIdle(c);
  };

  /** Retire an idle child once it is spare, or once it was idle for the whole idle period. */
  const armIdle = (c: Child) => {
    const ms = nextIdleCheckMs(c.idleFor, spareIdleMs, idleMs);
    c.idle = timers.set(() => {
      c.idle = null;
      c.idleFor += ms;
      if (c.idleFor >= idleMs || isSpare(c, children)) retire(c);
      else armIdle(c);
    }, ms);
  };

  const onMessage = (c: Child, m: unknown) => {
    const job = c.job;
    if (!job || !isWorkerResponse(m) || m.id !== job.id) return;
    const r = m as WorkerResponse;
    if (!r.ok) finish(c, job, { err: responseError(r.code, r.message) });
    else if ("collected" in r) {
      if (job.collect) finish(c, job, { collected: r.collected });
    } else if (!job.collect) finish(c, job, { ok: r.result as ExtractedResume });
  };

  const onExit = (c: Child, code: number | null, signal: string | null) => {
    c.dead = true;
    children.delete(c);
    stopTimers(c);
    const job = c.job;
    if (job) finish(c, job, { err: c.killedFor ?? crashError(code, signal) });
    pump();
  };

  const spawn = (): Child => {
    const c: Child = {
      proc: null as unknown as Subprocess,
      job: null,
      jobs: 0,
      dead: false,
      idle: null,
      idleFor: 0,
      spawnedAt: timers.now(),
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
    if (c.idle) timers.clear(c.idle);
    c.idle = null;
    c.job = job;
    c.since = timers.now();
    c.proc.ref();
    if (job.expensive) c.lowered = lowerPriority(c.proc.pid);
    const overTime = () => (job.collect ? collectOverTime() : overTimeError(job.timeoutMs, job.overBudget));
    job.deadline = setTimeout(() => kill(c, overTime()), job.timeoutMs);
    if (!job.collect) c.watch = watchMemory(c.proc.pid, job.maxMemoryMb, watchMs, (why) => kill(c, why));
    send(c, job);
  };

  const send = (c: Child, job: Job) => {
    try {
      c.proc.send(requestFor(job, options.forgeHosts));
    } catch (err) {
      c.killedFor = new ResumeError("pdf_too_complex", `the isolated reader could not take the PDF (${String(err)})`);
      retire(c);
      finish(c, job, { err: c.killedFor });
    }
  };

  /** A document waits for a busy warm reader: look again once that wait costs more than a cold start. */
  const pumpWhenWaitEnds = (cold: { now: number; coldStartMs: number }) => {
    const ms = waitEndsInMs([...children], cold);
    if (ms === null || repump !== null) return;
    repump = timers.set(() => {
      repump = null;
      pump();
    }, ms + 1);
  };

  const pump = () => {
    while (queue.length > 0 && !closed) {
      const next = nextRead(
        queue,
        [...children].flatMap((x) => (x.job ? [x.job] : [])),
        concurrency,
      );
      if (next < 0) return;
      const cold = { now: timers.now(), coldStartMs };
      let c = readerFor(queue[next]!, [...children], concurrency, cold);
      if (c === null) return pumpWhenWaitEnds(cold);
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
      if (repump !== null) timers.clear(repump);
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
    readers: () => [...children].map((c) => ({ pid: c.proc.pid, jobs: c.jobs, busy: c.job !== null })),
  };
}
