/**
 * Ingest with several replicas: POST /v1/verify at concurrency 16 and 64 against one claimcheck
 * replica and against three, all on one PostgreSQL database (a durable throwaway server: fsync and
 * synchronous commits on), the load spread round robin as a load balancer would. Each replica is its
 * own process running the real app (auth, limits, idempotency, the PDF stored in the database, durable
 * enqueue) with a 500 ms analysis. `--clients N` sends as N clients (one key each) instead of one: one
 * client's acceptances are serialised across replicas (exact limits), different clients' are not.
 *
 *   bun test/bench/ingest-replicas.ts [--seconds S] [--pdf FILE] [--clients N]
 */
import { runCliProcess, startChildServer } from "../support/child-server.ts";
import { startPostgres } from "../support/postgres.ts";
import { benchDir, machine, table } from "./bench-util.ts";
import { arg, load, resumeBytes } from "./ingest-load.ts";

const SECONDS = Number(arg("seconds") ?? 4);
const CLIENTS = Math.max(1, Number(arg("clients") ?? 1));

/** One key per client (the first: the server's own), limits off as the servers' defaults are. */
async function keysFor(url: string, first: string | null): Promise<string | string[] | null> {
  if (CLIENTS === 1) return first;
  const env = { DATABASE_URL: url };
  const keys: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    await runCliProcess(["clients", "add", `bench-${i}`, "--monthly-quota", "0", "--rate-limit", "0"], env);
    keys.push(
      (await runCliProcess(["keys", "create", "--name", `k${i}`, "--client", `bench-${i}`], env)).stdout.trim(),
    );
  }
  return keys;
}
const { bytes, label } = await resumeBytes();
const pg = await startPostgres({ durable: true });
const rows: Array<Array<string | number>> = [];
const ratios: string[] = [];
try {
  for (const concurrency of [16, 64]) {
    const rps: Record<number, number> = {};
    for (const replicas of [1, 3]) {
      const url = await pg.createDatabase("ingest");
      const tmp = benchDir("ingest-replicas");
      const servers = [];
      try {
        for (let i = 0; i < replicas; i++)
          servers.push(
            await startChildServer({ LOG_LEVEL: "silent", DATABASE_URL: url }, [
              "test/bench/ingest-servers.ts",
              "claimcheck",
              `${tmp.dir}/${i}`,
            ]),
          );
        const key = await keysFor(url, /key (\S+)/.exec(servers[0]!.output())?.[1] ?? null);
        const urls = servers.map((s) => s.url);
        await load(urls, key, bytes, concurrency, 0.5); // warm-up
        const r = await load(urls, key, bytes, concurrency, SECONDS);
        rps[replicas] = r.rps;
        rows.push([concurrency, replicas, r.n, r.rps, r.p50, r.p95, r.p99, r.errors]);
      } finally {
        for (const s of servers) {
          s.kill("SIGKILL");
          await s.exited;
        }
        tmp.cleanup();
      }
    }
    ratios.push(`c=${concurrency}: ${(rps[3]! / rps[1]!).toFixed(2)}x`);
  }
} finally {
  pg.stop();
}
console.log(
  `ingest on PostgreSQL 15: POST /v1/verify with ${label} (${(bytes.byteLength / 1024).toFixed(0)} KB), ${CLIENTS} client(s), ${SECONDS} s per point, fsync on — ${machine()}`,
);
console.log(table(["concurrency", "replicas", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "non-202"], rows));
console.log(`three replicas vs one: ${ratios.join("; ")}`);
