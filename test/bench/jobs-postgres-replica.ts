/**
 * One replica of the PostgreSQL job bench (jobs-postgres.ts): connects to DATABASE_URL, prints
 * "ready", waits for a line on stdin, then claims and completes due no-op jobs until none is left and
 * prints how many it ran.
 */
import { JobQueue } from "../../src/jobs/job-queue.ts";
import { JobStore } from "../../src/jobs/job-store.ts";
import { Worker } from "../../src/jobs/worker.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { EventBus } from "../../src/lib/events.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { openStorage } from "../../src/storage/backend.ts";

const db = await openStorage({ dbPath: "", databaseUrl: process.env.DATABASE_URL! });
const store = new JobStore(db);
const worker = new Worker({
  db,
  store,
  queue: new JobQueue(store, systemClock),
  clock: systemClock,
  events: new EventBus(),
  logger: silentLogger,
  handlers: [{ kind: "noop", run: async () => undefined }],
  concurrency: Number(process.env.CONCURRENCY ?? 4),
});
process.stdout.write("ready\n");
for await (const _ of console) break;
const done = await worker.runOnce();
process.stdout.write(`done ${done}\n`);
await db.close();
process.exit(0);
