/**
 * The malformed-PDF campaign against a real service process: every mutant is POSTed to /v1/verify and
 * must be answered with the API's error at once, or accepted and end as a FAILED job whose reason a
 * person can act on (or COMPLETED, when the reader legitimately survives the damage). Meanwhile the
 * resident memory of the service and of its PDF reader child is sampled; afterwards the same process
 * must still verify a valid resume.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PendingJobView, VerificationResult } from "../../src/verification/result.ts";
import { candidateResume } from "../chaos/chaos-world.ts";
import { readRssKb, type ServiceCommand, sampleRss, serviceArgv, spawnService } from "../chaos/service-process.ts";
import { runCliProcess } from "../support/child-server.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { encryptedMutant, labelMutants, type Mutant, randomMutants, structuralMutants } from "./pdf-mutations.ts";

export interface HostileOptions {
  /** random mutants (truncations and byte flips) beside the fixed structural and label sets */
  count: number;
  seed?: number;
  /** nesting of the `q` attack (default 100,000: hits the reader's time limit; the short form uses less) */
  saveDepth?: number;
  command?: ServiceCommand;
  log?: (s: string) => void;
}

export interface Outcome {
  name: string;
  kind: Mutant["kind"];
  bytes: number;
  postStatus: number;
  postBody: Record<string, unknown>;
  final: { status: string; code: string | null; message: string | null; ms: number } | null;
  problem: string | null;
}

export interface HostileReport {
  seed: number;
  outcomes: Outcome[];
  seconds: number;
  rss: { idleKb: number; peakKb: number; afterKb: number; peakChildrenKb: number };
  /** the process served the whole campaign without exiting */
  survived: boolean;
  /** a valid resume submitted after the campaign: its final status */
  afterwards: string;
  problems: string[];
  /** known deviations that were observed (not failures, but worth fixing) */
  notes: string[];
}

/** Final states a person can act on: a known code and a sentence that says what to do, no internals. */
function judgeFinal(m: Mutant, f: NonNullable<Outcome["final"]>): string | null {
  if (f.status === "COMPLETED")
    return m.expect.kind === "fail" ? "COMPLETED, expected a FAILED job with a reason" : null;
  if (m.expect.kind === "complete") return `FAILED (${f.code}: ${f.message}), expected COMPLETED`;
  if (!f.code || f.code === "internal_error") return `FAILED without a specific reason (${f.code})`;
  if (!f.message || f.message.length < 30)
    return `FAILED ${f.code} with too short a reason: ${JSON.stringify(f.message)}`;
  if (/\.ts:\d+|\n\s+at |Error:/.test(f.message))
    return `FAILED ${f.code} with internals in the reason: ${f.message.slice(0, 120)}`;
  return null;
}

function judgePost(m: Mutant, status: number, body: Record<string, unknown>): string | null {
  if (status >= 500) return `POST answered ${status} ${JSON.stringify(body)}`;
  if (m.expect.kind === "refuse") {
    if (status === m.expect.status && (body.error === m.expect.code || m.expect.knownBare)) return null;
    return `POST answered ${status} ${body.error ?? ""}, expected ${m.expect.status} ${m.expect.code}`;
  }
  if (status === 202) return null;
  if (m.expect.kind === "complete" || m.expect.kind === "fail")
    return `POST answered ${status} ${body.error ?? ""}, expected 202`;
  return status === 413 || status === 415
    ? body.error === "invalid_file"
      ? null
      : `POST ${status} with ${body.error}`
    : `POST answered ${status} ${body.error ?? ""}`;
}

export async function runHostileCampaign(o: HostileOptions): Promise<HostileReport> {
  const t0 = performance.now();
  const seed = o.seed ?? Math.floor(Math.random() * 2 ** 31);
  const log = o.log ?? (() => {});
  const dataDir = mkdtempSync(join(tmpdir(), "claimcheck-hostile-"));
  const scratch = mkdtempSync(join(tmpdir(), "claimcheck-hostile-files-"));
  const candidates = sampleCandidates().filter((c) => c.login === "alice-honest");
  const sim = await startGitHubSimulator({
    candidates,
    tokens: ["hostile-token"],
    rateLimits: { authenticated: 10_000_000 },
  });
  const command = o.command ?? "source";
  let service: Awaited<ReturnType<typeof spawnService>> | null = null;
  try {
    const env = { DATA_DIR: dataDir, DEFAULT_RATE_LIMIT: "0", DEFAULT_MONTHLY_QUOTA: "0" };
    const keyRun = await runCliProcess(
      ["keys", "create", "--name", "hostile", "--create"],
      env,
      serviceArgv(command, []),
    );
    if (keyRun.code !== 0) throw new Error(`keys create failed: ${keyRun.stderr}`);
    const key = keyRun.stdout.trim();
    const base = await candidateResume(candidates[0]!);
    const mutants = [
      ...structuralMutants(base, { saveDepth: o.saveDepth }),
      ...labelMutants(base),
      ...[encryptedMutant(base, scratch)].filter((m): m is Mutant => m !== null),
      ...randomMutants(base, o.count, seed),
    ];
    service = await spawnService({
      env: { ...env, GITHUB_API_URL: sim.url, GITHUB_TOKEN: "hostile-token", WORKER_CONCURRENCY: "4" },
      command,
    });
    const s = service;
    const auth = { authorization: `Bearer ${key}` };
    const pollFinal = async (id: string) =>
      (await (await fetch(`${s.url}/v1/jobs/${id}`, { headers: auth })).json()) as PolledJob;
    // warm the reader (its first start is not part of the campaign's memory story)
    const warm = await post(s.url, key, {
      name: "warm-up",
      kind: "flip",
      bytes: base,
      filename: "resume.pdf",
      contentType: "application/pdf",
      expect: { kind: "complete" },
    });
    await waitFinal([String(warm.body.trackingId)], pollFinal, 60_000);
    const idleKb = readRssKb(s.pid) ?? 0;
    const sampler = sampleRss(s.pid, 25);
    log(`hostile: ${mutants.length} files (seed ${seed}); service RSS idle ${(idleKb / 1024).toFixed(0)} MB`);

    const outcomes: Outcome[] = [];
    const accepted = new Map<string, Outcome>();
    for (const m of mutants) {
      const r = await post(s.url, key, m);
      const outcome: Outcome = {
        name: m.name,
        kind: m.kind,
        bytes: m.bytes.length,
        postStatus: r.status,
        postBody: r.body,
        final: null,
        problem: judgePost(m, r.status, r.body),
      };
      outcomes.push(outcome);
      if (r.status === 202) accepted.set(String(r.body.trackingId), outcome);
    }
    log(
      `hostile: posted; ${accepted.size} accepted, ${outcomes.length - accepted.size} refused at POST; waiting for the jobs`,
    );
    const finals = await waitFinal([...accepted.keys()], pollFinal, 120_000 + accepted.size * 2_000);
    for (const [id, outcome] of accepted) {
      const j = finals.get(id);
      const m = mutants[outcomes.indexOf(outcome)]!;
      if (!j) {
        outcome.problem ??= "the job never reached a final state";
        continue;
      }
      outcome.final = {
        status: String(j.status),
        code: j.error?.code ?? null,
        message: j.error?.message ?? null,
        ms: Date.parse(j.completedAt) - Date.parse(j.createdAt),
      };
      outcome.problem ??= judgeFinal(m, outcome.final);
    }
    const peak = sampler.stop();
    const survived = s.proc.exitCode === null;
    let afterwards = "not tried (the service is gone)";
    if (survived) {
      const r = await post(s.url, key, {
        name: "after",
        kind: "flip",
        bytes: base,
        filename: "resume.pdf",
        contentType: "application/pdf",
        expect: { kind: "complete" },
      });
      const f = await waitFinal([String(r.body.trackingId)], pollFinal, 60_000);
      afterwards = String(f.get(String(r.body.trackingId))?.status ?? `no final state (POST ${r.status})`);
    }
    const afterKb = readRssKb(s.pid) ?? 0;
    const problems = outcomes.filter((x) => x.problem).map((x) => `${x.name}: ${x.problem}`);
    const notes = mutants.flatMap((m, i) =>
      m.expect.kind === "refuse" && m.expect.knownBare && outcomes[i]!.postBody.error !== m.expect.code
        ? [`${m.name}: ${m.expect.knownBare}`]
        : [],
    );
    if (!survived) problems.push(`the service exited during the campaign: ${s.output().slice(-1500)}`);
    if (afterwards !== "COMPLETED") problems.push(`a valid resume after the campaign ended ${afterwards}`);
    return {
      seed,
      outcomes,
      seconds: (performance.now() - t0) / 1000,
      rss: { idleKb, peakKb: peak.peakSelfKb, afterKb, peakChildrenKb: peak.peakChildrenKb },
      survived,
      afterwards,
      problems,
      notes,
    };
  } finally {
    if (service) {
      service.kill("SIGKILL");
      await service.exited;
    }
    await sim.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function post(url: string, key: string, m: Mutant): Promise<{ status: number; body: Record<string, unknown> }> {
  const fd = new FormData();
  fd.set("resume", new Blob([m.bytes as BlobPart], { type: m.contentType }), m.filename);
  fd.set("hostUsername", "alice-honest");
  const res = await fetch(`${url}/v1/verify`, {
    method: "POST",
    body: fd,
    headers: { authorization: `Bearer ${key}` },
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { raw: text.slice(0, 200) };
  }
  return { status: res.status, body };
}

async function waitFinal(
  ids: string[],
  poll: (id: string) => Promise<PolledJob>,
  timeoutMs: number,
): Promise<Map<string, VerificationResult>> {
  const done = new Map<string, VerificationResult>();
  const deadline = Date.now() + timeoutMs;
  while (done.size < ids.length && Date.now() < deadline) {
    for (const id of ids) {
      if (done.has(id)) continue;
      const j = await poll(id);
      if (j.status === "COMPLETED" || j.status === "FAILED") done.set(id, j);
    }
    if (done.size < ids.length) await Bun.sleep(200);
  }
  return done;
}

/** A job as GET /v1/jobs/{id} answers it. */
type PolledJob = VerificationResult | PendingJobView;

/** Outcomes per kind, as printed by the script and docs/BENCHMARKS.md. */
export function summarize(r: HostileReport): Array<[string, number, string]> {
  const byKind = new Map<string, Outcome[]>();
  for (const x of r.outcomes) byKind.set(x.kind, [...(byKind.get(x.kind) ?? []), x]);
  return [...byKind].map(([kind, xs]) => {
    const counts = new Map<string, number>();
    for (const x of xs) {
      const label = x.final
        ? x.final.status === "COMPLETED"
          ? "COMPLETED"
          : `FAILED ${x.final.code}`
        : `POST ${x.postStatus} ${String(x.postBody.error ?? "")}`;
      counts.set(label, (counts.get(label) ?? 0) + 1);
    }
    return [
      kind,
      xs.length,
      [...counts]
        .sort((a, b) => b[1] - a[1])
        .map(([l, n]) => `${l} x${n}`)
        .join(", "),
    ];
  });
}
