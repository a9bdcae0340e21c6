/**
 * Chaos phases "github" and "forges": the GitHub simulator (or the GitLab and Gitea simulators at once)
 * misbehaves while verifications run: bursts of 5xx answers, the primary rate limit spent with a reset a
 * few seconds away, secondary-limit answers with retry-after, slow answers, and on GitLab and Gitea answers
 * cut off mid-body. Every job must wait and complete, with the score a calm run gives. The "forges" phase
 * submits the candidates on GitLab, on Codeberg, and one on GitHub and GitLab at once.
 */
import { percentile } from "../bench/bench-util.ts";
import { type Check, check, finalChecks, type PhaseReport, settle } from "./chaos-checks.ts";
import { type ChaosWorld, createChaosWorld } from "./chaos-world.ts";
import type { ServiceCommand } from "./service-process.ts";
import { SubmissionStream } from "./submission-stream.ts";

export interface GitHubFaultOptions {
  /** submissions per fault (default 4: each sample candidate once) */
  jobsPerFault?: number;
  /** size of each 5xx burst (default 24) */
  burst?: number;
  /** ms until the spent rate limit resets (default 3000) */
  resetInMs?: number;
  /** latency of the slow phase, ms per call (default 400) */
  slowMs?: number;
  /** which faults to run (default all the target has) */
  faults?: GitHubFault[];
  /** the hosts that misbehave: GitHub (default), or GitLab and Gitea at once */
  on?: "github" | "forges";
  command?: ServiceCommand;
  log?: (s: string) => void;
}

/** "reset": answers cut off mid-body (GitLab and Gitea only). */
export type GitHubFault = "5xx" | "403" | "429" | "secondary" | "slow" | "reset";

/** One misbehaving host, whichever simulator serves it. */
interface FaultTarget {
  fault(status: number, count: number): void;
  reset(count: number): void;
  clear(): void;
  exhaust(resetAt: number, status: 403 | 429): void;
  secondary(count: number, retryAfterSec: number): void;
  latency(ms: number): void;
  resetCallLog(): void;
  faultAnswers(): number;
}

const FAULT_CAUSES = new Set(["fault", "rate-limit", "secondary-rate-limit"]);

function targets(world: ChaosWorld, on: "github" | "forges"): FaultTarget[] {
  if (on === "github")
    return [
      {
        fault: (status, count) => world.sim.injectFaults({ status, count }),
        reset: () => {},
        clear: () => world.sim.clearFaults(),
        exhaust: (resetAt, status) => world.sim.rateLimit.exhaust({ resetAt, status }),
        secondary: (count, retryAfterSec) => world.sim.rateLimit.secondary({ count, retryAfterSec }),
        latency: (ms) => world.sim.setLatency(ms),
        resetCallLog: () => world.sim.resetCallLog(),
        faultAnswers: () => world.sim.calls((x) => FAULT_CAUSES.has(x.cause ?? "")).length,
      },
    ];
  return [world.gitlab!, world.gitea!].map((sim) => ({
    fault: (status, count) => sim.injectFaults({ status, count }),
    reset: (count) => sim.injectFaults({ kind: "reset", count }),
    clear: () => sim.clearFaults(),
    // GitLab and Gitea answer a spent budget with 429
    exhaust: (resetAt) => sim.rateLimit.exhaust({ resetAt }),
    secondary: (count, retryAfterSec) => sim.rateLimit.throttle({ count, retryAfterSec }),
    latency: (ms) => sim.setLatency(ms),
    resetCallLog: () => sim.resetCallLog(),
    faultAnswers: () => sim.calls((x) => FAULT_CAUSES.has(x.cause ?? "")).length,
  }));
}

interface FaultCase {
  id: GitHubFault;
  name: string;
  /** the simulator answers some calls with an error (slow answers are not errors) */
  faulty: boolean;
  /** the hosts that can show it */
  on: ReadonlyArray<"github" | "forges">;
  inject(t: FaultTarget): { notBefore?: number };
  clear(t: FaultTarget): void;
}

function cases(o: GitHubFaultOptions): FaultCase[] {
  const burst = o.burst ?? 24;
  const both = ["github", "forges"] as const;
  return [
    {
      id: "5xx",
      name: "5xx burst",
      faulty: true,
      on: both,
      inject: (t) => {
        t.fault(502, Math.ceil(burst / 2));
        t.fault(503, Math.floor(burst / 2));
        return {};
      },
      clear: (t) => t.clear(),
    },
    {
      id: "403",
      name: "rate limit spent, reset soon (403)",
      faulty: true,
      on: ["github"],
      inject: (t) => {
        const resetAt = Date.now() + (o.resetInMs ?? 3_000);
        t.exhaust(resetAt, 403);
        return { notBefore: resetAt };
      },
      clear: () => {},
    },
    {
      id: "429",
      name: "rate limit spent, reset soon (429)",
      faulty: true,
      on: both,
      inject: (t) => {
        const resetAt = Date.now() + (o.resetInMs ?? 3_000);
        t.exhaust(resetAt, 429);
        return { notBefore: resetAt };
      },
      clear: () => {},
    },
    {
      id: "secondary",
      name: "secondary rate limit (retry-after 1 s)",
      faulty: true,
      on: both,
      inject: (t) => {
        t.secondary(6, 1);
        return {};
      },
      clear: () => {},
    },
    {
      id: "slow",
      name: `slow answers (${o.slowMs ?? 400} ms per call)`,
      faulty: false,
      on: both,
      inject: (t) => {
        t.latency(o.slowMs ?? 400);
        return {};
      },
      clear: (t) => t.latency(0),
    },
    {
      id: "reset",
      name: "answers cut off mid-body",
      faulty: true,
      on: ["forges"],
      inject: (t) => {
        t.reset(Math.ceil(burst / 2));
        return {};
      },
      clear: (t) => t.clear(),
    },
  ];
}

/**
 * Run every fault in turn against one service process, on GitHub or on GitLab and Gitea at once; each batch
 * must complete with calm scores.
 */
export async function runGitHubCampaign(o: GitHubFaultOptions = {}): Promise<PhaseReport> {
  const t0 = performance.now();
  const log = o.log ?? (() => {});
  const on = o.on ?? "github";
  const world = await createChaosWorld({ command: o.command, hosts: on === "forges" });
  try {
    await world.start();
    // on the other hosts: the candidates with accounts there
    const candidates =
      on === "forges"
        ? world.candidates.filter((c) =>
            c.fields?.some(([f, v]) => f === "accounts" || (f === "hostUsername" && v.includes(":"))),
          )
        : world.candidates;
    const stream = SubmissionStream.of(world, { everyMs: 1_000_000, prefix: on, candidates });
    const hosts = targets(world, on);
    const n = o.jobsPerFault ?? candidates.length;
    const batch = async () => {
      const before = new Set(stream.acks.keys());
      await Promise.all(Array.from({ length: n }, () => stream.launch()));
      return [...stream.acks.values()].filter((a) => !before.has(a.idempotencyKey));
    };
    // calm run: the reference scores (and a warm GitHub cache, as in production)
    const calm = await batch();
    const calmLedger = await settle(
      world,
      calm.map((a) => a.trackingId),
      60_000,
    );
    const scores = new Map(
      calm.map((a) => [a.login, calmLedger.verifications.get(a.trackingId)?.score ?? null] as const),
    );
    const figures: Record<string, string> = {};
    const checks: Check[] = [];
    for (const c of cases(o).filter((x) => x.on.includes(on) && (!o.faults || o.faults.includes(x.id)))) {
      for (const t of hosts) t.resetCallLog();
      const started = Date.now();
      const notBefore = Math.max(...hosts.map((t) => c.inject(t).notBefore ?? Number.NEGATIVE_INFINITY));
      const acks = await batch();
      const ledger = await settle(
        world,
        acks.map((a) => a.trackingId),
        120_000,
      );
      for (const t of hosts) c.clear(t);
      const faults = hosts.reduce((n, t) => n + t.faultAnswers(), 0);
      const durations: number[] = [];
      const statuses = new Map<string, number>();
      let early = 0;
      for (const a of acks) {
        const v = ledger.verifications.get(a.trackingId);
        statuses.set(v?.status ?? "missing", (statuses.get(v?.status ?? "missing") ?? 0) + 1);
        const completedAt = await completedAtOf(world, a.trackingId);
        if (completedAt !== null) {
          durations.push(completedAt - started);
          if (Number.isFinite(notBefore) && completedAt < notBefore) early++;
        }
      }
      durations.sort((x, y) => x - y);
      const wrong = acks.filter((a) => {
        const v = ledger.verifications.get(a.trackingId);
        return v?.status !== "COMPLETED" || v.score !== scores.get(a.login);
      });
      figures[c.name] =
        `${faults} fault answers served; ${acks.length} jobs done in p50 ${percentile(durations, 50)} ms, max ${durations.at(-1) ?? "-"} ms; ${[...statuses].map(([s, k]) => `${s} ${k}`).join(", ")}`;
      checks.push(
        check(
          `${c.name}: every job waited and completed with its calm score`,
          wrong.length === 0 && (faults > 0 || !c.faulty),
          wrong.length
            ? wrong
                .map(
                  (a) =>
                    `${a.login}: ${ledger.verifications.get(a.trackingId)?.status} ${ledger.verifications.get(a.trackingId)?.errorCode ?? ""} score ${ledger.verifications.get(a.trackingId)?.score}`,
                )
                .join("; ")
            : `${acks.length} jobs, ${faults} faults`,
        ),
      );
      if (Number.isFinite(notBefore))
        checks.push(check(`${c.name}: no job completed before the reset`, early === 0, `${early} early`));
      log(`${on}: ${c.name}: ${figures[c.name]}`);
    }
    const all = [...stream.acks.values()].map((a) => a.trackingId);
    const ledger = await settle(world, all, 30_000);
    checks.push(...finalChecks(world, stream, ledger, { expectStatus: "COMPLETED", scores }));
    return { phase: on, seconds: (performance.now() - t0) / 1000, figures, checks };
  } finally {
    await world.close();
  }
}

async function completedAtOf(world: ChaosWorld, trackingId: string): Promise<number | null> {
  const url = world.service?.url;
  if (!url) return null;
  const j = (await (
    await fetch(`${url}/v1/jobs/${trackingId}`, { headers: { authorization: `Bearer ${world.key}` } })
  ).json()) as { completedAt?: string };
  return j.completedAt ? Date.parse(j.completedAt) : null;
}
