/**
 * Chaos phase "fetch-kills": the service is SIGKILLed again and again while one candidate's GitHub evidence
 * is being fetched (the simulator holds that candidate's next search call, a request spaced 2 s apart per token
 * for the whole process, without answering), under a steady stream of every candidate's submissions.
 * Then one more held search is left alone: the job's attempt must end at its deadline (JOB_DEADLINE),
 * free its slot, and complete when retried. Every acknowledged job must end, COMPLETED with its calm
 * score; the last service's /metrics must show the deadline hit and no aborted work left running.
 */
import { type Check, check, finalChecks, type PhaseReport, settle } from "./chaos-checks.ts";
import { type ChaosWorld, createChaosWorld, seededRandom } from "./chaos-world.ts";
import { calmScores } from "./kill-campaign.ts";
import type { ServiceCommand } from "./service-process.ts";
import { SubmissionStream } from "./submission-stream.ts";

export interface FetchKillOptions {
  kills: number;
  seed?: number;
  /** the candidate whose evidence fetch is held and killed (default maya-mixed: its repository is a copy suspect) */
  login?: string;
  /**
   * the deadline of the service that runs the job left to it, compressed (default 8s: below the simulator's
   * 10 s idle close of a held request); the kills run with the default, since under them a copy suspect's
   * jobs may wait their turn for several 2-seconds-apart searches each
   */
  deadline?: string;
  command?: ServiceCommand;
  settleMs?: number;
  log?: (s: string) => void;
}

const METRICS_TOKEN = "chaos-metrics-token-0123456789";
const SEARCH = "/search/";

/** Resolves true once `pred` holds (polled), false after `timeoutMs`. */
async function until(pred: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > deadline) return false;
    await Bun.sleep(10);
  }
  return true;
}

/** A Prometheus sample of the running service, or null when it cannot be read. */
async function metric(world: ChaosWorld, name: string): Promise<number | null> {
  const url = world.service?.url;
  if (!url) return null;
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const m = new RegExp(`^${name} (\\S+)$`, "m").exec(text);
  return m ? Number(m[1]) : null;
}

export async function runFetchKillCampaign(o: FetchKillOptions): Promise<PhaseReport> {
  const t0 = performance.now();
  const seed = o.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = seededRandom(seed);
  const log = o.log ?? (() => {});
  const login = o.login ?? "maya-mixed";
  const world = await createChaosWorld({ command: o.command, env: { METRICS_TOKEN } });
  try {
    await world.start();
    const stream = SubmissionStream.of(world, { everyMs: 400, prefix: `fetch-kills-${seed}` });
    const candidate = world.candidates.find((c) => c.login === login);
    if (!candidate) throw new Error(`fetch-kills: no sample candidate ${login}`);
    const scores = await calmScores(world, stream);
    log(`fetch-kills: seed ${seed}; calm scores ${[...scores].map(([l, s]) => `${l}=${s}`).join(", ")}`);
    // a fresh process: nothing of the calm run's copy verdicts is remembered, so the next job searches
    await world.kill();
    await world.start();
    stream.start();

    /** Holds the candidate's next search call (a copy suspect searches) and submits its resume until it arrives. */
    const holdNextFetch = async (): Promise<boolean> => {
      const before = world.sim.calls(SEARCH).length;
      world.sim.injectFaults({ kind: "hang", match: SEARCH, count: 1 });
      for (let i = 0; i < 2; i++) void stream.launch(candidate);
      return until(() => world.sim.calls(SEARCH).length > before, 30_000);
    };
    let caught = 0;
    for (let k = 1; k <= o.kills; k++) {
      if (await holdNextFetch()) caught++;
      await Bun.sleep(random() * 200);
      await world.kill();
      await world.start();
      if (k % 5 === 0 || k === o.kills) log(`fetch-kills: ${k} kills, ${caught} during the held fetch`);
    }
    await stream.stop(60_000);
    const ids = [...stream.acks.values()].map((a) => a.trackingId);
    const ledger = await settle(world, ids, o.settleMs ?? 90_000, {});
    const checks: Check[] = finalChecks(world, stream, ledger, { expectStatus: "COMPLETED", scores });

    // one more held fetch, not rescued by a kill: the attempt's deadline must end it. A fresh process with
    // nothing else to do, so that its search is asked (nothing remembered) and only this job waits on it
    await world.kill();
    await world.start({ JOB_DEADLINE: o.deadline ?? "8s" });
    const lone = SubmissionStream.of(world, {
      everyMs: 60_000,
      prefix: `fetch-kills-deadline-${seed}`,
      candidates: [candidate],
    });
    const before = world.sim.calls(SEARCH).length;
    world.sim.injectFaults({ kind: "hang", match: SEARCH, count: 1 });
    void lone.launch();
    const lastHeld = await until(() => world.sim.calls(SEARCH).length > before, 30_000);
    await lone.stop(60_000);
    const loneId = [...lone.acks.values()][0]?.trackingId ?? "";
    const loneEnd = (await settle(world, [loneId], o.settleMs ?? 90_000, {})).verifications.get(loneId);
    const deadlines = await metric(world, "claimcheck_job_deadlines_exceeded_total");
    const abandoned = await metric(world, "claimcheck_jobs_abandoned");
    const pastDeadline = await metric(world, "claimcheck_jobs_past_deadline");
    checks.push(
      check(
        "every kill landed while the candidate's evidence was being fetched (its search held)",
        caught === o.kills && lastHeld,
        `${caught} of ${o.kills}; last held fetch ${lastHeld ? "reached" : "not reached"}`,
      ),
      check(
        "the fetch held without a kill ended at the attempt's deadline; the retried job completed with its calm score",
        (deadlines ?? 0) >= 1 && loneEnd?.status === "COMPLETED" && loneEnd.score === scores.get(login),
        `claimcheck_job_deadlines_exceeded_total ${deadlines}; ${loneEnd?.status ?? "missing"}, score ${loneEnd?.score} (calm ${scores.get(login)})`,
      ),
      check(
        "aborted work stopped (no handler left running after its abort), none running past its deadline",
        abandoned === 0 && pastDeadline === 0,
        `claimcheck_jobs_abandoned ${abandoned}, claimcheck_jobs_past_deadline ${pastDeadline}`,
      ),
    );
    const code = await world.stop();
    checks.push(check("graceful stop after the campaign exits 0", code === 0, `exit ${code}`));
    const searches = world.sim.calls(SEARCH);
    return {
      phase: "fetch-kills",
      seconds: (performance.now() - t0) / 1000,
      figures: {
        seed,
        SIGKILLs: world.starts - 1,
        "service starts": world.starts,
        "held candidate": login,
        "submissions acknowledged": stream.acks.size + lone.acks.size,
        "search calls (held / answered)": `${searches.filter((c) => c.status === 0).length} / ${searches.filter((c) => c.status !== 0).length}`,
        "attempts ended at their deadline (last service)": deadlines ?? "-",
      },
      checks,
    };
  } finally {
    await world.close();
  }
}
