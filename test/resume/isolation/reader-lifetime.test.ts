/**
 * The reader pool holds what the work needs: a spare reader exits after its idle period (one warm reader
 * stays), a reader above the recycle mark after a document collects its garbage and is replaced only if it
 * stays above the mark, without losing the documents behind it, and a document held up behind the only warm
 * reader longer than a cold start gets a reader of its own.
 * The pool's clock and timers are the test's (moved by hand, never slept on); the readers are real child
 * processes: stand-ins that answer with their process id, so only the pool is under test.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { createResumeExtractor, type ReaderTimers, type ResumeExtractor } from "../../../src/resume/index.ts";
import { readerFor, waitEndsInMs } from "../../../src/resume/isolation/read-queue.ts";
import { afterDocument, isSpare, nextIdleCheckMs } from "../../../src/resume/isolation/reader-lifetime.ts";
import {
  COLLECT_AFTER_QUIET_MS,
  requestLoop,
  SETTLE_STEP_MS,
  SETTLE_WITHIN_MS,
} from "../../../src/resume/isolation/worker-main.ts";
import type { WorkerResponse } from "../../../src/resume/isolation/worker-protocol.ts";

const MB = 1024 * 1024;
const open: ResumeExtractor[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()));
});

/**
 * A stand-in reader: answers with its pid; a document whose first byte is 1 makes it hold 160 MB more
 * (written, so resident) for good; one whose first byte is 3 leaves 160 MB of garbage, resident until the
 * next full collection (4: the same, and it dies when asked to collect); one whose first byte is 2 is never
 * answered (a read that hangs). Asked to collect, it collects fully and answers with its resident bytes.
 */
const STAND_IN = `const held = [];
let garbage = null;
process.on("message", (m) => {
  if (m.collect) {
    if (garbage && garbage[0] === 4) process.exit(1);
    garbage = null;
    // from the event loop's own stack (nothing of this handler's left on it), up to three times
    const collect = (tries) => {
      Bun.gc(true);
      const rss = process.memoryUsage.rss();
      if (rss > m.belowBytes && tries > 1) return setTimeout(() => collect(tries - 1), 0);
      process.send({ id: m.id, ok: true, collected: rss });
    };
    return setTimeout(() => collect(3), 0);
  }
  if (m.pdf[0] === 2) return;
  if (m.pdf[0] === 1) held.push(Buffer.alloc(160 * 1024 * 1024, 1));
  if (m.pdf[0] === 3 || m.pdf[0] === 4) garbage = Buffer.alloc(160 * 1024 * 1024, m.pdf[0]);
  process.send({ id: m.id, ok: true, result: { pid: process.pid } });
});`;
const ORDINARY = new Uint8Array([0]);
const GROWS = new Uint8Array([1]);
const HANGS = new Uint8Array([2]);
const LEAVES_GARBAGE = new Uint8Array([3]);
const DIES_COLLECTING = new Uint8Array([4]);

/** Timers that fire only when told, on a clock that moves only when told. */
function manualTimers() {
  let now = 0;
  let nextHandle = 0;
  const pending = new Map<number, { fn: () => void; at: number }>();
  const timers: ReaderTimers & { advance(ms: number): void; pending(): number; fire(pick?: "first" | "last"): void } = {
    now: () => now,
    set(fn, ms) {
      pending.set(++nextHandle, { fn, at: now + ms });
      return nextHandle;
    },
    clear: (h) => void pending.delete(h as number),
    advance(ms) {
      now += ms;
    },
    pending: () => pending.size,
    /** run the timer due first (of those due at the same time, the first or the last set), moving the clock to it */
    fire(pick = "first") {
      const due = [...pending].sort((a, b) => a[1].at - b[1].at);
      const soonest = due.filter(([, t]) => t.at === due[0]![1].at);
      const [h, t] = pick === "first" ? soonest[0]! : soonest.at(-1)!;
      pending.delete(h);
      now = Math.max(now, t.at);
      t.fn();
    },
  };
  return timers;
}

function pool(timers: ReaderTimers, more: Parameters<typeof createResumeExtractor>[0] = {}) {
  const ex = createResumeExtractor({ command: [process.execPath, "-e", STAND_IN], timers, ...more });
  open.push(ex);
  const read = async (pdf: Uint8Array) => ((await ex.extract(pdf)) as unknown as { pid: number }).pid;
  return { ex, read };
}

describe("the decisions", () => {
  const limits = { maxJobs: 100, recycleAboveMb: 160, maxMemoryMb: 768 };

  test("a reader is replaced when old or after an expensive read, and asked to collect above the mark", () => {
    expect(afterDocument({ dead: false, jobs: 5 }, 150 * MB, limits)).toBe("keep");
    expect(afterDocument({ dead: false, jobs: 5 }, 170 * MB, limits)).toBe("collect");
    expect(afterDocument({ dead: false, jobs: 5 }, null, limits)).toBe("keep"); // RSS unknown here
    expect(afterDocument({ dead: false, jobs: 100 }, 10 * MB, limits)).toBe("replace");
    expect(afterDocument({ dead: false, jobs: 1, lowered: true }, 10 * MB, limits)).toBe("replace");
    // never above half the document's memory budget, whatever the mark
    expect(afterDocument({ dead: false, jobs: 5 }, 150 * MB, { ...limits, maxMemoryMb: 200 })).toBe("collect");
  });

  test("an idle reader is spare while another that stays has read at least as much", () => {
    const a = { dead: false, jobs: 10 };
    const b = { dead: false, jobs: 3 };
    expect(isSpare(b, [a, b])).toBe(true);
    expect(isSpare(a, [a, b])).toBe(false);
    expect(isSpare(a, [a])).toBe(false);
    expect(isSpare(b, [{ ...a, dead: true }, b])).toBe(false);
    expect(isSpare(b, [{ ...a, lowered: true }, b])).toBe(false); // retired after its expensive read
    expect(nextIdleCheckMs(0, 10_000, 60_000)).toBe(10_000);
    expect(nextIdleCheckMs(55_000, 10_000, 60_000)).toBe(5_000);
    expect(nextIdleCheckMs(0, 90_000, 60_000)).toBe(60_000);
  });

  test("an ordinary document waits for the busy warm reader only while that is cheaper than a cold start", () => {
    const ordinary = { tenant: null, expensive: false, shared: false };
    const busy = { dead: false, jobs: 4, job: ordinary, since: 1_000 };
    expect(readerFor(ordinary, [busy], 2, { now: 1_500, coldStartMs: 800 })).toBeNull();
    expect(waitEndsInMs([busy], { now: 1_500, coldStartMs: 800 })).toBe(300);
    expect(readerFor(ordinary, [busy], 2, { now: 1_900, coldStartMs: 800 })).toBe("spawn");
    expect(readerFor(ordinary, [busy], 1, { now: 1_900, coldStartMs: 800 })).toBeNull(); // no room: wait anyway
    expect(waitEndsInMs([{ ...busy, job: null }], { now: 1_500, coldStartMs: 800 })).toBeNull();
  });
});

describe("the pool, with real children", () => {
  test.each(["first", "last"] as const)(
    "a spare reader exits after its idle period, the most used stays and reads on (timers fired %s-set first)",
    async (pick) => {
      const timers = manualTimers();
      const { ex, read } = pool(timers, { concurrency: 2, spareIdleMs: 10_000, idleMs: 60_000 });
      // two at once: the first reader is cold, so the second document starts a second reader
      const [a, b] = await Promise.all([read(ORDINARY), read(ORDINARY)]);
      expect(a).not.toBe(b);
      expect(ex.readers()).toHaveLength(2);
      // one at a time: the first warm idle reader takes each
      const again = [await read(ORDINARY), await read(ORDINARY)];
      expect(again).toEqual([a, a]);
      while (ex.readers().length > 1) timers.fire(pick);
      expect(ex.readers()).toEqual([{ pid: a, jobs: 3, busy: false }]);
      expect(timers.now()).toBe(10_000); // gone at the end of its spare period, not at the idle one
      expect(await read(ORDINARY)).toBe(a);
      // the last reader exits after the whole idle period, not the spare one
      const idleFrom = timers.now();
      while (ex.readers().length > 0) timers.fire();
      expect(timers.now() - idleFrom).toBe(60_000);
      expect(timers.pending()).toBe(0);
    },
  );

  test("a reader whose memory stays above the recycle mark after it collected is replaced; every document queued behind it is read", async () => {
    const timers = manualTimers();
    const { ex, read } = pool(timers, { recycleAboveMb: 120 });
    const pids = await Promise.all([ORDINARY, GROWS, ORDINARY, ORDINARY, ORDINARY].map(read));
    expect(pids[1]).toBe(pids[0]!);
    expect(new Set(pids.slice(2)).size).toBe(1);
    expect(pids[2]).not.toBe(pids[0]!);
    expect(ex.readers().map((r) => r.pid)).toEqual([pids[2]!]);
    expect(ex.readers()[0]!.jobs).toBe(3);
  });

  test("a reader above the recycle mark only until it collects its garbage is kept, and reads the documents queued behind it", async () => {
    const timers = manualTimers();
    const { ex, read } = pool(timers, { recycleAboveMb: 120 });
    const pids = await Promise.all([ORDINARY, LEAVES_GARBAGE, ORDINARY, LEAVES_GARBAGE, ORDINARY].map(read));
    expect(new Set(pids).size).toBe(1);
    expect(ex.readers()).toEqual([{ pid: pids[0]!, jobs: 5, busy: false }]);
  });

  test("a reader that dies while it collects is replaced; its document's answer stands and the next is read", async () => {
    const timers = manualTimers();
    const { ex, read } = pool(timers, { recycleAboveMb: 120 });
    const pids = await Promise.all([DIES_COLLECTING, ORDINARY, ORDINARY].map(read));
    expect(pids[1]).not.toBe(pids[0]!);
    expect(pids[2]).toBe(pids[1]!);
    expect(ex.readers()).toEqual([{ pid: pids[1]!, jobs: 2, busy: false }]);
  });

  test("a document held up behind the only warm reader longer than a cold start gets a reader of its own", async () => {
    const timers = manualTimers();
    const { ex, read } = pool(timers, { concurrency: 2 });
    const first = read(ORDINARY);
    timers.advance(800); // the cold start the pool sees: spawn to first answer
    const a = await first;
    const hung = ex.extract(HANGS).catch((e: unknown) => e);
    const next = read(ORDINARY);
    // it waits for the warm reader, and the pool looks again when that wait passes a cold start
    expect(ex.readers()).toEqual([{ pid: a, jobs: 1, busy: true }]);
    expect(timers.pending()).toBe(1);
    timers.fire();
    expect(timers.now()).toBeGreaterThanOrEqual(800);
    const b = await next;
    expect(b).not.toBe(a);
    await ex.close();
    expect(await hung).toBeInstanceOf(Error);
  });
});

describe("the reader child", () => {
  test("collects young garbage as soon as an answer leaves none waiting, all of it after a quiet period, never between documents sent back to back", async () => {
    const answers: WorkerResponse[] = [];
    const counts = { quick: 0, full: 0 };
    const timers = manualTimers();
    let wanted = { n: 0, resolve: () => {} };
    const send = (r: WorkerResponse) => {
      answers.push(r);
      if (answers.length >= wanted.n) wanted.resolve();
    };
    const serve = requestLoop(send, {
      full: () => counts.full++,
      quick: () => counts.quick++,
      rss: () => 0,
      timers,
    });
    const notPdf = new TextEncoder().encode("not a pdf");
    const answered = (n: number) =>
      answers.length >= n ? Promise.resolve() : new Promise<void>((resolve) => (wanted = { n, resolve }));
    // three queued at once: no collection between them; after the last, a quick one at once and a full one
    // after the quiet period
    for (const id of [1, 2, 3]) serve({ id, pdf: notPdf, maxMemoryMb: 100_000 });
    await answered(3);
    expect({ answers: answers.map((a) => a.id), ...counts, timers: timers.pending() }).toEqual({
      answers: [1, 2, 3],
      quick: 0,
      full: 0,
      timers: 2,
    });
    timers.fire();
    expect({ ...counts, timers: timers.pending(), at: timers.now() }).toEqual({ quick: 1, full: 0, timers: 1, at: 0 });
    // a document sent back to back, before the quiet period ends, puts the full collection off
    timers.advance(COLLECT_AFTER_QUIET_MS - 1);
    serve({ id: 4, pdf: notPdf, maxMemoryMb: 100_000 });
    await answered(4);
    expect({ ...counts, timers: timers.pending() }).toEqual({ quick: 1, full: 0, timers: 2 });
    // a request that comes before the quick collection runs puts that off too: none between 5 and 6
    serve({ id: 5, pdf: notPdf, maxMemoryMb: 100_000 });
    serve({ id: 6, pdf: notPdf, maxMemoryMb: 100_000 });
    await answered(6);
    timers.fire();
    expect({ ...counts, timers: timers.pending() }).toEqual({ quick: 2, full: 0, timers: 1 });
    // quiet for the whole period: the child collects fully, once
    timers.fire();
    expect({ ...counts, timers: timers.pending(), at: timers.now() }).toEqual({
      quick: 2,
      full: 1,
      timers: 0,
      at: 2 * COLLECT_AFTER_QUIET_MS - 1,
    });
    expect(answers.map((a) => [a.id, a.ok])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, false],
      [5, false],
      [6, false],
    ]);
  });

  test("asked to collect, collects fully at once and answers when its memory is down to the mark", async () => {
    const answers: WorkerResponse[] = [];
    const timers = manualTimers();
    let full = 0;
    let resident = [300 * MB, 250 * MB, 200 * MB, 150 * MB];
    let answered = () => {};
    const serve = requestLoop(
      (r) => {
        answers.push(r);
        answered();
      },
      { full: () => full++, rss: () => (resident.length > 1 ? resident.shift()! : resident[0]!), timers },
    );
    const answer = () => new Promise<void>((resolve) => (answered = resolve));
    let next = answer();
    serve({ id: 1, collect: true, belowBytes: 160 * MB });
    // it looks again every step until the pages are given back
    while (answers.length === 0) {
      await Promise.resolve();
      if (timers.pending() > 0) timers.fire();
    }
    await next;
    expect({ answers, full, at: timers.now(), timers: timers.pending() }).toEqual({
      answers: [{ id: 1, ok: true, collected: 150 * MB }],
      full: 1,
      at: 3 * SETTLE_STEP_MS,
      timers: 0, // collected just now: no collection armed after it
    });
    // memory that stays high: the answer comes when the wait ends, with what is still held
    resident = [400 * MB];
    next = answer();
    serve({ id: 2, collect: true, belowBytes: 160 * MB });
    const from = timers.now();
    while (answers.length === 1) {
      await Promise.resolve();
      if (timers.pending() > 0) timers.fire();
    }
    await next;
    expect(answers[1]).toEqual({ id: 2, ok: true, collected: 400 * MB });
    expect({ full, waited: timers.now() - from }).toEqual({ full: 2, waited: SETTLE_WITHIN_MS });
  });
});
