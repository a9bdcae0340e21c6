/**
 * A lease heartbeat whose write fails (found by the disk-pressure chaos run: SQLITE_FULL) must not
 * escape the timer as an uncaught error; the job keeps running and finishes.
 */
import { expect, test } from "bun:test";
import type { JobEvents } from "../../src/jobs/job-handler.ts";
import { JobQueue } from "../../src/jobs/job-queue.ts";
import { JobStore, type LeaseRef } from "../../src/jobs/job-store.ts";
import { Worker } from "../../src/jobs/worker.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { EventBus } from "../../src/lib/events.ts";
import { createLogger } from "../../src/lib/log.ts";
import { openDatabase } from "../../src/storage/database.ts";

class FullDiskStore extends JobStore {
  heartbeats = 0;
  override async heartbeat(_lease: LeaseRef, _now: number, _leaseMs: number): Promise<boolean> {
    this.heartbeats++;
    throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
  }
}

test("a failing heartbeat write is logged, the job keeps its run and completes", async () => {
  const db = await openDatabase(":memory:");
  const store = new FullDiskStore(db);
  const queue = new JobQueue(store, systemClock);
  const events = new EventBus<JobEvents>();
  const lines: string[] = [];
  const logger = createLogger("error", {}, (l) => lines.push(l));
  const worker = new Worker({
    db,
    store,
    queue,
    clock: systemClock,
    events,
    logger,
    concurrency: 1,
    leaseMs: 60_000,
    heartbeatMs: 10,
    handlers: [
      {
        kind: "slow",
        run: async () => {
          const deadline = Date.now() + 5_000;
          while (store.heartbeats < 3 && Date.now() < deadline) await Bun.sleep(5);
        },
      },
    ],
  });
  const id = await queue.enqueue("slow", {});
  const completed = events.waitFor("job.completed", (e) => e.id === id, 10_000);
  worker.start();
  queue.notify();
  await completed;
  await worker.stop(1_000);
  expect(store.heartbeats).toBeGreaterThanOrEqual(3);
  expect((await store.get(id))?.state).toBe("completed");
  expect(lines.some((l) => l.includes("could not extend a job lease") && l.includes("disk is full"))).toBe(true);
  await db.close();
});
