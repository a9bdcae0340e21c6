#!/usr/bin/env bun
/**
 * `bun run bench:fairness`: one client cannot slow the others. Two clients on one service (real PDF
 * readers, the analysis answered at once so the figures are the scheduling's): client B floods the
 * queue with slow-to-read PDFs (20 pages sharing one compressed stream of 100,000 text operators) and
 * ordinary resumes, while client A submits ordinary resumes at a steady pace. A's wait (submission to
 * result, and submission to a worker taking it) is compared with an idle run where B sends nothing.
 * Target: A's p50 and p95 within 1.5x of idle. The same flood with the queue served first in, first out
 * (`fifo`, for scale) shows what fairness saves.
 *
 * The analysis is a wait of `--analysis-ms` (GitHub's answers: an ordinary verification spends seconds
 * on them), so a job holds its worker as a real one does without the CPU a GitHub simulator would take.
 *
 *   bun test/bench/fairness.ts [--a-jobs 16] [--bombs 8] [--b-jobs 24] [--every-ms 1000] [--analysis-ms 1000]
 */
import type { AppOptions } from "../../src/app.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { productionSteps } from "../../src/verification/production-steps.ts";
import type { VerificationSteps } from "../../src/verification/verification-job.ts";
import { fixedSteps, makePdf, pollUntil, startTestApp, submit } from "../support/harness.ts";
import { sharedStreamBomb } from "../support/shared-stream-bomb.ts";
import { machine, percentile, table } from "./bench-util.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
};
const A_JOBS = arg("a-jobs", 16);
const BOMBS = arg("bombs", 8);
const B_JOBS = arg("b-jobs", 24);
const EVERY_MS = arg("every-ms", 1000);
const ANALYSIS_MS = arg("analysis-ms", 1000);

interface Run {
  name: string;
  latency: number[];
  queued: number[];
}

/** One service, two clients; `flood` says whether B floods; `fair` whether the queue is shared fairly. */
async function run(name: string, flood: boolean, fair: boolean): Promise<Run> {
  let extract: VerificationSteps["extract"] = () => Promise.reject(new Error("not started"));
  // the analysis waits ANALYSIS_MS without using the CPU, as a verification waits for GitHub's answers
  const fixed = fixedSteps(80).analyze;
  const analyze: VerificationSteps["analyze"] = async (i) => {
    await Bun.sleep(ANALYSIS_MS);
    return fixed(i);
  };
  const steps: VerificationSteps = { extract: (...a) => extract(...a), analyze };
  // both clients exist from the start, so a service's own rule (fair from the second client on) holds
  // throughout; the bench says so directly instead of waiting for the count's refresh
  const fairShare = () => fair;
  const opts: AppOptions = { steps, fairShare };
  const t = await startTestApp({ ...opts, env: { WORKER_CONCURRENCY: "4" } });
  try {
    const prod = productionSteps({ config: t.app.config, db: t.app.db, logger: silentLogger, fairShare });
    extract = prod.extract;
    await t.app.accounts.addClient("client-a");
    await t.app.accounts.addClient("client-b");
    const keyA = (await t.app.accounts.createKey("a", "client-a")).key;
    const keyB = (await t.app.accounts.createKey("b", "client-b")).key;
    const resume = await makePdf(["Jane Doe", "Projects", "tool - a command-line tool", "Experience"]);
    // warm both readers, so neither run pays a reader's start
    await Promise.all([
      prod.extract(resume, new AbortController().signal),
      prod.extract(resume, new AbortController().signal),
    ]);
    const bomb = sharedStreamBomb();
    if (flood) {
      const b: Promise<Response>[] = [];
      for (let i = 0; i < BOMBS; i++) b.push(submit(t.url, keyB, { resume: bomb, hostUsername: `bomb-${i}` }));
      for (let i = 0; i < B_JOBS; i++) b.push(submit(t.url, keyB, { resume, hostUsername: `plain-${i}` }));
      for (const r of await Promise.all(b)) if (r.status !== 202) throw new Error(`B's submission: ${r.status}`);
    }
    const ids: string[] = [];
    for (let i = 0; i < A_JOBS; i++) {
      const r = await submit(t.url, keyA, { resume, hostUsername: `cand-${i}` });
      if (r.status !== 202) throw new Error(`A's submission: ${r.status}`);
      ids.push(((await r.json()) as { trackingId: string }).trackingId);
      await Bun.sleep(EVERY_MS);
    }
    const rows = await pollUntil(
      async () => {
        const got = await t.app.db
          .query<{ created_at: number; started_at: number | null; completed_at: number | null }, []>(
            `SELECT created_at, started_at, completed_at FROM verifications WHERE tracking_id IN (${ids.map((id) => `'${id}'`).join(",")})`,
          )
          .all();
        return got.every((g) => g.completed_at !== null) ? got : null;
      },
      "client A's jobs",
      240_000,
      100,
    );
    await prod.close();
    return {
      name,
      latency: rows.map((r) => r.completed_at! - r.created_at).sort((x, y) => x - y),
      queued: rows.map((r) => (r.started_at ?? r.created_at) - r.created_at).sort((x, y) => x - y),
    };
  } finally {
    await t.stop();
  }
}

if (import.meta.main) {
  console.log(`\n## fairness: another client's wait while one floods (${machine()})`);
  console.log(
    `client A: ${A_JOBS} ordinary resumes, one every ${EVERY_MS} ms; client B at once: ${BOMBS} slow PDFs (20 pages x one stream of 100,000 text operators) and ${B_JOBS} ordinary resumes; WORKER_CONCURRENCY 4, 2 readers, analysis ${ANALYSIS_MS} ms (a wait)`,
  );
  const idle = await run("idle (B sends nothing)", false, true);
  const flooded = await run("B floods, shared fairly", true, true);
  const fifo = await run("B floods, first in first out (for scale)", true, false);
  const p = (xs: number[], q: number) => percentile(xs, q);
  const rows = [idle, flooded, fifo].map((r) => [
    r.name,
    `${p(r.latency, 50)} ms`,
    `${p(r.latency, 95)} ms`,
    `${(p(r.latency, 50) / p(idle.latency, 50)).toFixed(2)}x`,
    `${(p(r.latency, 95) / p(idle.latency, 95)).toFixed(2)}x`,
    `${p(r.queued, 50)} / ${p(r.queued, 95)} ms`,
  ]);
  console.log(table(["run", "A's wait p50", "p95", "p50 vs idle", "p95 vs idle", "A's queue wait p50 / p95"], rows));
  const ratio50 = p(flooded.latency, 50) / p(idle.latency, 50);
  const ratio95 = p(flooded.latency, 95) / p(idle.latency, 95);
  const ok = ratio50 <= 1.5 && ratio95 <= 1.5;
  console.log(
    `${ok ? "PASS" : "FAIL"}  target: client A's p50 and p95 wait within 1.5x of idle while B floods (${ratio50.toFixed(2)}x, ${ratio95.toFixed(2)}x)`,
  );
  process.exit(ok ? 0 : 1);
}
