import { afterEach, expect, test } from "bun:test";
import { ManualClock } from "../../src/lib/clock.ts";
import { createLogger } from "../../src/lib/log.ts";
import { type LoopWork, WorkLoop } from "../../src/lib/work-loop.ts";

/** A promise with its resolve, for gates the test opens by hand. */
function gate<T = void>() {
  let open!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    open = r;
  });
  return { promise, open };
}

const LONG_POLL = 60_000; // far beyond any test's timeout: a turn that happens was woken, not polled

const loops: WorkLoop[] = [];
afterEach(async () => {
  for (const l of loops.splice(0)) await l.stop(0);
});

function makeLoop(work: Partial<LoopWork> & { turn: LoopWork["turn"] }, pollMs = LONG_POLL) {
  const clock = new ManualClock();
  const lines: Array<{ msg: string; error?: string }> = [];
  const logger = createLogger("error", {}, (l) => lines.push(JSON.parse(l)));
  const loop = new WorkLoop({ name: "test loop", clock, logger, pollMs, work });
  loops.push(loop);
  return { loop, clock, lines };
}

/** Resolves on the n-th turn (1-based). */
function turnCounter() {
  let turns = 0;
  const waiting = new Map<number, () => void>();
  return {
    get turns() {
      return turns;
    },
    turn: () => {
      turns++;
      waiting.get(turns)?.();
    },
    reached(n: number): Promise<void> {
      if (turns >= n) return Promise.resolve();
      return new Promise((r) => waiting.set(n, r));
    },
  };
}

test("start takes a turn at once and stamps it with the injected clock; start twice is one loop", async () => {
  const t = turnCounter();
  const { loop, clock } = makeLoop({ turn: t.turn });
  clock.set(Date.parse("2026-03-01T00:00:00Z"));
  loop.start();
  loop.start();
  await t.reached(1);
  expect(loop.lastTickAt).toBe(Date.parse("2026-03-01T00:00:00Z"));
  expect(loop.isRunning).toBe(true);
  expect(t.turns).toBe(1);
});

test("wake ends the idle wait: the next turn comes long before the poll interval", async () => {
  const t = turnCounter();
  const { loop } = makeLoop({ turn: t.turn });
  loop.start();
  await t.reached(1);
  loop.wake();
  await t.reached(2);
  expect(t.turns).toBe(2);
});

test("a wake-up that arrives during a turn is remembered, not lost", async () => {
  const inTurn = gate();
  const release = gate();
  let turns = 0;
  const second = gate();
  const { loop } = makeLoop({
    turn: async () => {
      turns++;
      if (turns === 1) {
        inTurn.open();
        await release.promise;
      } else second.open();
    },
  });
  loop.start();
  await inTurn.promise;
  loop.wake(); // the loop is busy: no idle wait to end yet
  release.open();
  await second.promise;
  expect(turns).toBe(2);
});

test("msUntilDue shortens the idle wait to the next due work", async () => {
  const t = turnCounter();
  const { loop } = makeLoop({ turn: t.turn, msUntilDue: () => 1 });
  loop.start();
  await t.reached(3);
  expect(t.turns).toBeGreaterThanOrEqual(3);
});

test("a failing turn or due check is logged and the loop goes on", async () => {
  let turns = 0;
  const third = gate();
  const { loop, lines } = makeLoop(
    {
      turn: () => {
        turns++;
        if (turns === 3) third.open();
        if (turns === 1) throw new Error("disk full");
      },
      msUntilDue: () => {
        if (turns === 2) throw new Error("database locked");
        return 0;
      },
    },
    10,
  ); // after a failed due check the wait is the poll interval
  loop.start();
  await third.promise;
  expect(lines).toContainEqual(expect.objectContaining({ msg: "test loop loop error", error: "disk full" }));
  expect(lines).toContainEqual(
    expect.objectContaining({ msg: "test loop due check failed", error: "database locked" }),
  );
});

test("tracked work: its end wakes the loop; a failure is logged", async () => {
  const t = turnCounter();
  const work = gate();
  const { loop, lines } = makeLoop({ turn: t.turn });
  loop.start();
  await t.reached(1);
  loop.track(work.promise.then(() => Promise.reject(new Error("receiver gone"))));
  expect(loop.trackedCount).toBe(1);
  work.open();
  await t.reached(2);
  expect(loop.trackedCount).toBe(0);
  expect(lines).toContainEqual(expect.objectContaining({ msg: "test loop work failed", error: "receiver gone" }));
});

test("stop: work that ends within the deadline is finished; the rest is abandoned, released and awaited", async () => {
  const quick = gate();
  const stuck = new AbortController();
  let abandoned = 0;
  const { loop } = makeLoop({
    turn: () => {},
    abandon: () => {
      abandoned++;
      stuck.abort();
      return 1;
    },
  });
  loop.start();
  loop.track(quick.promise);
  let stuckSettled = false;
  loop.track(
    new Promise<void>((resolve) => stuck.signal.addEventListener("abort", () => resolve())).then(() => {
      stuckSettled = true;
    }),
  );
  const stopping = loop.stop(50);
  quick.open();
  expect(await stopping).toEqual({ finished: 1, released: 1 });
  expect(abandoned).toBe(1);
  expect(stuckSettled).toBe(true);
  expect(loop.isRunning).toBe(false);
});

test("stop with nothing in flight returns at once with nothing released", async () => {
  const { loop } = makeLoop({ turn: () => {} });
  loop.start();
  expect(await loop.stop(10_000)).toEqual({ finished: 0, released: 0 });
});

test("runOnce drains batches until one finds nothing due, without the loop running", async () => {
  const batches = [3, 2, 0, 7];
  const { loop } = makeLoop({ turn: () => {}, runBatch: async () => batches.shift()! });
  expect(await loop.runOnce()).toBe(5);
  expect(batches).toEqual([7]);
  expect(loop.isRunning).toBe(false);
});
