/**
 * Ingest benchmark: POST /v1/verify with a real ~150 KB resume at concurrency 1, 16 and 64, against
 * claimcheck and against a bare Bun.serve handler that only parses the multipart and writes the file.
 * Each server runs in its own process; the load comes from this one. claimcheck runs twice: with
 * DB_SYNCHRONOUS=FULL (the default) and NORMAL. Target: >= 70 % of the bare handler's throughput.
 *
 *   bun test/bench/ingest.ts [--seconds S] [--pdf FILE]
 */
import { startChildServer } from "../support/child-server.ts";
import { benchDir, machine, table } from "./bench-util.ts";
import { arg, load, resumeBytes } from "./ingest-load.ts";

const SECONDS = Number(arg("seconds") ?? 4);

const { bytes, label } = await resumeBytes();
const rows: Array<Array<string | number>> = [];
const ratios: string[] = [];
for (const concurrency of [1, 16, 64]) {
  const results: Record<string, Awaited<ReturnType<typeof load>>> = {};
  for (const kind of ["bare", "claimcheck", "claimcheck-normal"] as const) {
    const tmp = benchDir(`ingest-${kind}`);
    const server = await startChildServer({ LOG_LEVEL: "silent" }, ["test/bench/ingest-servers.ts", kind, tmp.dir]);
    try {
      const key = /key (\S+)/.exec(server.output())?.[1] ?? null;
      await load(server.url, key, bytes, concurrency, 0.5); // warm-up
      results[kind] = await load(server.url, key, bytes, concurrency, SECONDS);
    } finally {
      server.kill("SIGKILL");
      await server.exited;
      tmp.cleanup();
    }
  }
  for (const [kind, r] of Object.entries(results))
    rows.push([concurrency, kind, r.n, r.rps, r.p50, r.p95, r.p99, r.errors]);
  const pct = (k: string) => `${((results[k]!.rps / results.bare!.rps) * 100).toFixed(0)} %`;
  ratios.push(`c=${concurrency}: FULL ${pct("claimcheck")}, NORMAL ${pct("claimcheck-normal")}`);
}
console.log(
  `ingest: POST /v1/verify with ${label} (${(bytes.byteLength / 1024).toFixed(0)} KB), ${SECONDS} s per point — ${machine()}`,
);
console.log(table(["concurrency", "server", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "non-202"], rows));
console.log(
  `claimcheck throughput vs bare Bun.serve (which writes without fsync): ${ratios.join("; ")} (target >= 70 %)`,
);
console.log(
  "claimcheck = DB_SYNCHRONOUS=FULL (default: row and PDF fsynced before the 202); claimcheck-normal = DB_SYNCHRONOUS=NORMAL",
);
