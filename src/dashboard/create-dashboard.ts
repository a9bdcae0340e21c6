import { Elysia } from "elysia";
import { AdminAuth, AdminStore, setupLink } from "../admins/index.ts";
import { ReportSource } from "../report/index.ts";
import { dashboardAssets } from "./assets.ts";
import type { DashboardContext, DashboardDeps } from "./dashboard.ts";
import { createPageHandler } from "./page-handler.ts";
import { authRoutes } from "./routes/auth-routes.ts";
import { clientRoutes } from "./routes/client-routes.ts";
import { jobRoutes } from "./routes/job-routes.ts";
import { reportRoutes } from "./routes/report-routes.ts";
import { shareRoutes } from "./routes/share-routes.ts";
import { submitRoutes } from "./routes/submit-routes.ts";
import { webhookRoutes } from "./routes/webhook-routes.ts";

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
  const context: DashboardContext = {
    ...deps,
    handle,
    auth,
    refreshMs: deps.refreshMs ?? 5_000,
    reports: new ReportSource(deps.db),
  };

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
