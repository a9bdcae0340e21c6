import { createHmac } from "node:crypto";
import { standardSignature } from "./verify-signature.ts";

/** The secrets in force for a client at one instant: the current one, plus the previous one during a rotation overlap. */
export interface SigningSecrets {
  current: string;
  previous: string | null;
}

/** The secrets that sign at `now`: the previous one only while its overlap window lasts. */
export function secretsAt(
  client: {
    webhookSecret: string | null;
    webhookSecretPrevious: string | null;
    webhookSecretPreviousUntil: number | null;
  },
  now: number,
): SigningSecrets | null {
  if (!client.webhookSecret) return null;
  const prevLive = client.webhookSecretPrevious !== null && (client.webhookSecretPreviousUntil ?? 0) > now;
  return { current: client.webhookSecret, previous: prevLive ? client.webhookSecretPrevious : null };
}

/** The `X-Service-Signature` header (docs/webhooks.md): `sha256=<hex>` of the raw body, keyed with the secret's UTF-8 bytes. */
export function serviceSignature(body: Uint8Array, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/**
 * Every signature header of one attempt. The body is signed as the exact bytes that are sent.
 * `X-Service-Signature` holds one digest (its format allows only one), made with the current secret;
 * `webhook-signature` carries a `v1,` signature per live secret, current first, so a receiver still on
 * the previous secret keeps verifying during the overlap.
 */
export function signatureHeaders(
  deliveryId: string,
  timestampSec: number,
  body: Uint8Array,
  secrets: SigningSecrets,
): Record<string, string> {
  const v1 = [standardSignature(deliveryId, timestampSec, body, secrets.current)];
  if (secrets.previous && secrets.previous !== secrets.current)
    v1.push(standardSignature(deliveryId, timestampSec, body, secrets.previous));
  return {
    "x-service-signature": serviceSignature(body, secrets.current),
    "webhook-id": deliveryId,
    "webhook-timestamp": String(timestampSec),
    "webhook-signature": v1.join(" "),
  };
}
