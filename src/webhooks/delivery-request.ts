import type { AttemptResult } from "./attempt-outcome.ts";
import type { SendRequest } from "./http-sender.ts";
import { type SigningSecrets, secretsAt, signatureHeaders } from "./webhook-signer.ts";

export const USER_AGENT = "claimcheck-webhooks/1";
const encoder = new TextEncoder();

/**
 * The request of one attempt: the stored body as UTF-8 bytes (what is signed is exactly what is sent),
 * signed for the attempt's time, so `webhook-timestamp` is fresh on every retry while `webhook-id` and
 * the body stay the same.
 */
export function deliveryRequest(
  url: string,
  deliveryId: string,
  body: string,
  secrets: SigningSecrets,
  now: number,
): SendRequest {
  const bytes = encoder.encode(body);
  return {
    url,
    body: bytes,
    headers: {
      "content-type": "application/json",
      "user-agent": USER_AGENT,
      ...signatureHeaders(deliveryId, Math.floor(now / 1000), bytes, secrets),
    },
  };
}

/** The client columns an attempt reads when it starts: the URL and secrets in force at that moment. */
export interface WebhookSettings {
  webhookUrl: string | null;
  webhookSecret: string | null;
  webhookSecretPrevious: string | null;
  webhookSecretPreviousUntil: number | null;
}

export type PreparedAttempt =
  | { url: string; request: SendRequest; problem: null }
  | { url: string | null; request: null; problem: AttemptResult };

/**
 * Build an attempt from the client's current settings (a changed URL or a rotated secret applies to the
 * next retry). A missing URL or secret is a `config` failure that follows the schedule like any other,
 * so fixing the setting in time still gets the event delivered.
 */
export function prepareAttempt(
  client: WebhookSettings | null,
  deliveryId: string,
  body: string,
  now: number,
): PreparedAttempt {
  const problem = (error: string): PreparedAttempt => ({
    url: client?.webhookUrl ?? null,
    request: null,
    problem: { outcome: "config", statusCode: null, error, latencyMs: 0, responseExcerpt: null },
  });
  if (!client) return problem("the client no longer exists");
  if (!client.webhookUrl) return problem("no webhook URL is configured (claimcheck webhook set --url ...)");
  const secrets = secretsAt(client, now);
  if (!secrets) return problem("no webhook secret is configured");
  return {
    url: client.webhookUrl,
    request: deliveryRequest(client.webhookUrl, deliveryId, body, secrets, now),
    problem: null,
  };
}
