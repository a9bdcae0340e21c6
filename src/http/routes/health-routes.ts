import { Elysia } from "elysia";
import { routeHooks } from "../api-operation.ts";
import { healthz, metrics, readyz } from "../api-operations.ts";

export interface HealthProbe {
  /** rejects when the database cannot take a write, or does not answer within READY_DATABASE_TIMEOUT_MS */
  checkDatabase(): Promise<void>;
  /** bytes free for DATA_DIR's filesystem, or null when it cannot be read */
  freeDiskBytes(): number | null;
  /** ms since the worker loop last turned; Infinity when it is not running */
  workerLoopAgeMs(): number;
  /** Prometheus text exposition of the service's gauges and counters */
  metrics(): Promise<string>;
  /** the queue's health: jobs still running past their deadline, and how long the oldest due job has waited */
  jobs?(): Promise<JobHealth>;
}

export interface JobHealth {
  /** running jobs whose attempt passed its deadline (JOB_DEADLINE): their worker could not end them */
  runningPastDeadline: number;
  /** ms the oldest due queued job has waited to be claimed (0: none waits) */
  oldestDueAgeMs: number;
}

/**
 * /readyz waits this long for the database: a database that stops answering (a partition) makes the
 * replica unready within it, while /healthz, which needs no database, keeps answering.
 */
export const READY_DATABASE_TIMEOUT_MS = 2_000;

/** `p`'s value, or null when it takes longer than `ms` (it is left to settle unobserved). */
async function within<T>(p: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  p.catch(() => {}); // a late rejection is nobody's error
  try {
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ms);
    });
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A worker loop that has not turned for this long is considered stuck. */
export const WORKER_STALE_MS = 30_000;
/** Below this much free space a largest upload (10 MB) plus its database writes may not fit: not ready. */
export const MIN_FREE_DISK_BYTES = 12 * 1024 * 1024;

/** Constant-time check of `Authorization: Bearer <token>`. */
function bearerMatches(header: string | null, token: string): boolean {
  const given = Buffer.from(/^Bearer (\S+)$/.exec(header ?? "")?.[1] ?? "");
  const want = Buffer.from(token);
  return given.length === want.length && crypto.timingSafeEqual(given, want);
}

/**
 * Liveness and readiness: unauthenticated, cheap, no personal data. Metrics count every tenant's jobs,
 * so they need METRICS_TOKEN as a bearer token, and are off (403) while none is configured.
 */
export function healthRoutes(probe: HealthProbe, metricsToken: string | null = null) {
  return new Elysia()
    .get(healthz.path, () => ({ status: "ok" as const }), routeHooks(healthz))
    .get(
      readyz.path,
      async ({ set }) => {
        const problems: string[] = [];
        // asked beside the database check and given as long: a database that does not answer keeps
        // neither from answering within READY_DATABASE_TIMEOUT_MS
        const jobHealth = probe.jobs ? within(probe.jobs(), READY_DATABASE_TIMEOUT_MS) : Promise.resolve(null);
        try {
          await probe.checkDatabase();
        } catch (err) {
          problems.push(`database not writable: ${err instanceof Error ? err.message : String(err)}`);
        }
        const free = probe.freeDiskBytes();
        if (free !== null && free < MIN_FREE_DISK_BYTES)
          problems.push(`disk almost full: ${Math.floor(free / 1024 / 1024)} MiB free for DATA_DIR`);
        const age = probe.workerLoopAgeMs();
        if (!(age < WORKER_STALE_MS))
          problems.push(
            Number.isFinite(age) ? `worker loop stalled for ${Math.round(age / 1000)} s` : "worker loop not running",
          );
        // reported, not a reason to take this process out of service: a backlog needs it more, not less
        let jobs: Record<string, number> | undefined;
        const warnings: string[] = [];
        try {
          const h = await jobHealth;
          if (h) {
            jobs = {
              runningPastDeadline: h.runningPastDeadline,
              oldestDueSeconds: Math.round(h.oldestDueAgeMs / 1000),
            };
            if (h.runningPastDeadline > 0)
              warnings.push(
                `${h.runningPastDeadline} job(s) running past their deadline: their worker could not end them; the lease rescue takes them back`,
              );
          }
        } catch {
          // the database check above already reports a database that cannot answer
        }
        const extra = { ...(jobs ? { jobs } : {}), ...(warnings.length ? { warnings } : {}) };
        if (problems.length) {
          set.status = 503;
          return { status: "unavailable", problems, ...extra };
        }
        return { status: "ready", ...extra };
      },
      routeHooks(readyz),
    )
    .get(
      metrics.path,
      async ({ request, set }) => {
        if (metricsToken === null) {
          set.status = 403;
          return {
            error: "metrics_disabled",
            message: "/metrics is off: set METRICS_TOKEN and scrape with that bearer token",
          };
        }
        if (!bearerMatches(request.headers.get("authorization"), metricsToken)) {
          set.status = 401;
          set.headers["www-authenticate"] = 'Bearer realm="claimcheck-metrics"';
          return { error: "unauthorized", message: "send Authorization: Bearer <METRICS_TOKEN>" };
        }
        set.headers["content-type"] = "text/plain; version=0.0.4; charset=utf-8";
        return probe.metrics();
      },
      routeHooks(metrics),
    );
}
