/**
 * The ingest benchmarks' client side (ingest.ts, ingest-replicas.ts): the resume to send and a closed
 * loop of POST /v1/verify at a given concurrency; with several URLs, worker w sends to URL w mod n (a
 * round-robin load balancer).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { makePdf, REPO_ROOT } from "../support/harness.ts";
import { percentile } from "./bench-util.ts";

export const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SAMPLE = join(REPO_ROOT, "..", "shared", "resumes", "pdfs", "danielchahine0-altacv.pdf");

export async function resumeBytes(): Promise<{ bytes: Uint8Array; label: string }> {
  const file = arg("pdf") ?? (existsSync(SAMPLE) ? SAMPLE : null);
  if (file) return { bytes: new Uint8Array(readFileSync(file)), label: file.split("/").pop()! };
  // no shared corpus: a generated resume padded to ~150 KB
  const lines = Array.from(
    { length: 3000 },
    (_, i) => `Project ${i}: github.com/someone/project-${i} built with TypeScript and SQLite`,
  );
  return { bytes: await makePdf(lines), label: "generated" };
}

export async function load(
  url: string | string[],
  key: string | null | string[],
  pdf: Uint8Array,
  concurrency: number,
  seconds: number,
) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const blob = new Blob([pdf as BlobPart], { type: "application/pdf" });
  const urls = Array.isArray(url) ? url : [url];
  async function loop(worker: number) {
    const target = urls[worker % urls.length]!;
    // several keys (clients): worker w sends as key w mod n, so every replica sees every client
    const auth = Array.isArray(key) ? key[Math.floor(worker / urls.length) % key.length]! : key;
    let i = 0;
    while (performance.now() < end) {
      const fd = new FormData();
      fd.set("resume", blob, "resume.pdf");
      fd.set("hostUsername", `user-${worker}-${i++}`);
      const t = performance.now();
      const res = await fetch(`${target}/v1/verify`, {
        method: "POST",
        body: fd,
        headers: auth ? { authorization: `Bearer ${auth}` } : {},
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
