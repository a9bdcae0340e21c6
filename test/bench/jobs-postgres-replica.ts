/**
 * One replica of the PostgreSQL job bench (jobs-postgres.ts): connects to DATABASE_URL, runs WARMUP
 * untimed jobs of another kind (as the bench process does) and prints "ready". Then, for every "go" line on
 * stdin, it claims and completes due no-op jobs until none is left and prints how many it ran, with the
 * epoch milliseconds of its first claim and its last completion ("done N FIRST LAST"); "exit" (or the end
 * of stdin) closes it.
 */
import { openStorage } from "../../src/storage/backend.ts";
import { timedDrain, warmUp } from "./jobs-postgres.ts";

const concurrency = Number(process.env.CONCURRENCY ?? 4);
const db = await openStorage({ dbPath: "", databaseUrl: process.env.DATABASE_URL! });
const warmup = Number(process.env.WARMUP ?? 0);
if (warmup > 0) await warmUp(db, warmup, concurrency);
process.stdout.write("ready\n");
for await (const line of console) {
  if (line.trim() !== "go") break;
  const span = await timedDrain(db, concurrency);
  process.stdout.write(`done ${span.ran} ${span.firstClaimAt} ${span.lastDoneAt}\n`);
}
await db.close();
process.exit(0);
