#!/usr/bin/env bun
/**
 * `bun run bench`: every benchmark in sequence, each in its own process (no JIT, heap or open file
 * carried from one to the next), with its tables printed as they come and a summary at the end.
 * `--quick` runs the short form of each (a smoke run: the figures are noisier); `--only a,b` picks some.
 * Exits 1 when a benchmark fails or reports a missed target.
 *
 *   bun run bench [--quick] [--only jobs,jobs-postgres,ingest,ingest-replicas,rate-gate,webhooks,extract,fairness,analysis,e2e,footprint]
 */
import { join } from "node:path";
import { machine } from "./bench-util.ts";

interface Bench {
  name: string;
  script: string;
  /** arguments of the short form */
  quick: string[];
  /** what it compares against */
  peer: string;
}

export const BENCHES: Bench[] = [
  { name: "jobs", script: "jobs.ts", quick: ["--jobs", "1000"], peer: "plainjob" },
  // 2,000 jobs: a 500-job run lasts about a second, which a replica started late or one slow last batch moves by a third
  { name: "jobs-postgres", script: "jobs-postgres.ts", quick: ["--jobs", "2000", "--reps", "2"], peer: "pg-boss" },
  { name: "ingest", script: "ingest.ts", quick: ["--seconds", "1"], peer: "bare Bun.serve multipart handler" },
  { name: "ingest-replicas", script: "ingest-replicas.ts", quick: ["--seconds", "1"], peer: "one replica" },
  { name: "rate-gate", script: "rate-gate.ts", quick: ["--requests", "500"], peer: "the in-memory gate (one process)" },
  {
    name: "webhooks",
    script: "webhooks.ts",
    quick: ["--deliveries", "500", "--pending", "10000"],
    peer: "plain Bun fetch loop; NOT INDEXED scan",
  },
  { name: "extract", script: "extract.ts", quick: ["--reps", "1"], peer: "pdftotext" },
  {
    name: "fairness",
    script: "fairness.ts",
    quick: ["--a-jobs", "8", "--bombs", "4", "--b-jobs", "8"],
    peer: "the same client alone (idle run); first in, first out for scale",
  },
  { name: "analysis", script: "analysis.ts", quick: [], peer: "labelled scenario suite (targets, not a peer)" },
  { name: "e2e", script: "e2e.ts", quick: ["--runs", "5"], peer: "0 ms GitHub; claimcheck verify CLI" },
  {
    name: "footprint",
    script: "footprint.ts",
    quick: ["--verifications", "100", "--starts", "3"],
    peer: "compiled bare Bun.serve hello",
  },
];

/** A line that says a target was missed, in each benchmark's wording ("FAIL  target", "MISSED", "targets missed:"). */
const MISSED = /^FAIL\s|\bMISSED\b|^targets missed/;

async function runOne(b: Bench, quick: boolean): Promise<{ code: number; seconds: number; missed: string[] }> {
  const t0 = performance.now();
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, b.script), ...(quick ? b.quick : [])], {
    cwd: join(import.meta.dir, "..", ".."),
    stdout: "pipe",
    stderr: "inherit",
    stdin: "ignore",
  });
  const missed: string[] = [];
  let tail = "";
  const dec = new TextDecoder();
  for await (const chunk of proc.stdout) {
    const text = dec.decode(chunk, { stream: true });
    process.stdout.write(text);
    const lines = (tail + text).split("\n");
    tail = lines.pop() ?? "";
    for (const l of lines) if (MISSED.test(l)) missed.push(l.trim());
  }
  if (tail && MISSED.test(tail)) missed.push(tail.trim());
  return { code: await proc.exited, seconds: (performance.now() - t0) / 1000, missed };
}

if (import.meta.main) {
  const argv = process.argv.slice(2);
  const quick = argv.includes("--quick");
  const i = argv.indexOf("--only");
  const only = i >= 0 ? new Set((argv[i + 1] ?? "").split(",")) : null;
  const chosen = BENCHES.filter((b) => !only || only.has(b.name));
  console.log(`benchmarks${quick ? " (quick form)" : ""}: ${chosen.map((b) => b.name).join(", ")} — ${machine()}`);
  const summary: string[] = [];
  let ok = true;
  for (const b of chosen) {
    console.log(
      `\n━━ ${b.name} (peer: ${b.peer}) — bun test/bench/${b.script}${quick && b.quick.length ? ` ${b.quick.join(" ")}` : ""}\n`,
    );
    const r = await runOne(b, quick);
    const state =
      r.code !== 0 ? `FAILED (exit ${r.code})` : r.missed.length ? `target missed: ${r.missed.join(" | ")}` : "ok";
    if (r.code !== 0 || r.missed.length) ok = false;
    summary.push(`${b.name.padEnd(10)} ${r.seconds.toFixed(1).padStart(7)} s  ${state}`);
  }
  console.log(`\n━━ summary\n${summary.join("\n")}`);
  process.exit(ok ? 0 : 1);
}
