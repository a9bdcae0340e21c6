import { Elysia } from "elysia";
import type { AccountService } from "../accounts/account-service.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/log.ts";
import type { Database } from "../storage/database.ts";
import type { VerificationService } from "../verification/verification-service.ts";
import type { AttemptResult } from "../webhooks/attempt-outcome.ts";
import type { AttemptRow, DeliveryRow } from "../webhooks/delivery-store.ts";
import { AdminAuth, type AdminAuthOptions } from "./admin-auth.ts";
import { AdminStore } from "./admin-store.ts";
import { dashboardAssets } from "./assets.ts";
import { DashboardStore } from "./dashboard-store.ts";
import { createKit, type FormLimits } from "./route-kit.ts";
import { authRoutes } from "./routes/auth-routes.ts";
import { clientRoutes } from "./routes/client-routes.ts";
import { jobRoutes } from "./routes/job-routes.ts";
import { webhookRoutes } from "./routes/webhook-routes.ts";

/** What the dashboard needs from webhook delivery: the same service the CLI uses. */
export interface DashboardWebhooks {
  attempts(deliveryId: string): AttemptRow[];
  /** send an event again (a delivery id), or for the first time (a final job's trackingId) */
  resend(idOrTrackingId: string): { delivery: DeliveryRow; created: boolean };
  /** one signed test event to the client's URL now, recorded like any delivery */
  sendTest(clientId: string): Promise<{ delivery: DeliveryRow; result: AttemptResult }>;
}

export interface DashboardDeps {
  db: Database;
  accounts: AccountService;
  verifications: VerificationService;
  clock: Clock;
  logger: Logger;
  /** PUBLIC_URL: links and the Secure cookie flag follow it */
  publicUrl: string | null;
  /** the global body budget and body timeout, shared with the API's uploads */
  bodies: FormLimits;
  /** null until webhook delivery is wired in */
  webhooks: DashboardWebhooks | null;
  /** GitHub's last reported rate-limit window, when the analysis exposes one */
  githubRateLimit?: () => { limit: number; remaining: number; resetAt: number } | null;
  /** how often live regions refresh themselves in the browser */
  refreshMs?: number;
  auth?: AdminAuthOptions;
}

/** The path of the one-time setup page for `token` under the service's base URL. */
export function setupLink(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/dashboard/setup?token=${encodeURIComponent(token)}`;
}

/**
 * The admin dashboard at /dashboard: server-rendered pages over the same services the API and the CLI
 * use, with its own administrators and sessions. Nothing runs until the routes are mounted.
 */
export function createDashboard(d: DashboardDeps) {
  const auth = new AdminAuth(new AdminStore(d.db), d.clock, d.auth);
  const store = new DashboardStore(d.db);
  const assets = dashboardAssets();
  const kit = createKit({
    auth,
    logger: d.logger.child({ component: "dashboard" }),
    publicUrl: d.publicUrl,
    bodies: d.bodies,
    assets: assets.paths,
  });
  const ctx = { ...d, kit, store, auth, refreshMs: d.refreshMs ?? 5_000 };

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
    .use(authRoutes(kit, auth))
    .use(jobRoutes(ctx))
    .use(clientRoutes(ctx))
    .use(webhookRoutes(ctx))
    .all("/dashboard/*", (c) => kit.unmatched(c, allowedMethods(c.request)), { parse: "none" });

  /** The methods the dashboard's routes serve for a path (empty: no such page). */
  let table: Array<{ method: string; pattern: RegExp }> | null = null;
  const allowedMethods = (request: Request): string[] => {
    table ??= routes.routes
      .filter((r) => r.path !== "/dashboard/*" && r.method !== "ALL")
      .map((r) => ({ method: r.method, pattern: new RegExp(`^${r.path.replace(/:[^/]+/g, "[^/]+")}/?$`) }));
    const path = new URL(request.url).pathname;
    const methods = new Set(table.filter((r) => r.pattern.test(path)).map((r) => r.method));
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
    setupLinkIfNoAdmin(baseUrl: string): { link: string; expiresAt: number } | null {
      if (auth.hasAdmin()) return null;
      const { token, expiresAt } = auth.createSetupToken();
      return { link: setupLink(d.publicUrl ?? baseUrl, token), expiresAt };
    },
  };
}

export type Dashboard = ReturnType<typeof createDashboard>;
export type DashboardContext = DashboardDeps & {
  kit: ReturnType<typeof createKit>;
  store: DashboardStore;
  auth: AdminAuth;
  refreshMs: number;
};
