import { Elysia } from "elysia";
import type { Connections } from "../../integrations/index.ts";
import { TEST_PROFILES } from "../../integrations/index.ts";
import { AppError } from "../../lib/index.ts";
import type { DashboardContext } from "../dashboard.ts";
import { type AdminRequest, field, htmlResponse, redirect } from "../page-handler.ts";
import { integrationsPage } from "../pages/integrations-page.ts";

/** The ATS connections page (administrators): list, connect (the key shown once), revoke. */
export function integrationRoutes(deps: DashboardContext & { integrations: Connections }) {
  const { handle, auth, accounts } = deps;
  const base = (r: AdminRequest) => deps.publicUrl ?? r.url.origin;
  const render = async (
    r: AdminRequest,
    extra: Partial<Parameters<typeof integrationsPage>[0]> & { status?: number } = {},
  ) => {
    const { status, ...rest } = extra;
    return htmlResponse(
      integrationsPage({
        assets: handle.assets,
        viewer: r.viewer,
        flash: await handle.flash(r),
        baseUrl: base(r),
        clients: await accounts.listClients(),
        connections: await deps.integrations.list(),
        ...rest,
      }),
      status ?? 200,
    );
  };
  return new Elysia()
    .get("/dashboard/integrations", (ctx) => handle.admin(ctx, (r) => render(r)))
    .post(
      "/dashboard/integrations",
      (ctx) =>
        handle.admin(ctx, async (r) => {
          const kind = field(r.form, "kind", 20);
          try {
            const created = await deps.integrations.create({
              kind: kind as "greenhouse" | "ashby",
              client: field(r.form, "client", 100),
              name: field(r.form, "name", 64),
              tests: TEST_PROFILES.filter((t) => r.form.has(`test:${t.id}`)).map((t) => t.id),
              ashbyApiKey: kind === "ashby" ? field(r.form, "ashbyKey", 400) : undefined,
              ashbyApiUrl: kind === "ashby" ? field(r.form, "ashbyUrl", 400) : undefined,
            });
            // rendered, not redirected: the key exists only in this response (no-store)
            return render(r, { created });
          } catch (err) {
            if (!(err instanceof AppError) || err.status >= 500) throw err;
            return render(r, { problems: [err.message], status: err.status });
          }
        }),
      { parse: "none" },
    )
    .post(
      "/dashboard/integrations/:connectionId/revoke",
      (ctx) =>
        handle.admin(ctx, async (r) => {
          const c = await deps.integrations.revoke(r.params.connectionId ?? "");
          await auth.flash(
            r.session,
            `The ${c.kind} connection ${c.name} is revoked; its calls are refused from now on.`,
          );
          return redirect("/dashboard/integrations");
        }),
      { parse: "none" },
    );
}
