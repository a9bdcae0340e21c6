import { Elysia } from "elysia";
import type { AccountService, Principal } from "../accounts/index.ts";
import { AdminAuth, type AdminAuthOptions, AdminStore, setupLink } from "../admins/index.ts";
import type { Clock, Logger } from "../lib/index.ts";
import type { ReportLinks } from "../report/index.ts";
import { ReportSource } from "../report/index.ts";
import type { Database } from "../storage/index.ts";
import type { Acknowledgement, VerificationService } from "../verification/index.ts";
import type { AttemptResult, Delivery, DeliveryAttempt, DeliveryHealth, DeliverySummary } from "../webhooks/index.ts";
import { dashboardAssets } from "./assets.ts";
import { createPageHandler, type FormLimits } from "./page-handler.ts";
import { authRoutes } from "./routes/auth-routes.ts";
import { clientRoutes } from "./routes/client-routes.ts";
import { jobRoutes } from "./routes/job-routes.ts";
import { reportRoutes } from "./routes/report-routes.ts";
import { shareRoutes } from "./routes/share-routes.ts";
import { submitRoutes } from "./routes/submit-routes.ts";
import { webhookRoutes } from "./routes/webhook-routes.ts";

/** What the dashboard needs from webhook delivery: the same service the CLI uses. */
export interface DashboardWebhooks {
  /** every delivery of a verification's event, newest first */
  deliveriesForJob(trackingId: string): Promise<DeliverySummary[]>;
  /** the client's latest test deliveries, newest first */
  testDeliveries(clientId: string, limit?: number): Promise<DeliverySummary[]>;
  /** event deliveries since `since`: states, success, latency */
  health(since: number): Promise<DeliveryHealth>;
  attempts(deliveryId: string): Promise<DeliveryAttempt[]>;
  /** send an event again (a delivery id), or for the first time (a final job's trackingId) */
  resend(idOrTrackingId: string): Promise<{ delivery: Delivery; created: boolean }>;
  /** one signed test event to the client's URL now, recorded like any delivery */
  sendTest(clientId: string): Promise<{ delivery: Delivery; result: AttemptResult }>;
}

export interface DashboardDeps {
  db: Database;
  accounts: AccountService;
  verifications: VerificationService;
  clock: Clock;
  logger: Logger;
  /** PUBLIC_URL: links and the Secure cookie flag follow it */
  publicUrl: string | null;
  /**
   * Without PUBLIC_URL, the server's own address as it reaches itself from this machine (the one `serve`
   * prints: 127.0.0.1 when bound to every interface): the base of share links, never the request's Host
   */
  ownUrl?: () => string;
  /** the global body budget and body timeout, shared with the API's uploads */
  bodies: FormLimits;
  /** null until webhook delivery is wired in */
  webhooks: DashboardWebhooks | null;
  /** GitHub's last reported rate-limit window, when the analysis exposes one */
  githubRateLimit?: () => { limit: number; remaining: number; resetAt: number } | null;
  /** how often live regions refresh themselves in the browser */
  refreshMs?: number;
  auth?: AdminAuthOptions;
  /** share links to reports */
  reportLinks: ReportLinks;
  /** the largest resume the upload form takes (the API's limit) */
  maxResumeBytes: number;
  /** the hosts the upload form's accounts may be on (config.forgeHosts' names), for its hint */
  forgeHosts?: readonly string[];
  /**
   * POST /v1/verify's acceptance of a multipart upload (http/accept-upload.ts), handed in by the app:
   * the upload form reads its fields, then submits exactly as the API does
   */
  acceptUpload(
    request: Request,
    who: {
      fields: readonly string[];
      resolve(fields: Map<string, string>): Promise<{ principal: Principal; idempotencyKey: string | null }>;
    },
    /** the request's server: the body is read under the service's own timers, as the API reads it */
    server?: { timeout(request: Request, seconds: number): void } | null,
  ): Promise<{ ack: Acknowledgement; fields: Map<string, string> }>;
}

/**
 * The admin dashboard at /dashboard: server-rendered pages over the same services the API and the CLI
 * use, with its own administrators and sessions. Nothing runs until the routes are mounted.
 */
export function createDashboard(deps: DashboardDeps) {
  const auth = new AdminAuth(new AdminStore(deps.db), deps.clock, deps.auth);
  const assets = dashboardAssets();
  const handle = createPageHandler({
    auth,
    logger: deps.logger.child({ component: "dashboard" }),
    publicUrl: deps.publicUrl,
    bodies: deps.bodies,
    assets: assets.paths,
  });
  const context = { ...deps, handle, auth, refreshMs: deps.refreshMs ?? 5_000, reports: new ReportSource(deps.db) };

  const routes = new Elysia({ name: "dashboard" })
    .get("/dashboard/assets/:file", ({ request }) => {
      const a = assets.byPath.get(new URL(request.url).pathname);
      if (!a) return new Response("not found", { status: 404, headers: { "content-type": "text/plain" } });
      return new Response(a.body, {
        headers: {
          "content-type": a.contentType,
          "cache-control": "public, max-age=31536000, immutable",
          "x-content-type-options": "nosniff",
        },
      });
    })
    .use(authRoutes(handle, auth))
    .use(jobRoutes(context))
    .use(reportRoutes(context))
    .use(submitRoutes(context))
    .use(shareRoutes(context))
    .use(clientRoutes(context))
    .use(webhookRoutes(context))
    .all("/dashboard/*", (ctx) => handle.unmatched(ctx, allowedMethods(ctx.request)), { parse: "none" });

  /** The methods the dashboard's routes serve for a path (empty: no such page). */
  let table: Array<{ method: string; pattern: RegExp }> | null = null;
  const allowedMethods = (request: Request): string[] => {
    table ??= routes.routes
      .filter((route) => route.path !== "/dashboard/*" && route.method !== "ALL")
      .map((route) => ({
        method: route.method,
        pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, "[^/]+")}/?$`),
      }));
    const path = new URL(request.url).pathname;
    const methods = new Set(table.filter((route) => route.pattern.test(path)).map((route) => route.method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };

  return {
    auth,
    routes,
    /**
     * At start: while no administrator exists, a fresh setup link (the server prints it); null once
     * one exists. Each start issues a new short-lived link, so an unused one never lingers.
     */
    async setupLinkIfNoAdmin(baseUrl: string): Promise<{ link: string; expiresAt: number } | null> {
      if (await auth.hasAdmin()) return null;
      const { token, expiresAt } = await auth.createSetupToken();
      return { link: setupLink(deps.publicUrl ?? baseUrl, token), expiresAt };
    },
  };
}

export type Dashboard = ReturnType<typeof createDashboard>;
export type DashboardContext = DashboardDeps & {
  handle: ReturnType<typeof createPageHandler>;
  auth: AdminAuth;
  refreshMs: number;
  reports: ReportSource;
};
