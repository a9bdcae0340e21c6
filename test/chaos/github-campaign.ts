/**
 * Chaos phase "github": the GitHub simulator misbehaves while verifications run: bursts of 5xx
 * answers, the primary rate limit spent with a reset a few seconds away, secondary-limit answers with
 * retry-after, and slow answers. Every job must wait and complete, with the score a calm run gives.
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
  /** which faults to run (default all) */
  faults?: GitHubFault[];
  command?: ServiceCommand;
  log?: (s: string) => void;
}

export type GitHubFault = "5xx" | "403" | "429" | "secondary" | "slow";

interface FaultCase {
  id: GitHubFault;
  name: string;
  /** the simulator answers some calls with an error (slow answers are not errors) */
  faulty: boolean;
  inject(world: ChaosWorld): { notBefore?: number };
  clear(world: ChaosWorld): void;
}

function cases(o: GitHubFaultOptions): FaultCase[] {
  const burst = o.burst ?? 24;
  return [
    {
      id: "5xx",
      name: "5xx burst",
      faulty: true,
      inject: (w) => {
        w.sim.injectFaults({ status: 502, count: Math.ceil(burst / 2) });
        w.sim.injectFaults({ status: 503, count: Math.floor(burst / 2) });
        return {};
      },
      clear: (w) => w.sim.clearFaults(),
    },
    {
      id: "403",
      name: "rate limit spent, reset soon (403)",
      faulty: true,
      inject: (w) => {
        const resetAt = Date.now() + (o.resetInMs ?? 3_000);
        w.sim.rateLimit.exhaust({ resetAt, status: 403 });
        return { notBefore: resetAt };
      },
      clear: () => {},
    },
    {
      id: "429",
      name: "rate limit spent, reset soon (429)",
      faulty: true,
      inject: (w) => {
        const resetAt = Date.now() + (o.resetInMs ?? 3_000);
        w.sim.rateLimit.exhaust({ resetAt, status: 429 });
        return { notBefore: resetAt };
      },
      clear: () => {},
    },
    {
      id: "secondary",
      name: "secondary rate limit (retry-after 1 s)",
      faulty: true,
      inject: (w) => {
        w.sim.rateLimit.secondary({ count: 6, retryAfterSec: 1 });
        return {};
      },
      clear: () => {},
    },
    {
      id: "slow",
      name: `slow answers (${o.slowMs ?? 400} ms per call)`,
      faulty: false,
      inject: (w) => {
        w.sim.setLatency(o.slowMs ?? 400);
        return {};
      },
      clear: (w) => w.sim.setLatency(0),
    },
  ];
}

/** Run every GitHub fault in turn against one service process; each batch must complete with calm scores. */
export async function runGitHubCampaign(o: GitHubFaultOptions = {}): Promise<PhaseReport> {
  const t0 = performance.now();
  const log = o.log ?? (() => {});
  const world = await createChaosWorld({ command: o.command });
  try {
    await world.start();
    const stream = SubmissionStream.of(world, { everyMs: 1_000_000, prefix: "github" });
    const n = o.jobsPerFault ?? world.candidates.length;
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
    for (const c of cases(o).filter((x) => !o.faults || o.faults.includes(x.id))) {
      world.sim.resetCallLog();
      const started = Date.now();
      const { notBefore } = c.inject(world);
      const acks = await batch();
      const ledger = await settle(
        world,
        acks.map((a) => a.trackingId),
        120_000,
      );
      c.clear(world);
      const faults = world.sim.calls(
        (x) => x.cause === "fault" || x.cause === "rate-limit" || x.cause === "secondary-rate-limit",
      ).length;
      const durations: number[] = [];
      const statuses = new Map<string, number>();
      let early = 0;
      for (const a of acks) {
        const v = ledger.verifications.get(a.trackingId);
        statuses.set(v?.status ?? "missing", (statuses.get(v?.status ?? "missing") ?? 0) + 1);
        const completedAt = await completedAtOf(world, a.trackingId);
        if (completedAt !== null) {
          durations.push(completedAt - started);
          if (notBefore !== undefined && completedAt < notBefore) early++;
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
      if (notBefore !== undefined)
        checks.push(check(`${c.name}: no job completed before the reset`, early === 0, `${early} early`));
      log(`github: ${c.name}: ${figures[c.name]}`);
    }
    const all = [...stream.acks.values()].map((a) => a.trackingId);
    const ledger = await settle(world, all, 30_000);
    checks.push(...finalChecks(world, stream, ledger, { expectStatus: "COMPLETED", scores }));
    return { phase: "github", seconds: (performance.now() - t0) / 1000, figures, checks };
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
