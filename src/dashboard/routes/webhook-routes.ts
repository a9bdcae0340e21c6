import { Elysia } from "elysia";
import type { Client } from "../../accounts/index.ts";
import { AppError } from "../../lib/index.ts";
import { checkSignature } from "../../webhooks/index.ts";
import type { DashboardContext } from "../dashboard.ts";
import { type AdminRequest, field, htmlResponse, redirect } from "../page-handler.ts";
import type { DeliveryWithAttempts } from "../pages/job-page.ts";
import { type WebhookPageOptions, webhookPage } from "../pages/webhook-page.ts";
import { clientOr404 } from "./client-lookup.ts";
import { adminOnly, type RouteAction } from "./route-action.ts";

/** Signature checker input: a webhook body is a few KB; allow generous room, bounded. */
const MAX_CHECK_BODY = 512 * 1024;

/** The test deliveries of `client`, each with its attempts (none when webhooks are off). */
async function testDeliveries(deps: DashboardContext, client: Client): Promise<DeliveryWithAttempts[]> {
  const webhooks = deps.webhooks;
  if (!webhooks) return [];
  const deliveries = await webhooks.testDeliveries(client.id);
  return Promise.all(
    deliveries.map(async (delivery) => ({ delivery, attempts: await webhooks.attempts(delivery.id) })),
  );
}

/** The webhook page of `client` as it is now, with what the request adds (a shown secret, problems, a check). */
async function renderWebhookPage(
  deps: DashboardContext,
  r: AdminRequest,
  client: Client,
  extra: Partial<WebhookPageOptions> & { status?: number } = {},
): Promise<Response> {
  const { status, ...rest } = extra;
  return htmlResponse(
    webhookPage({
      assets: deps.handle.assets,
      viewer: r.viewer,
      flash: await deps.handle.flash(r),
      client: (await deps.accounts.clientById(client.id))!,
      now: deps.clock.now(),
      tests: await testDeliveries(deps, client),
      webhooksOn: deps.webhooks !== null,
      ...rest,
    }),
    status ?? 200,
  );
}

const webhookPath = (name: string) => `/dashboard/clients/${encodeURIComponent(name)}/webhook`;

/** The page; a test delivery named in the URL must be this client's (another client's id is not found here). */
async function showWebhook(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  const client = await clientOr404(deps.accounts, r.params.name);
  const highlight = r.url.searchParams.get("test");
  if (highlight && !(await deps.webhooks?.testDeliveries(client.id, 50))?.some((d) => d.id === highlight)) {
    throw new AppError("delivery_not_found", 404, "This client has no test delivery with that id.");
  }
  return renderWebhookPage(deps, r, client, { highlight });
}

/** Save the URL; a secret generated with it is shown once; a refused URL is explained and kept in the form. */
async function saveWebhookUrl(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  const client = await clientOr404(deps.accounts, r.params.name);
  const url = field(r.form, "url", 2000);
  try {
    const set = await deps.accounts.setWebhook(client.name, url);
    if (set.generated) {
      return renderWebhookPage(deps, r, client, {
        shownSecret: {
          value: set.secret,
          why: "A signing secret was generated for this client. Configure it in the receiver; you can reveal it again here.",
        },
      });
    }
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    return renderWebhookPage(deps, r, client, { problems: [err.message], urlValue: url, status: err.status });
  }
  await deps.auth.flash(r.session, "Webhook URL saved.");
  return redirect(webhookPath(client.name));
}

async function revealSecret(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  const client = await clientOr404(deps.accounts, r.params.name);
  if (!client.webhookSecret)
    throw new AppError("no_webhook_secret", 409, "This client has no webhook secret yet: set a URL first.");
  return renderWebhookPage(deps, r, client, {
    shownSecret: { value: client.webhookSecret, why: "Shown on request; it is hidden again when you leave this page." },
  });
}

async function rotateSecret(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  const client = await clientOr404(deps.accounts, r.params.name);
  const rotated = await deps.accounts.rotateWebhookSecret(client.name);
  const why =
    "The new secret signs from now on; the previous one also signs (a second signature) for 24 hours while receivers switch.";
  return renderWebhookPage(deps, r, client, { shownSecret: { value: rotated.secret, why } });
}

/** One signed test event now; its outcome is flashed and the page highlights its delivery. */
async function sendTestEvent(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  const client = await clientOr404(deps.accounts, r.params.name);
  if (!deps.webhooks)
    throw new AppError("webhooks_unavailable", 409, "Webhook delivery is not available in this build.");
  if (!client.webhookUrl) throw new AppError("no_webhook_url", 409, "Set a webhook URL first.");
  const sent = await deps.webhooks.sendTest(client.id);
  const attempt = sent.result;
  await deps.auth.flash(
    r.session,
    attempt.outcome === "success"
      ? `Test event delivered: HTTP ${attempt.statusCode} in ${attempt.latencyMs} ms.`
      : `Test event failed (${attempt.outcome}): ${attempt.error ?? "no detail"}.`,
  );
  return redirect(`${webhookPath(client.name)}?test=${encodeURIComponent(sent.delivery.id)}`);
}

/** Does a pasted delivery's signature verify against the client's secrets, and if not, why. */
async function checkPastedSignature(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  const client = await clientOr404(deps.accounts, r.params.name);
  const body = field(r.form, "body", MAX_CHECK_BODY, true);
  const header = field(r.form, "header", 200);
  const verdict = checkSignature({
    body,
    header,
    secrets: {
      current: client.webhookSecret,
      previous: client.webhookSecretPrevious,
      previousUntil: client.webhookSecretPreviousUntil,
    },
    now: deps.clock.now(),
  });
  return renderWebhookPage(deps, r, client, { check: { body, header, verdict } });
}

/** A client's webhook settings: URL, reveal and rotate the secret, a test event, the signature checker. */
export function webhookRoutes(deps: DashboardContext) {
  const admin = (action: RouteAction) => adminOnly(deps, action);
  return new Elysia()
    .get("/dashboard/clients/:name/webhook", admin(showWebhook))
    .post("/dashboard/clients/:name/webhook", admin(saveWebhookUrl), { parse: "none" })
    .post("/dashboard/clients/:name/webhook/reveal", admin(revealSecret), { parse: "none" })
    .post("/dashboard/clients/:name/webhook/rotate", admin(rotateSecret), { parse: "none" })
    .post("/dashboard/clients/:name/webhook/test", admin(sendTestEvent), { parse: "none" })
    .post("/dashboard/clients/:name/webhook/check", admin(checkPastedSignature), { parse: "none" });
}
