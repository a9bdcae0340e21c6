/**
 * Chaos across replicas: three `claimcheck serve` processes on one PostgreSQL database under a steady
 * stream of idempotent submissions (each request to a random live replica); a random replica is
 * SIGKILLed at random moments and restarted while the others keep serving. Ends with the checks of every
 * chaos phase (every acknowledged job final exactly once, every webhook delivered with a valid
 * signature, the calm run's scores) plus the lease check: a dead replica's leases lapse within JOB_LEASE
 * of its death and another replica takes the jobs over.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStorage } from "../../src/storage/backend.ts";
import type { Database } from "../../src/storage/database.ts";
import { percentile } from "../bench/bench-util.ts";
import { runCliProcess } from "../support/child-server.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { freshDatabaseUrl } from "../support/postgres.ts";
import { checkSchedule, closeAuditConnections, installFinalAudit, readAttempts } from "./audit.ts";
import { type Check, check, finalChecks, type PhaseReport, settle } from "./chaos-checks.ts";
import { type Candidate, CHAOS_SCHEDULE_MS, CHAOS_TIMINGS, candidateResume, seededRandom } from "./chaos-world.ts";
import { failingPlan } from "./kill-campaign.ts";
import {
  childPidsOf,
  isAlive,
  type ServiceCommand,
  type ServiceProcess,
  serviceArgv,
  spawnService,
} from "./service-process.ts";
import { startSignedReceiver } from "./signed-receiver.ts";
import { SubmissionStream } from "./submission-stream.ts";

export interface ReplicaCampaignOptions {
  kills: number;
  replicas?: number;
  seed?: number;
  everyMs?: number;
  /** time between kills (uniformly random, ms) */
  gapMs?: [number, number];
  /** how long a killed replica stays down before its restart (uniformly random, ms) */
  downMs?: [number, number];
  command?: ServiceCommand;
  settleMs?: number;
  /** PostgreSQL URL of an empty database; default: a fresh one on the test server */
  databaseUrl?: string;
  log?: (s: string) => void;
  /**
   * "failing": the receiver fails each delivery's first attempts in every way (500, redirect, hang,
   * reset, cut) and refuses some for good, so retries cross replicas; the attempt log is checked
   * against the retry schedule. Default: a healthy receiver.
   */
  receiver?: "healthy" | "failing";
  /** extra environment of every replica (e.g. LOG_LEVEL=debug for diagnosis) */
  env?: Record<string, string>;
  /** each replica's output when it is killed or stopped (for diagnosis) */
  onOutput?: (pid: number, output: string) => void;
}

/**
 * JOB_LEASE of the replicas: 3 s instead of the single-process campaigns' 1 s. Three services, the
 * database, the GitHub simulator and the receiver share the machine (two cores in CI), and a heartbeat
 * late by more than the lease hands a live replica's job to another: with 1 s that happened often
 * enough under load for jobs to bounce between live replicas. Production's default is 30 s.
 */
const LEASE_MS = 3_000;

/**
 * Watches the jobs table while replicas die: for every running job whose owner is a killed replica
 * (lease owners carry the pid), the lease's expiry beyond the kill and how long the row stayed with it.
 */
function leaseWatch(db: Database) {
  const deaths = new Map<number, number>(); // pid -> killed at
  let worstExpiryAfterDeath = 0;
  let worstHeldAfterDeath = 0;
  let deadLeasesSeen = 0;
  let looking = false;
  const look = async () => {
    const now = Date.now();
    const rows = await db
      .query<{ owner: string; expires: number }>(
        "SELECT lease_owner AS owner, lease_expires_at AS expires FROM jobs WHERE state = 'running'",
      )
      .all();
    for (const r of rows) {
      const pid = Number(/_(\d+)_[0-9a-z]+$/.exec(r.owner)?.[1]);
      const diedAt = deaths.get(pid);
      if (diedAt === undefined) continue;
      deadLeasesSeen++;
      worstExpiryAfterDeath = Math.max(worstExpiryAfterDeath, r.expires - diedAt);
      worstHeldAfterDeath = Math.max(worstHeldAfterDeath, now - diedAt);
    }
  };
  const timer = setInterval(() => {
    if (deaths.size === 0 || looking) return;
    looking = true;
    look()
      .catch(() => {}) // a look that failed is made again at the next tick
      .finally(() => {
        looking = false;
      });
  }, 100);
  return {
    died: (pid: number) => deaths.set(pid, Date.now()),
    stop() {
      clearInterval(timer);
      return { worstExpiryAfterDeath, worstHeldAfterDeath, deadLeasesSeen };
    },
  };
}

export async function runReplicaCampaign(o: ReplicaCampaignOptions): Promise<PhaseReport> {
  const t0 = performance.now();
  const seed = o.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = seededRandom(seed);
  const log = o.log ?? (() => {});
  const n = o.replicas ?? 3;
  const command = o.command ?? "source";
  const databaseUrl = o.databaseUrl ?? (await freshDatabaseUrl("chaos"));
  const dataDir = mkdtempSync(join(tmpdir(), "claimcheck-replicas-"));
  const specs = sampleCandidates();
  const sim = await startGitHubSimulator({
    candidates: specs,
    tokens: ["chaos-token"],
    rateLimits: { authenticated: 10_000_000 },
  });
  const secret = `chaos-secret-${crypto.randomUUID()}`;
  const failing = o.receiver === "failing" ? failingPlan() : null;
  const receiver = startSignedReceiver(secret);
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEFAULT_RATE_LIMIT: "0",
    DEFAULT_MONTHLY_QUOTA: "0",
    GITHUB_API_URL: sim.url,
    GITHUB_TOKEN: "chaos-token",
    WORKER_CONCURRENCY: "4",
    LOG_LEVEL: "warn",
    ...CHAOS_TIMINGS,
    JOB_LEASE: `${LEASE_MS}ms`,
    ...o.env,
  };
  const cli = async (args: string[]) => {
    const r = await runCliProcess(args, env, serviceArgv(command, []));
    if (r.code !== 0) throw new Error(`claimcheck ${args.join(" ")} failed (${r.code}): ${r.stderr}`);
    return r.stdout.trim();
  };
  const live: Array<ServiceProcess | null> = Array.from({ length: n }, () => null);
  const orphans: number[] = [];
  const db = await openStorage({ dbPath: "", databaseUrl }, { migrate: false });
  let starts = 0;
  const start = async (i: number) => {
    live[i] = await spawnService({ env, command });
    starts++;
    return live[i]!;
  };
  const kill = async (i: number) => {
    const s = live[i];
    if (!s) return;
    live[i] = null;
    o.onOutput?.(s.pid, s.output());
    const children = childPidsOf(s.pid);
    s.kill("SIGKILL");
    await s.exited;
    const deadline = Date.now() + 5_000;
    let alive = children.filter(isAlive);
    while (alive.length && Date.now() < deadline) {
      await Bun.sleep(20);
      alive = alive.filter(isAlive);
    }
    for (const pid of alive) {
      orphans.push(pid);
      process.kill(pid, "SIGKILL");
    }
  };
  const whenUp = async (): Promise<string> => {
    for (;;) {
      const up = live.filter((s): s is ServiceProcess => s !== null);
      if (up.length) return up[Math.floor(Math.random() * up.length)]!.url;
      await Bun.sleep(20);
    }
  };
  try {
    await cli(["migrate"]);
    const key = await cli(["keys", "create", "--name", "chaos"]);
    await cli(["webhook", "set", "--url", receiver.url, "--secret", secret]);
    await installFinalAudit(dataDir, databaseUrl);
    const candidates: Candidate[] = await Promise.all(
      specs.map(async (c) => ({ login: c.login, pdf: await candidateResume(c) })),
    );
    // the calm reference: one replica, each candidate once (the receiver accepts all of them)
    await start(0);
    const stream = new SubmissionStream({
      whenUp,
      key,
      candidates,
      everyMs: o.everyMs ?? 150,
      prefix: `replicas-${seed}`,
    });
    await Promise.all(candidates.map(() => stream.launch()));
    const calmIds = [...stream.acks.values()].map((a) => a.trackingId);
    const world = { dataDir, databaseUrl, receiver, orphans };
    const calm = await settle(world, calmIds, 60_000, { delivered: false });
    const scores = new Map<string, number | null>();
    for (const id of calmIds) {
      const v = calm.verifications.get(id);
      if (v) scores.set(v.hostUsername, v.status === "COMPLETED" ? v.score : null);
    }
    log(`replicas: seed ${seed}; calm scores ${[...scores].map(([l, s]) => `${l}=${s}`).join(", ")}`);
    if (failing) receiver.setPlan(failing.plan);
    for (let i = 1; i < n; i++) await start(i);
    const leases = leaseWatch(db);
    stream.start();
    const [gapMin, gapMax] = o.gapMs ?? [300, 1200];
    const [downMin, downMax] = o.downMs ?? [0, 1500];
    const restarts: Promise<void>[] = [];
    const restartMs: number[] = [];
    for (let k = 1; k <= o.kills; k++) {
      await Bun.sleep(gapMin + random() * (gapMax - gapMin));
      const candidatesToKill = live.map((s, i) => (s ? i : -1)).filter((i) => i >= 0);
      if (candidatesToKill.length === 0) {
        await Promise.all(restarts);
        continue;
      }
      const i = candidatesToKill[Math.floor(random() * candidatesToKill.length)]!;
      const pid = live[i]!.pid;
      await kill(i);
      leases.died(pid);
      const down = downMin + random() * (downMax - downMin);
      restarts.push(
        Bun.sleep(down).then(async () => {
          const s = await start(i);
          restartMs.push(s.readyMs);
        }),
      );
      if (k % 10 === 0 || k === o.kills) log(`replicas: ${k} kills, ${stream.acks.size} acknowledged`);
    }
    await Promise.all(restarts);
    await stream.stop(60_000);
    const ids = [...stream.acks.values()].map((a) => a.trackingId);
    const undeliverable = failing?.alwaysFails;
    const ledger = await settle(world, ids, o.settleMs ?? 90_000, { undeliverable });
    const lease = leases.stop();
    const stuck = await db
      .query<{ state: string; n: number; owners: string | null; overdue: number | null }>(
        `SELECT state, count(*) AS n, string_agg(DISTINCT lease_owner, ' ') AS owners,
                max(? - coalesce(lease_expires_at, run_at)) AS overdue
           FROM jobs WHERE state IN ('queued', 'running') GROUP BY state`,
      )
      .all(Date.now());
    const livePids = live.filter((s) => s !== null).map((s) => s!.pid);
    const checks: Check[] = await finalChecks(world, stream, ledger, {
      expectStatus: "COMPLETED",
      scores,
      undeliverable,
    });
    if (failing) {
      const schedule = checkSchedule(await readAttempts(dataDir, databaseUrl), CHAOS_SCHEDULE_MS);
      const refused = [...new Set(ids.filter(failing.alwaysFails))];
      const exhausted = schedule.exhausted.filter((e) => e.failures === CHAOS_SCHEDULE_MS.length + 1);
      checks.push(
        check(
          "no retry started before the schedule allowed, whichever replica sent it",
          schedule.early.length === 0 && schedule.gaps > 0,
          schedule.early.length ? JSON.stringify(schedule.early.slice(0, 5)) : `${schedule.gaps} gaps`,
        ),
        check(
          "refused deliveries end webhook_failed after exactly 1 + schedule attempts",
          exhausted.length === schedule.exhausted.length && schedule.exhausted.length === refused.length,
          `${schedule.exhausted.length} exhausted of ${refused.length} refused`,
        ),
      );
    }
    checks.push(
      check(
        "no lease held by a dead replica longer than JOB_LEASE (its expiry never lies beyond death + JOB_LEASE)",
        lease.worstExpiryAfterDeath <= LEASE_MS,
        `${lease.deadLeasesSeen} samples of dead replicas' leases; worst expiry ${lease.worstExpiryAfterDeath} ms after the kill`,
      ),
    );
    const delay = await deliveryDelays(db, receiver.delivered());
    const stops = await Promise.all(
      live.map(async (s) => {
        if (!s) return 0;
        s.kill("SIGTERM");
        const code = await s.exited;
        o.onOutput?.(s.pid, s.output());
        return code;
      }),
    );
    live.fill(null);
    checks.push(
      check(
        "graceful stop of every replica exits 0",
        stops.every((c) => c === 0),
        stops.join(", "),
      ),
    );
    const jobs = (await db
      .query<{ retaken: number; most: number }>(
        "SELECT count(*) FILTER (WHERE attempts > 1) AS retaken, coalesce(max(attempts), 0) AS most FROM jobs",
      )
      .get())!;
    const acks = [...stream.acks.values()];
    restartMs.sort((a, b) => a - b);
    return {
      phase: failing ? "replicas, failing receiver" : "replicas",
      seconds: (performance.now() - t0) / 1000,
      figures: {
        seed,
        replicas: n,
        SIGKILLs: o.kills,
        "replica starts": starts,
        "submissions acknowledged": `${acks.length} (retried after a dropped connection: ${acks.filter((a) => a.tries > 1).length}; idempotent replays of a lost 202: ${acks.filter((a) => a.replayed).length})`,
        "dropped connections seen by the client": stream.connectionErrors,
        "jobs claimed more than once (their replica was killed)": jobs.retaken,
        "most attempts of one job": jobs.most,
        "dead replicas' leases: worst expiry after the kill / longest still running after the kill": `${lease.worstExpiryAfterDeath} / ${lease.worstHeldAfterDeath} ms (JOB_LEASE ${LEASE_MS} ms)`,
        "webhook: completion to first accepted delivery, p50 / p95 / max": delay,
        "jobs not final when the campaign ended (diagnosis)": stuck.length
          ? `${stuck.map((r) => `${r.state} ${r.n} (overdue ${r.overdue} ms; owners ${r.owners ?? "-"})`).join("; ")}; live pids ${livePids.join(" ")}`
          : "none",
        "restart to ready, p50 / max": `${percentile(restartMs, 50).toFixed(0)} / ${(restartMs.at(-1) ?? 0).toFixed(0)} ms`,
      },
      checks,
    };
  } finally {
    for (let i = 0; i < n; i++) await kill(i);
    await db.close();
    await closeAuditConnections();
    receiver.stop();
    await sim.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Completion (database clock) to the first signed 2xx delivery at the receiver, in ms. */
async function deliveryDelays(db: Database, delivered: Map<string, Array<{ at: number }>>): Promise<string> {
  const done = await db
    .query<{ t: string; at: number }>(
      "SELECT tracking_id AS t, completed_at AS at FROM verifications WHERE completed_at IS NOT NULL",
    )
    .all();
  const delays = done
    .map((r) => {
      const first = delivered.get(r.t)?.reduce((m, x) => Math.min(m, x.at), Infinity);
      return first === undefined || first === Infinity ? null : first - r.at;
    })
    .filter((d): d is number => d !== null)
    .sort((a, b) => a - b);
  return delays.length
    ? `${percentile(delays, 50).toFixed(0)} / ${percentile(delays, 95).toFixed(0)} / ${delays.at(-1)!.toFixed(0)} ms`
    : "-";
}
