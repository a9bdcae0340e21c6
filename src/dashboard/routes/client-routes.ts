import { Elysia } from "elysia";
import type { Client } from "../../accounts/index.ts";
import { monthStartUtc } from "../../accounts/index.ts";
import { AppError } from "../../lib/index.ts";
import { clientUsage } from "../../verification/index.ts";
import type { DashboardContext } from "../dashboard.ts";
import { type AdminRequest, type Form, field, htmlResponse, redirect } from "../page-handler.ts";
import { clientPage, clientsPage } from "../pages/client-pages.ts";
import { clientOr404 } from "./client-lookup.ts";
import { adminOnly, type RouteAction } from "./route-action.ts";

const LIMIT_MAX = 1_000_000_000;

/** A limit field: empty is `undefined` (keep or default), else a whole number 0..1e9, else a 400. */
export function limitField(form: Form, name: string, label: string): number | undefined {
  const v = field(form, name, 20);
  if (v === "") return undefined;
  if (!/^\d+$/.test(v) || Number(v) > LIMIT_MAX)
    throw new AppError("invalid_limit", 400, `${label} must be a whole number from 0 to ${LIMIT_MAX}`);
  return Number(v);
}

type ClientPageExtra = { createdKey?: { key: string; name: string }; problems?: string[]; status?: number };
type ClientListExtra = { problems?: string[]; form?: { name: string; quota: string; rate: string }; status?: number };

/** A client's page: its limits, this month's use and its keys (a key just created is shown once). */
async function renderClient(deps: DashboardContext, r: AdminRequest, client: Client, extra: ClientPageExtra = {}) {
  const { handle, accounts } = deps;
  return htmlResponse(
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
}

/** The clients list with this month's use, and the add form (kept with its values after a refusal). */
async function renderList(deps: DashboardContext, r: AdminRequest, extra: ClientListExtra = {}) {
  return htmlResponse(
    clientsPage({
      assets: deps.handle.assets,
      viewer: r.viewer,
      flash: await deps.handle.flash(r),
      problems: extra.problems,
      clients: await clientUsage(deps.accounts, deps.verifications, monthStartUtc(deps.clock.now())),
      form: extra.form,
    }),
    extra.status ?? 200,
  );
}

const clientPath = (name: string) => `/dashboard/clients/${encodeURIComponent(name)}`;

/** Add a client with its limits; a refused name or limit is explained and the form keeps its values. */
async function addClient(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  const form = {
    name: field(r.form, "name", 63),
    quota: field(r.form, "monthlyQuota", 20),
    rate: field(r.form, "rateLimit", 20),
  };
  try {
    const created = await deps.accounts.addClient(form.name, {
      monthlyQuota: limitField(r.form, "monthlyQuota", "the monthly quota"),
      rateLimitPerMinute: limitField(r.form, "rateLimit", "the rate limit"),
    });
    await deps.auth.flash(r.session, `Client ${created.name} added. Create an API key for it below.`);
    return redirect(clientPath(created.name));
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    return renderList(deps, r, { problems: [err.message], form, status: err.status });
  }
}

async function showClient(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  return renderClient(deps, r, await clientOr404(deps.accounts, r.params.name));
}

async function saveLimits(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  const client = await clientOr404(deps.accounts, r.params.name);
  try {
    const monthlyQuota = limitField(r.form, "monthlyQuota", "the monthly quota");
    const rateLimitPerMinute = limitField(r.form, "rateLimit", "the rate limit");
    await deps.accounts.setLimits(client.name, { monthlyQuota, rateLimitPerMinute });
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    return renderClient(deps, r, client, { problems: [err.message], status: err.status });
  }
  await deps.auth.flash(r.session, "Limits saved.");
  return redirect(clientPath(client.name));
}

/** A new key, rendered, not redirected: it exists only in this response (no-store), never in a URL or the database. */
async function createKey(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  const client = await clientOr404(deps.accounts, r.params.name);
  try {
    const { key, apiKey: row } = await deps.accounts.createKey(field(r.form, "name", 100), client.name);
    return renderClient(deps, r, client, { createdKey: { key, name: row.name } });
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    return renderClient(deps, r, client, { problems: [err.message], status: err.status });
  }
}

/** Revoke a key of this client (only this client's keys can be revoked through this client's URL). */
async function revokeKey(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  const client = await clientOr404(deps.accounts, r.params.name);
  const key = (await deps.accounts.listKeys(client.name)).find((k) => k.id === r.params.keyId);
  if (!key) throw new AppError("key_not_found", 404, "This client has no API key with that id.");
  if (key.revokedAt === null) await deps.accounts.revokeKey(key.id);
  await deps.auth.flash(
    r.session,
    `Key "${key.name}" (${key.displayPrefix}…) is revoked: requests with it are refused from now on.`,
  );
  return redirect(clientPath(client.name));
}

/** Clients and their API keys: list, add, limits, create a key (shown once), revoke. */
export function clientRoutes(deps: DashboardContext) {
  const admin = (action: RouteAction) => adminOnly(deps, action);
  return new Elysia()
    .get(
      "/dashboard/clients",
      admin((d, r) => renderList(d, r)),
    )
    .post("/dashboard/clients", admin(addClient), { parse: "none" })
    .get("/dashboard/clients/:name", admin(showClient))
    .post("/dashboard/clients/:name/limits", admin(saveLimits), { parse: "none" })
    .post("/dashboard/clients/:name/keys", admin(createKey), { parse: "none" })
    .post("/dashboard/clients/:name/keys/:keyId/revoke", admin(revokeKey), { parse: "none" });
}
