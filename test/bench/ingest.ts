/**
 * Ingest benchmark: POST /v1/verify with a real ~150 KB resume at concurrency 1, 16 and 64, against
 * claimcheck and against a bare Bun.serve handler that only parses the multipart and writes the file.
 * Each server runs in its own process; the load comes from this one. claimcheck runs twice: with
 * DB_SYNCHRONOUS=FULL (the default) and NORMAL. Target: >= 70 % of the bare handler's throughput.
 *
 *   bun test/bench/ingest.ts [--seconds S] [--pdf FILE]
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startChildServer } from "../support/child-server.ts";
import { makePdf, REPO_ROOT } from "../support/harness.ts";
import { benchDir, machine, percentile, table } from "./bench-util.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SECONDS = Number(arg("seconds") ?? 4);
const SAMPLE = join(REPO_ROOT, "..", "shared", "resumes", "pdfs", "danielchahine0-altacv.pdf");

async function resumeBytes(): Promise<{ bytes: Uint8Array; label: string }> {
  const file = arg("pdf") ?? (existsSync(SAMPLE) ? SAMPLE : null);
  if (file) return { bytes: new Uint8Array(readFileSync(file)), label: file.split("/").pop()! };
  // no shared corpus: a generated resume padded to ~150 KB
  const lines = Array.from(
    { length: 3000 },
    (_, i) => `Project ${i}: github.com/someone/project-${i} built with TypeScript and SQLite`,
  );
  return { bytes: await makePdf(lines), label: "generated" };
}

async function load(url: string, key: string | null, pdf: Uint8Array, concurrency: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const blob = new Blob([pdf as BlobPart], { type: "application/pdf" });
  async function loop(worker: number) {
    let i = 0;
    while (performance.now() < end) {
      const fd = new FormData();
      fd.set("resume", blob, "resume.pdf");
      fd.set("hostUsername", `user-${worker}-${i++}`);
      const t = performance.now();
      const res = await fetch(`${url}/v1/verify`, {
        method: "POST",
        body: fd,
        headers: key ? { authorization: `Bearer ${key}` } : {},
      });
      await res.arrayBuffer();
      if (res.status !== 202) errors++;
      latencies.push(performance.now() - t);
    }
  }
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => loop(w)));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    n: latencies.length,
  };
}

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
