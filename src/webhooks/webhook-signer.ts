/**
 * The signing side, on the runtime's own HMAC (Bun.CryptoHasher): node:crypto, which a receiver's copy of
 * verify-signature.ts uses, costs a start several milliseconds to evaluate. The same digests as that
 * file's; test/webhooks/verify-signature.test.ts checks the headers made here with it and with the
 * standardwebhooks library.
 */
const encoder = new TextEncoder();

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
  return `sha256=${new Bun.CryptoHasher("sha256", secret).update(body).digest("hex")}`;
}

/**
 * The Standard Webhooks key of a secret, as verify-signature.ts's standardWebhookKey: a `whsec_<base64>`
 * secret base64-decoded, any other its UTF-8 bytes.
 */
function standardKey(secret: string): Uint8Array {
  if (secret.startsWith("whsec_")) {
    const b64 = secret.slice("whsec_".length);
    if (b64.length > 0 && b64.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(b64))
      return Uint8Array.from(Buffer.from(b64, "base64"));
  }
  return encoder.encode(secret);
}

/** `v1,<base64 HMAC-SHA-256 of "id.timestamp.body">` for one secret (verify-signature.ts's standardSignature). */
function standardSignature(id: string, timestampSec: number, body: Uint8Array, secret: string): string {
  const mac = new Bun.CryptoHasher("sha256", standardKey(secret));
  mac.update(`${id}.${timestampSec}.`);
  mac.update(body);
  return `v1,${mac.digest("base64")}`;
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
