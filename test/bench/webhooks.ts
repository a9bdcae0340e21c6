/**
 * Webhook delivery benchmark, two figures with a named peer each, measured in the same run:
 *
 * 1. deliveries/s to a local receiver (Bun.serve on loopback answering 204): the real dispatcher loop
 *    (claim under a lease, sign, address check, POST, record the attempt and the outcome in SQLite at
 *    synchronous=FULL and NORMAL) beside a plain Bun fetch loop that POSTs the same signed bodies with the
 *    same concurrency and stores nothing (the ceiling of this machine's loopback HTTP).
 * 2. the due-scan with 100,000 pending retries: the dispatcher's claim query and next-due query with the
 *    `next_attempt_at` index, beside the same queries forced to scan the table (`NOT INDEXED`).
 *
 *   bun test/bench/webhooks.ts [--deliveries N] [--pending N] [--concurrency N]
 */
import { join } from "node:path";
import { AccountService } from "../../src/accounts/account-service.ts";
import { AccountStore } from "../../src/accounts/account-store.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { EventBus } from "../../src/lib/events.ts";
import { newId } from "../../src/lib/ids.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { openDatabase, type SqliteDatabase } from "../../src/storage/database.ts";
import { deliveryRequest } from "../../src/webhooks/delivery-request.ts";
import { DeliveryStore } from "../../src/webhooks/delivery-store.ts";
import { createHttpSender } from "../../src/webhooks/http-sender.ts";
import { WebhookDispatcher } from "../../src/webhooks/webhook-dispatcher.ts";
import type { WebhookEvents } from "../../src/webhooks/webhook-events.ts";
import { benchDir, machine, percentile, table } from "./bench-util.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || def : def;
};
const DELIVERIES = arg("deliveries", 3_000);
const PENDING = arg("pending", 100_000);
const CONCURRENCY = arg("concurrency", 32);
const SCHEDULE = [60_000, 300_000, 1_800_000, 7_200_000, 28_800_000];

const payload = (i: number) =>
  JSON.stringify({
    event: "verification.completed",
    trackingId: `vrf_bench${i}`,
    hostUsername: "octocat",
    confidenceScore: 77,
    status: "COMPLETED",
    verifiedProjects: [{ name: "tool", repoUrl: "github.com/octocat/tool", commits: 12, matchStrength: "HIGH" }],
    flags: [],
    completedAt: new Date().toISOString(),
    timestamp: new Date().toISOString(),
  });

async function world(
  dir: string,
  url: string,
  sync: string,
): Promise<{ db: SqliteDatabase; store: DeliveryStore; accounts: AccountService; clientId: string }> {
  const db = await openDatabase(join(dir, "bench.db"));
  await db.exec(`PRAGMA synchronous = ${sync}`);
  const accounts = new AccountService(new AccountStore(db), systemClock, { monthlyQuota: 0, rateLimitPerMinute: 0 });
  const clientId = (await accounts.ensureDefaultClient()).id;
  await accounts.setWebhook("default", url);
  return { db, store: new DeliveryStore(db), accounts, clientId };
}

/** The dispatcher loop delivering N due events; deliveries per second. */
async function ours(url: string, sync: string): Promise<number> {
  const tmp = benchDir("webhooks");
  try {
    const w = await world(tmp.dir, url, sync);
    const now = Date.now();
    await w.db.transaction(async (tx) => {
      const store = w.store.on(tx);
      for (let i = 0; i < DELIVERIES; i++)
        await store.insert(
          {
            id: newId("msg", now),
            clientId: w.clientId,
            trackingId: null,
            event: "verification.completed",
            payload: payload(i),
            nextAttemptAt: now,
          },
          now,
        );
    });
    const events = new EventBus<WebhookEvents>();
    let delivered = 0;
    let failed = 0;
    const done = new Promise<void>((resolve) => {
      events.on("webhook.attempted", (e) => {
        if (e.outcome === "success") delivered++;
        else failed++;
        if (delivered + failed === DELIVERIES) resolve();
      });
    });
    const dispatcher = new WebhookDispatcher({
      db: w.db,
      store: w.store,
      clients: w.accounts,
      sender: createHttpSender({ timeoutMs: 10_000, blockPrivate: false }),
      clock: systemClock,
      events,
      logger: silentLogger,
      schedule: SCHEDULE,
      timeoutMs: 10_000,
      concurrency: CONCURRENCY,
    });
    const t = performance.now();
    dispatcher.start();
    await done;
    const rate = DELIVERIES / ((performance.now() - t) / 1000);
    await dispatcher.stop(1_000);
    if (failed > 0) throw new Error(`${failed} deliveries failed`);
    const left = await w.store.countsByState();
    if (left.delivered !== DELIVERIES) throw new Error(`delivered ${JSON.stringify(left)}`);
    await w.db.close();
    return rate;
  } finally {
    tmp.cleanup();
  }
}

/** The peer: the same signed POSTs with the same concurrency bound, nothing stored. */
async function plainFetch(url: string): Promise<number> {
  const secrets = {
    current: `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}`,
    previous: null,
  };
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < DELIVERIES) {
        const i = next++;
        const req = deliveryRequest(url, newId("msg"), payload(i), secrets, Date.now());
        const res = await fetch(req.url, { method: "POST", headers: req.headers, body: req.body, redirect: "manual" });
        await res.arrayBuffer();
        if (res.status !== 204) throw new Error(`HTTP ${res.status}`);
      }
    }),
  );
  return DELIVERIES / ((performance.now() - t) / 1000);
}

async function timeIt(runs: number, fn: () => unknown): Promise<{ median: number; p99: number }> {
  for (let i = 0; i < Math.min(50, runs); i++) await fn(); // warm the page cache and the statement cache
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p99: percentile(samples, 99) };
}

/**
 * The due-scan with PENDING retries waiting (none due, then 16 due), indexed vs NOT INDEXED: the queries
 * themselves, run on the SQLite connection directly (what the index buys, not the interface around it).
 */
async function dueScan(): Promise<Array<Array<string | number>>> {
  const tmp = benchDir("webhooks-scan");
  try {
    const w = await world(tmp.dir, "http://127.0.0.1:9/", "NORMAL");
    const raw = w.db.raw;
    const now = Date.now();
    const insert = raw.query(
      `INSERT INTO webhook_deliveries (id, client_id, tracking_id, event, payload, state, round_failures, next_attempt_at, created_at, updated_at)
       VALUES (?, ?, NULL, 'verification.completed', ?, 'retrying', ?, ?, ?, ?)`,
    );
    const body = payload(0);
    raw.transaction(() => {
      for (let i = 0; i < PENDING; i++) {
        const failures = 1 + (i % 5);
        insert.run(
          newId("msg", now),
          w.clientId,
          body,
          failures,
          now + 60_000 + Math.floor(Math.random() * 8 * 3_600_000),
          now,
          now,
        );
      }
    })();
    await w.db.exec("ANALYZE");
    const scan = (hint: string) =>
      raw.query<{ id: string }, [number, number]>(
        `SELECT id FROM webhook_deliveries ${hint} WHERE next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?`,
      );
    const minQ = (hint: string) =>
      raw.query<{ t: number | null }, []>(
        `SELECT min(next_attempt_at) AS t FROM webhook_deliveries ${hint} WHERE next_attempt_at IS NOT NULL`,
      );
    const plan = await w.db
      .query<{ detail: string }, [number, number]>(
        "EXPLAIN QUERY PLAN SELECT id FROM webhook_deliveries WHERE next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?",
      )
      .all(now, 16);
    console.log(`query plan of the due-scan: ${plan.map((p) => p.detail).join("; ")}`);

    const rows: Array<Array<string | number>> = [];
    const measure = async (label: string, runs: number, fast: () => void, slow: () => void) => {
      const a = await timeIt(runs, fast);
      const b = await timeIt(Math.max(20, Math.floor(runs / 20)), slow);
      rows.push([
        label,
        a.median * 1000,
        a.p99 * 1000,
        b.median * 1000,
        b.p99 * 1000,
        `${Math.round(b.median / a.median).toLocaleString("en-US")}x`,
      ]);
    };
    await measure(
      "due-scan, nothing due (LIMIT 16)",
      2_000,
      () => scan("").all(now, 16),
      () => scan("NOT INDEXED").all(now, 16),
    );
    await measure(
      "next-due time (min)",
      2_000,
      () => minQ("").get(),
      () => minQ("NOT INDEXED").get(),
    );
    // 16 deliveries become due among the 100,000
    raw.transaction(() => {
      for (let i = 0; i < 16; i++) insert.run(newId("msg", now), w.clientId, body, 1, now - 1_000 + i, now, now);
    })();
    await measure(
      "due-scan, 16 due (LIMIT 16)",
      2_000,
      () => scan("").all(now, 16),
      () => scan("NOT INDEXED").all(now, 16),
    );
    // the claim as the dispatcher makes it: the store's statement in a transaction (rolled back)
    const claim = await timeIt(500, async () => {
      try {
        await w.db.transaction(async (tx) => {
          if ((await w.store.on(tx).claimDue(now, 16, now + 12_000, "bench")).length !== 16)
            throw new Error("claimed fewer than 16");
          throw new RollBack();
        });
      } catch (e) {
        if (!(e instanceof RollBack)) throw e;
      }
    });
    rows.push(["claim 16 due (UPDATE ... RETURNING, rolled back)", claim.median * 1000, claim.p99 * 1000, "", "", ""]);
    await w.db.close();
    return rows;
  } finally {
    tmp.cleanup();
  }
}
class RollBack extends Error {}

const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch: async (req) => {
    await req.arrayBuffer();
    return new Response(null, { status: 204 });
  },
});
const url = `http://127.0.0.1:${server.port}/hook`;
try {
  console.log(`webhook delivery benchmark — ${machine()}`);
  console.log(
    `${DELIVERIES.toLocaleString("en-US")} deliveries, concurrency ${CONCURRENCY}, receiver: Bun.serve on loopback answering 204\n`,
  );
  const peer = await plainFetch(url); // also warms the connection pool and the JIT
  const results: Array<Array<string | number>> = [];
  for (const sync of ["FULL", "NORMAL"]) {
    const r = await ours(url, sync);
    results.push([`dispatcher, synchronous=${sync} (every attempt recorded)`, r, `${(r / peer).toFixed(2)}x`]);
  }
  const peer2 = await plainFetch(url);
  results.push(["peer: plain Bun fetch loop, nothing stored", Math.max(peer, peer2), "1.00x"]);
  console.log(table(["sender", "deliveries/s", "vs peer"], results));
  console.log(
    `\ndue-scan with ${PENDING.toLocaleString("en-US")} pending retries (microseconds; peer = the same query NOT INDEXED)`,
  );
  console.log(
    table(["query", "median µs", "p99 µs", "no index median µs", "no index p99 µs", "index speed-up"], await dueScan()),
  );
} finally {
  await server.stop(true);
}
