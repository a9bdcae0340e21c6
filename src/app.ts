import { join } from "node:path";
import { AccountService, AccountStore } from "./accounts/index.ts";
import { healthProbes } from "./app/health-probes.ts";
import { maintenanceTasks } from "./app/maintenance-tasks.ts";
import type { Config } from "./config/index.ts";
import { listenError } from "./config/index.ts";
import { createDashboard, type DashboardDeps } from "./dashboard/index.ts";
import { createRateGate } from "./github/index.ts";
import { acceptUpload, connectionIdleSeconds, createHttpApp } from "./http/index.ts";
import type { JobEvents } from "./jobs/index.ts";
import { JobQueue, JobStore, Worker } from "./jobs/index.ts";
import { BodyBudget, type Clock, createLogger, EventBus, type Logger, systemClock } from "./lib/index.ts";
import { MaintenanceLoop } from "./maintenance/index.ts";
import { API_CREATOR, ReportLinks, resultWords, shareUrl } from "./report/index.ts";
import { onRemoteWake, openStorage, widePermissions } from "./storage/index.ts";
import {
  openResumeStore,
  productionSteps,
  VerificationService,
  type VerificationSteps,
  VerificationStore,
  verificationJobHandler,
} from "./verification/index.ts";
import { createWebhookDelivery } from "./webhooks/index.ts";

export type AppEvents = JobEvents;

export interface AppOptions {
  clock?: Clock;
  logger?: Logger;
  /** replace the resume/GitHub edges (tests, the local CLI) */
  steps?: VerificationSteps;
  /** dashboard tuning for tests: refresh interval, argon2 cost */
  dashboard?: Pick<DashboardDeps, "refreshMs" | "auth">;
  /** for tests: how long a verification waits for a GitHub that does not answer (default 2 minutes) */
  githubGiveUpMs?: number;
}

/**
 * The composition root: wires storage, services, background loops and HTTP from one frozen config.
 * Nothing starts until `start()`; `stop()` is the graceful shutdown SIGTERM calls.
 */
export async function createApp(config: Readonly<Config>, opts: AppOptions = {}) {
  const clock = opts.clock ?? systemClock;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const events = new EventBus<AppEvents>();
  // SQLite in DATA_DIR, or PostgreSQL shared by several replicas (DATABASE_URL); migrated under a lock
  const db = await openStorage(config);
  const wide = config.databaseUrl ? [] : widePermissions(config.dataDir);
  if (wide.length)
    logger.warn(
      `data readable by other users: resumes and webhook secrets are stored here; fix with: chmod -R go-rwx ${config.dataDir}`,
      { paths: wide },
    );

  const accounts = new AccountService(new AccountStore(db), clock, {
    monthlyQuota: config.defaultMonthlyQuota,
    rateLimitPerMinute: config.defaultRateLimitPerMinute,
  });
  try {
    await accounts.ensureDefaultClient();
  } catch (err) {
    await db.close();
    throw err;
  }

  const jobStore = new JobStore(db);
  const queue = new JobQueue(jobStore, clock);
  const verifications = new VerificationService(
    db,
    new VerificationStore(db),
    queue,
    clock,
    openResumeStore(db, join(config.dataDir, "resumes"), { fsync: config.dbSynchronous === "FULL" }),
  );
  // every final result records its verdict and its findings in the report's words (report/verdict.ts)
  verifications.extendResult(async (_tx, e) => resultWords(e.result));
  // read-only share links to reports; with PUBLIC_URL every COMPLETED result carries one as reportUrl
  const reportLinks = new ReportLinks(db, clock, config.reportLinkTtlMs);
  const publicUrl = config.publicUrl;
  if (publicUrl)
    verifications.extendResult(async (tx, e) =>
      e.status === "COMPLETED"
        ? { reportUrl: shareUrl(publicUrl, (await reportLinks.on(tx).create(e.trackingId, API_CREATOR)).token) }
        : {},
    );
  // GitHub's budget belongs to the token: on PostgreSQL every replica's requests go through one gate
  const rateGate = createRateGate(db, { logger: logger.child({ component: "github" }) });
  const steps = opts.steps ?? productionSteps({ config, db, logger, gate: rateGate.gate });
  const worker = new Worker({
    db,
    store: jobStore,
    queue,
    clock,
    events,
    logger: logger.child({ component: "worker" }),
    handlers: [
      verificationJobHandler({ service: verifications, steps, logger, clock, githubGiveUpMs: opts.githubGiveUpMs }),
    ],
    concurrency: config.workerConcurrency,
    leaseMs: config.jobLeaseMs,
    deadlineMs: config.jobDeadlineMs,
    heartbeatMs: Math.max(250, Math.floor(config.jobLeaseMs / 3)),
    rescueEveryMs: Math.max(250, Math.min(5_000, Math.floor(config.jobLeaseMs / 2))),
  });
  const maintenance = new MaintenanceLoop({
    clock,
    logger,
    tasks: maintenanceTasks({ config, db, verifications, reportLinks, rateGate }),
  });
  const webhooks = createWebhookDelivery({
    config,
    db,
    clients: accounts,
    verifications,
    clock,
    logger,
    concurrency: config.webhookConcurrency,
  });
  // one budget for every body being received (uploads and dashboard forms), one idle timeout
  const bodies = { budget: new BodyBudget(config.bodyBudgetBytes), idleTimeoutMs: config.bodyTimeoutMs };
  const dashboard = createDashboard({
    db,
    accounts,
    verifications,
    clock,
    logger,
    publicUrl: config.publicUrl,
    bodies,
    githubRateLimit: () => steps.githubRateLimit?.() ?? null,
    webhooks: {
      deliveriesForJob: (trackingId) => webhooks.service.deliveriesForJob(trackingId),
      testDeliveries: (clientId, limit) => webhooks.service.testDeliveries(clientId, limit),
      health: (since) => webhooks.service.health(since),
      attempts: (id) => webhooks.service.attempts(id),
      resend: (id) => webhooks.service.resend(id),
      sendTest: (clientId) => webhooks.service.sendTest(clientId, webhooks.sender),
    },
    reportLinks,
    maxResumeBytes: config.maxResumeBytes,
    forgeHosts: config.forgeHosts.map((h) => h.host),
    // the upload form submits through POST /v1/verify's own acceptance
    acceptUpload: (request, who, server) =>
      acceptUpload(
        {
          verifications,
          maxResumeBytes: config.maxResumeBytes,
          uploads: { ...bodies, deadlineMs: config.uploadTimeoutMs },
          forgeHosts: config.forgeHosts,
        },
        request,
        who,
        server,
      ),
    ...opts.dashboard,
  });

  const http = createHttpApp({
    accounts,
    verifications,
    logger,
    maxResumeBytes: config.maxResumeBytes,
    metricsToken: config.metricsToken,
    uploads: { ...bodies, deadlineMs: config.uploadTimeoutMs },
    forgeHosts: config.forgeHosts,
    extra: [dashboard.routes],
    health: healthProbes({ config, db, clock, jobStore, worker, verifications, webhooks, steps }),
  });

  // work made due on another replica (or by a CLI command) wakes this one's idle loops (PostgreSQL)
  let unlisten: Array<() => void>;
  try {
    unlisten = await Promise.all([
      onRemoteWake(db, "claimcheck_jobs", () => queue.notify()),
      onRemoteWake(db, "claimcheck_webhooks", () => webhooks.dispatcher.notify()),
    ]);
  } catch (err) {
    await rateGate.close();
    await db.close();
    throw err;
  }
  let server: ReturnType<typeof http.listen>["server"] | null = null;
  let stopped: Promise<void> | null = null;

  return {
    config,
    db,
    clock,
    events,
    logger,
    accounts,
    verifications,
    queue,
    worker,
    maintenance,
    webhooks,
    dashboard,
    reportLinks,
    http,
    /** the GitHub rate-limit gate of this service's verifications (shared through PostgreSQL) */
    githubGate: rateGate.gate,
    /** a URL that reaches the server from this machine once started (127.0.0.1 when bound to 0.0.0.0) */
    url: "",
    /** the address actually bound, e.g. http://0.0.0.0:8080 */
    boundUrl: "",
    async start(): Promise<string> {
      // listen first: a busy port must stop the start before any worker touches the queue. reusePort off:
      // a second server on the same port would otherwise share it silently (requests split between the two)
      try {
        // the runtime's own limit (a bare 413) sits far above the service's, which answer in JSON (http/body-limits.ts);
        // it closes a silent connection after idleTimeout: later than BODY_TIMEOUT, so the 408 comes first
        // (an upload's body is timed by the service itself: http/connection-timing.ts)
        const idleTimeout = connectionIdleSeconds(config.bodyTimeoutMs);
        http.listen({
          port: config.port,
          hostname: config.host,
          maxRequestBodySize: 2 ** 32,
          reusePort: false,
          idleTimeout,
        });
      } catch (err) {
        for (const off of unlisten) off();
        await rateGate.close();
        await db.close();
        throw listenError(config, err);
      }
      server = http.server;
      worker.start();
      maintenance.start();
      webhooks.start();
      const any = config.host === "0.0.0.0" || config.host === "::";
      const host = any ? (config.host === "::" ? "::1" : "127.0.0.1") : config.host;
      const bracket = (h: string) => (h.includes(":") ? `[${h}]` : h);
      this.url = `http://${bracket(host)}:${server!.port}`;
      this.boundUrl = `http://${bracket(config.host)}:${server!.port}`;
      return this.url;
    },
    /** Stop accepting, let in-flight work finish within the grace period, release the rest, close the file. */
    stop(): Promise<void> {
      stopped ??= (async () => {
        for (const off of unlisten) off();
        await server?.stop(false);
        const [r] = await Promise.all([
          worker.stop(config.shutdownGraceMs),
          webhooks.stop(config.shutdownGraceMs),
          maintenance.stop(),
        ]);
        await steps.close?.();
        await rateGate.close();
        logger.info("stopped", { finishedInFlight: r.finished, released: r.released });
        await db.close();
      })();
      return stopped;
    },
  };
}

export type App = Awaited<ReturnType<typeof createApp>>;
