/**
 * Chaos phases with SIGKILL: a steady stream of submissions while the real service process is killed
 * at random moments and restarted on the same DATA_DIR, once with a healthy webhook receiver ("kills")
 * and once with a receiver that fails in every way ("receivers"), where some deliveries must exhaust the
 * retry schedule and the attempt log must respect it.
 */
import { Database } from "bun:sqlite";
import { percentile } from "../bench/bench-util.ts";
import { checkSchedule, dbPathOf, readAttempts } from "./audit.ts";
import { type Check, check, finalChecks, type PhaseReport, settle, watchAttempts } from "./chaos-checks.ts";
import { CHAOS_SCHEDULE_MS, type ChaosWorld, createChaosWorld, seededRandom } from "./chaos-world.ts";
import type { ServiceCommand } from "./service-process.ts";
import { type AnswerPlan, FAILING_ANSWERS, type ReceiverAnswer } from "./signed-receiver.ts";
import { SubmissionStream } from "./submission-stream.ts";

export interface KillCampaignOptions {
  kills: number;
  seed?: number;
  /** a new submission every `everyMs` (default 250) */
  everyMs?: number;
  /** the service runs this long (uniformly random, ms after ready) before each SIGKILL */
  upMs?: [number, number];
  command?: ServiceCommand;
  /** after the last restart, the checks run once no job has ended for this long (default 90 s) */
  settleMs?: number;
  log?: (s: string) => void;
}

const fnv = (s: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
};

/**
 * The failing receiver's plan, decided per job: one job in eight (in order of first arrival, starting
 * with the 4th, so even a short run has one) is refused on every attempt and must end webhook_failed;
 * the others fail their first 0-4 attempts in rotating ways (500, redirect, hang, reset, cut) and are
 * then accepted.
 */
export function failingPlan(): { plan: AnswerPlan; alwaysFails: (trackingId: string) => boolean } {
  const order = new Map<string, number>();
  const alwaysFails = (id: string) => (order.get(id) ?? -1) % 8 === 3;
  const plan: AnswerPlan = ({ trackingId, seen }) => {
    if (!trackingId) return "ok";
    if (!order.has(trackingId)) order.set(trackingId, order.size);
    const h = fnv(trackingId);
    const failFirst = alwaysFails(trackingId) ? Infinity : (h >>> 3) % 5;
    return seen < failFirst ? FAILING_ANSWERS[(h + seen) % FAILING_ANSWERS.length]! : "ok";
  };
  return { plan, alwaysFails };
}

/** Scores of a calm run: each candidate once, before any chaos, as the reference for every later result. */
export async function calmScores(world: ChaosWorld, stream: SubmissionStream): Promise<Map<string, number | null>> {
  await Promise.all(world.candidates.map(() => stream.launch()));
  const ids = [...stream.acks.values()].map((a) => a.trackingId);
  const ledger = await settle(world, ids, 60_000, { delivered: false });
  const scores = new Map<string, number | null>();
  for (const id of ids) {
    const v = ledger.verifications.get(id);
    if (v) scores.set(v.hostUsername, v.status === "COMPLETED" ? v.score : null);
  }
  return scores;
}

/** Jobs that were claimed more than once (a kill took their worker), and the most claims of one job. */
function jobStats(dataDir: string): { retaken: number; maxAttempts: number } {
  const db = new Database(dbPathOf(dataDir), { readonly: true });
  try {
    const r = db
      .query<{ retaken: number; maxAttempts: number }, []>(
        "SELECT count(*) FILTER (WHERE attempts > 1) AS retaken, max(attempts) AS maxAttempts FROM jobs",
      )
      .get();
    return r ?? { retaken: 0, maxAttempts: 0 };
  } finally {
    db.close();
  }
}

/** Run the kill loop with the given receiver plan; the caller's `extra` adds phase-specific checks. */
async function killLoop(
  phase: string,
  o: KillCampaignOptions,
  plan: AnswerPlan | undefined,
  undeliverable: ((id: string) => boolean) | undefined,
  extra: (world: ChaosWorld) => Promise<{ figures: Record<string, string | number>; checks: Check[] }>,
): Promise<PhaseReport> {
  const t0 = performance.now();
  const seed = o.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = seededRandom(seed);
  const log = o.log ?? (() => {});
  const [upMin, upMax] = o.upMs ?? [300, 1500];
  const world = await createChaosWorld({ command: o.command, plan });
  try {
    await world.start();
    const stream = SubmissionStream.of(world, { everyMs: o.everyMs ?? 250, prefix: `${phase}-${seed}` });
    const scores = await calmScores(world, stream);
    log(`${phase}: seed ${seed}; calm scores ${[...scores].map(([l, s]) => `${l}=${s}`).join(", ")}`);
    stream.start();
    const restartMs: number[] = [];
    for (let k = 1; k <= o.kills; k++) {
      await Bun.sleep(upMin + random() * (upMax - upMin));
      if (random() < 0.5) {
        // every other kill lands while a submission is in flight: its answer may be lost after it committed
        void stream.launch();
        await Bun.sleep(random() * 8);
      }
      await world.kill();
      const s = await world.start();
      restartMs.push(s.readyMs);
      if (k % 10 === 0 || k === o.kills) log(`${phase}: ${k} kills, ${stream.acks.size} acknowledged`);
    }
    await stream.stop(60_000);
    const ids = [...stream.acks.values()].map((a) => a.trackingId);
    const settleT0 = performance.now();
    const attempts = watchAttempts(world);
    const ledger = await settle(world, ids, o.settleMs ?? 90_000, { undeliverable });
    const settledS = (performance.now() - settleT0) / 1000;
    const longest = attempts.stop();
    const checks = finalChecks(world, stream, ledger, { expectStatus: "COMPLETED", scores, undeliverable });
    const more = await extra(world);
    const code = await world.stop();
    checks.push(
      check(
        "graceful stop after the campaign exits 0",
        code === 0,
        `exit ${code}${code === 0 ? "" : `: ${world.lastOutput.slice(-600)}`}`,
      ),
    );
    const acks = [...stream.acks.values()];
    const perId = new Map<string, number>();
    for (const r of world.receiver.requests)
      if (r.answer === "ok" && r.signatureOk) perId.set(r.webhookId, (perId.get(r.webhookId) ?? 0) + 1);
    const jobs = jobStats(world.dataDir);
    restartMs.sort((a, b) => a - b);
    return {
      phase,
      seconds: (performance.now() - t0) / 1000,
      figures: {
        seed,
        SIGKILLs: o.kills,
        "service starts": world.starts,
        "submissions acknowledged": `${acks.length} (retried after a dropped connection: ${acks.filter((a) => a.tries > 1).length}; answered by an idempotent replay of a lost 202: ${acks.filter((a) => a.replayed).length})`,
        "dropped connections seen by the client": stream.connectionErrors,
        "jobs claimed more than once (their worker was killed)": jobs.retaken,
        "most attempts of one job": jobs.maxAttempts,
        "webhook requests received": `${world.receiver.requests.length} (${[...perId.values()].filter((n) => n > 1).length} deliveries accepted more than once: at-least-once after a kill)`,
        "restart to ready, p50 / max": `${percentile(restartMs, 50).toFixed(0)} / ${(restartMs.at(-1) ?? 0).toFixed(0)} ms`,
        "settle after the last kill; longest attempt seen running meanwhile": `${settledS.toFixed(1)} s; ${(longest.longestMs / 1000).toFixed(0)} s (${longest.login})`,
        ...more.figures,
      },
      checks: [...checks, ...more.checks],
    };
  } finally {
    await world.close();
  }
}

/** "kills": SIGKILL at random moments under a steady stream, healthy receiver. */
export function runKillCampaign(o: KillCampaignOptions): Promise<PhaseReport> {
  return killLoop("kills", o, undefined, undefined, async () => ({ figures: {}, checks: [] }));
}

/**
 * "receivers": the same stream and kills, with a receiver that answers 500, redirects, hangs past
 * WEBHOOK_TIMEOUT, resets, or cuts its answer short; some jobs' receivers never accept.
 */
export function runReceiverCampaign(o: KillCampaignOptions): Promise<PhaseReport> {
  const { plan, alwaysFails } = failingPlan();
  return killLoop("receivers", o, plan, alwaysFails, async (world) => {
    const schedule = checkSchedule(readAttempts(world.dataDir), CHAOS_SCHEDULE_MS);
    const answers = new Map<ReceiverAnswer | "bad-signature", number>();
    for (const r of world.receiver.requests) answers.set(r.answer, (answers.get(r.answer) ?? 0) + 1);
    const missingKinds = FAILING_ANSWERS.filter((a) => !answers.has(a));
    const exhaustedIds = new Set(
      readAttempts(world.dataDir)
        .filter((r) => r.state === "failed")
        .map((r) => r.tracking_id),
    );
    const acked = [...world.receiver.requests].map((r) => r.trackingId).filter((t): t is string => !!t);
    const expectedExhausted = [...new Set(acked)].filter(alwaysFails);
    const wrongExhausted = [...exhaustedIds].filter((id) => !alwaysFails(id));
    const badCounts = schedule.exhausted.filter((e) => e.failures !== CHAOS_SCHEDULE_MS.length + 1);
    let polledFailed = 0;
    const url = world.service?.url;
    if (url) {
      for (const id of expectedExhausted) {
        const j = (await (
          await fetch(`${url}/v1/jobs/${id}`, { headers: { authorization: `Bearer ${world.key}` } })
        ).json()) as { webhookStatus?: string };
        if (j.webhookStatus === "webhook_failed") polledFailed++;
      }
    }
    const late = [...schedule.lateMs].sort((a, b) => a - b);
    return {
      figures: {
        "receiver answers": [...answers].map(([a, n]) => `${a} ${n}`).join(", "),
        "retry gaps checked against the schedule": schedule.gaps,
        "retry start after its due time, p50 / p95 / max": late.length
          ? `${percentile(late, 50)} / ${percentile(late, 95)} / ${late.at(-1)} ms`
          : "-",
        "deliveries exhausted (webhook_failed)": schedule.exhausted.length,
      },
      checks: [
        check(
          "the receiver saw every failing answer kind",
          missingKinds.length === 0,
          missingKinds.length ? `missing ${missingKinds.join(", ")}` : FAILING_ANSWERS.join(", "),
        ),
        check(
          "no retry started before the schedule allowed",
          schedule.early.length === 0 && schedule.gaps > 0,
          schedule.early.length ? JSON.stringify(schedule.early.slice(0, 5)) : `${schedule.gaps} gaps`,
        ),
        check(
          "refused deliveries end webhook_failed after exactly 1 + schedule attempts",
          expectedExhausted.length > 0 &&
            badCounts.length === 0 &&
            wrongExhausted.length === 0 &&
            exhaustedIds.size === expectedExhausted.length,
          `${exhaustedIds.size} exhausted of ${expectedExhausted.length} refused${badCounts.length ? `; failures ${badCounts.map((b) => b.failures).join(",")}` : ""}${wrongExhausted.length ? `; wrongly exhausted ${wrongExhausted.join(",")}` : ""}`,
        ),
        check(
          "GET /v1/jobs shows webhookStatus webhook_failed for them",
          polledFailed === expectedExhausted.length,
          `${polledFailed} of ${expectedExhausted.length}`,
        ),
      ],
    };
  });
}
