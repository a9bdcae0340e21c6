import { Elysia } from "elysia";
import type { Client } from "../../accounts/index.ts";
import { AppError } from "../../lib/index.ts";
import { checkSignature } from "../../webhooks/index.ts";
import type { DashboardContext } from "../dashboard.ts";
import { type AdminRequest, field, htmlResponse, redirect } from "../page-handler.ts";
import type { DeliveryWithAttempts } from "../pages/job-page.ts";
import { type WebhookPageOptions, webhookPage } from "../pages/webhook-page.ts";
import { clientOr404 } from "./client-lookup.ts";

/** Signature checker input: a webhook body is a few KB; allow generous room, bounded. */
const MAX_CHECK_BODY = 512 * 1024;

/** A client's webhook settings: URL, reveal and rotate the secret, a test event, the signature checker. */
export function webhookRoutes(deps: DashboardContext) {
  const { handle, auth, accounts } = deps;
  const base = (name: string) => `/dashboard/clients/${encodeURIComponent(name)}/webhook`;

  const tests = async (client: Client): Promise<DeliveryWithAttempts[]> => {
    const webhooks = deps.webhooks;
    if (!webhooks) return [];
    const deliveries = await webhooks.testDeliveries(client.id);
    return Promise.all(
      deliveries.map(async (delivery) => ({ delivery, attempts: await webhooks.attempts(delivery.id) })),
    );
  };

  const render = async (
    r: AdminRequest,
    client: Client,
    extra: Partial<WebhookPageOptions> & { status?: number } = {},
  ) => {
    const { status, ...rest } = extra;
    return htmlResponse(
      webhookPage({
        assets: handle.assets,
        viewer: r.viewer,
        flash: await handle.flash(r),
        client: (await accounts.clientById(client.id))!,
        now: deps.clock.now(),
        tests: await tests(client),
        webhooksOn: deps.webhooks !== null,
        ...rest,
      }),
      status ?? 200,
    );
  };

  return new Elysia()
    .get("/dashboard/clients/:name/webhook", (ctx) =>
      handle.admin(ctx, async (r) => {
        const client = await clientOr404(accounts, r.params.name);
        const highlight = r.url.searchParams.get("test");
        // a test delivery named in the URL must be this client's: another client's id is not found here
        if (highlight && !(await deps.webhooks?.testDeliveries(client.id, 50))?.some((d) => d.id === highlight)) {
          throw new AppError("delivery_not_found", 404, "This client has no test delivery with that id.");
        }
        return render(r, client, { highlight });
      }),
    )
    .post(
      "/dashboard/clients/:name/webhook",
      (ctx) =>
        handle.admin(ctx, async (r) => {
          const client = await clientOr404(accounts, r.params.name);
          const url = field(r.form, "url", 2000);
          try {
            const set = await accounts.setWebhook(client.name, url);
            if (set.generated) {
              return render(r, client, {
                shownSecret: {
                  value: set.secret,
                  why: "A signing secret was generated for this client. Configure it in the receiver; you can reveal it again here.",
                },
              });
            }
          } catch (err) {
            if (!(err instanceof AppError) || err.status >= 500) throw err;
            return render(r, client, { problems: [err.message], urlValue: url, status: err.status });
          }
          await auth.flash(r.session, "Webhook URL saved.");
          return redirect(base(client.name));
        }),
      { parse: "none" },
    )
    .post(
      "/dashboard/clients/:name/webhook/reveal",
      (ctx) =>
        handle.admin(ctx, async (r) => {
          const client = await clientOr404(accounts, r.params.name);
          if (!client.webhookSecret)
            throw new AppError("no_webhook_secret", 409, "This client has no webhook secret yet: set a URL first.");
          return render(r, client, {
            shownSecret: {
              value: client.webhookSecret,
              why: "Shown on request; it is hidden again when you leave this page.",
            },
          });
        }),
      { parse: "none" },
    )
    .post(
      "/dashboard/clients/:name/webhook/rotate",
      (ctx) =>
        handle.admin(ctx, async (r) => {
          const client = await clientOr404(accounts, r.params.name);
          const rotated = await accounts.rotateWebhookSecret(client.name);
          return render(r, client, {
            shownSecret: {
              value: rotated.secret,
              why: "The new secret signs from now on; the previous one also signs (a second signature) for 24 hours while receivers switch.",
            },
          });
        }),
      { parse: "none" },
    )
    .post(
      "/dashboard/clients/:name/webhook/test",
      (ctx) =>
        handle.admin(ctx, async (r) => {
          const client = await clientOr404(accounts, r.params.name);
          if (!deps.webhooks)
            throw new AppError("webhooks_unavailable", 409, "Webhook delivery is not available in this build.");
          if (!client.webhookUrl) throw new AppError("no_webhook_url", 409, "Set a webhook URL first.");
          const sent = await deps.webhooks.sendTest(client.id);
          const attempt = sent.result;
          await auth.flash(
            r.session,
            attempt.outcome === "success"
              ? `Test event delivered: HTTP ${attempt.statusCode} in ${attempt.latencyMs} ms.`
              : `Test event failed (${attempt.outcome}): ${attempt.error ?? "no detail"}.`,
          );
          return redirect(`${base(client.name)}?test=${encodeURIComponent(sent.delivery.id)}`);
        }),
      { parse: "none" },
    )
    .post(
      "/dashboard/clients/:name/webhook/check",
      (ctx) =>
        handle.admin(ctx, async (r) => {
          const client = await clientOr404(accounts, r.params.name);
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
          return render(r, client, { check: { body, header, verdict } });
        }),
      { parse: "none" },
    );
}
