import { Elysia } from "elysia";
import type { Client } from "../../accounts/index.ts";
import { monthStartUtc } from "../../accounts/index.ts";
import { AppError } from "../../lib/index.ts";
import { clientUsage } from "../../verification/index.ts";
import type { DashboardContext } from "../dashboard.ts";
import { type AdminRequest, type Form, field, htmlResponse, redirect } from "../page-handler.ts";
import { clientPage, clientsPage } from "../pages/client-pages.ts";
import type { Viewer } from "../pages/layout.ts";
import { clientOr404 } from "./client-lookup.ts";

const LIMIT_MAX = 1_000_000_000;

/** A limit field: empty is `undefined` (keep or default), else a whole number 0..1e9, else a 400. */
export function limitField(form: Form, name: string, label: string): number | undefined {
  const v = field(form, name, 20);
  if (v === "") return undefined;
  if (!/^\d+$/.test(v) || Number(v) > LIMIT_MAX)
    throw new AppError("invalid_limit", 400, `${label} must be a whole number from 0 to ${LIMIT_MAX}`);
  return Number(v);
}

/** Clients and their API keys: list, add, limits, create a key (shown once), revoke. */
export function clientRoutes(deps: DashboardContext) {
  const { handle, auth, accounts } = deps;

  const renderClient = async (
    r: AdminRequest,
    client: Client,
    extra: { createdKey?: { key: string; name: string }; problems?: string[]; status?: number } = {},
  ) =>
    htmlResponse(
      clientPage({
        assets: handle.assets,
        viewer: r.viewer,
        flash: await handle.flash(r),
        problems: extra.problems,
        client: (await accounts.clientById(client.id))!,
        usedThisMonth:
          (await deps.verifications.countsByClientSince(monthStartUtc(deps.clock.now()))).get(client.id) ?? 0,
        keys: await accounts.listKeys(client.name),
        createdKey: extra.createdKey ?? null,
      }),
      extra.status ?? 200,
    );

  const renderList = async (
    r: AdminRequest,
    viewer: Viewer,
    extra: { problems?: string[]; form?: { name: string; quota: string; rate: string }; status?: number } = {},
  ) =>
    htmlResponse(
      clientsPage({
        assets: handle.assets,
        viewer,
        flash: await handle.flash(r),
        problems: extra.problems,
        clients: await clientUsage(accounts, deps.verifications, monthStartUtc(deps.clock.now())),
        form: extra.form,
      }),
      extra.status ?? 200,
    );

  return new Elysia()
    .get("/dashboard/clients", (ctx) => handle.admin(ctx, (r) => renderList(r, r.viewer)))
    .post(
      "/dashboard/clients",
      (ctx) =>
        handle.admin(ctx, async (r) => {
          const form = {
            name: field(r.form, "name", 63),
            quota: field(r.form, "monthlyQuota", 20),
            rate: field(r.form, "rateLimit", 20),
          };
          try {
            const created = await accounts.addClient(form.name, {
              monthlyQuota: limitField(r.form, "monthlyQuota", "the monthly quota"),
              rateLimitPerMinute: limitField(r.form, "rateLimit", "the rate limit"),
            });
            await auth.flash(r.session, `Client ${created.name} added. Create an API key for it below.`);
            return redirect(`/dashboard/clients/${encodeURIComponent(created.name)}`);
          } catch (err) {
            if (!(err instanceof AppError) || err.status >= 500) throw err;
            return renderList(r, r.viewer, { problems: [err.message], form, status: err.status });
          }
        }),
      { parse: "none" },
    )
    .get("/dashboard/clients/:name", (ctx) =>
      handle.admin(ctx, async (r) => renderClient(r, await clientOr404(accounts, r.params.name))),
    )
    .post(
      "/dashboard/clients/:name/limits",
      (ctx) =>
        handle.admin(ctx, async (r) => {
          const client = await clientOr404(accounts, r.params.name);
          try {
            const monthlyQuota = limitField(r.form, "monthlyQuota", "the monthly quota");
            const rateLimitPerMinute = limitField(r.form, "rateLimit", "the rate limit");
            await accounts.setLimits(client.name, { monthlyQuota, rateLimitPerMinute });
          } catch (err) {
            if (!(err instanceof AppError) || err.status >= 500) throw err;
            return renderClient(r, client, { problems: [err.message], status: err.status });
          }
          await auth.flash(r.session, "Limits saved.");
          return redirect(`/dashboard/clients/${encodeURIComponent(client.name)}`);
        }),
      { parse: "none" },
    )
    .post(
      "/dashboard/clients/:name/keys",
      (ctx) =>
        handle.admin(ctx, async (r) => {
          const client = await clientOr404(accounts, r.params.name);
          try {
            const { key, apiKey: row } = await accounts.createKey(field(r.form, "name", 100), client.name);
            // rendered, not redirected: the key exists only in this response (no-store), never in a URL or the database
            return renderClient(r, client, { createdKey: { key, name: row.name } });
          } catch (err) {
            if (!(err instanceof AppError) || err.status >= 500) throw err;
            return renderClient(r, client, { problems: [err.message], status: err.status });
          }
        }),
      { parse: "none" },
    )
    .post(
      "/dashboard/clients/:name/keys/:keyId/revoke",
      (ctx) =>
        handle.admin(ctx, async (r) => {
          const client = await clientOr404(accounts, r.params.name);
          // only this client's keys can be revoked through this client's URL
          const key = (await accounts.listKeys(client.name)).find((k) => k.id === r.params.keyId);
          if (!key) throw new AppError("key_not_found", 404, "This client has no API key with that id.");
          if (key.revokedAt === null) await accounts.revokeKey(key.id);
          await auth.flash(
            r.session,
            `Key "${key.name}" (${key.displayPrefix}…) is revoked: requests with it are refused from now on.`,
          );
          return redirect(`/dashboard/clients/${encodeURIComponent(client.name)}`);
        }),
      { parse: "none" },
    );
}
