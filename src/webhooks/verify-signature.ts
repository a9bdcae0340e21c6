/**
 * Receiver-side verification of claimcheck webhooks. Self-contained (node:crypto only) so a receiver
 * can import it or copy it. Always verify the raw body bytes exactly as received, before any JSON parse.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const encoder = new TextEncoder();
const toBytes = (b: string | Uint8Array): Uint8Array => (typeof b === "string" ? encoder.encode(b) : b);

/** Constant-time comparison; different lengths are a mismatch (and are checked first, which leaks only the length). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Check `X-Service-Signature: sha256=<hex>`: HMAC-SHA-256 of the raw body keyed with the UTF-8 bytes of
 * the secret exactly as shown (including any `whsec_` prefix). Pass several secrets during a rotation.
 * False for a missing or malformed header, a wrong length, or a mismatch.
 */
export function verifySignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string | readonly string[],
): boolean {
  if (typeof header !== "string" || !header.startsWith("sha256=")) return false;
  const given = encoder.encode(header.slice("sha256=".length).trim().toLowerCase());
  const body = toBytes(rawBody);
  let ok = false;
  for (const s of typeof secret === "string" ? [secret] : secret) {
    if (!s) continue;
    const expected = encoder.encode(createHmac("sha256", s).update(body).digest("hex"));
    if (sameBytes(given, expected)) ok = true;
  }
  return ok;
}

/**
 * The HMAC key of the Standard Webhooks signature: a `whsec_<base64>` secret is base64-decoded (as the
 * `standardwebhooks` library does); any other secret is used as its raw UTF-8 bytes (the library's
 * `{ format: "raw" }`).
 */
export function standardWebhookKey(secret: string): Uint8Array {
  if (secret.startsWith("whsec_")) {
    const b64 = secret.slice("whsec_".length);
    if (b64.length > 0 && b64.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(b64))
      return Uint8Array.from(Buffer.from(b64, "base64"));
  }
  return encoder.encode(secret);
}

/** `v1,<base64 HMAC-SHA-256 of "id.timestamp.body">` for one secret. */
export function standardSignature(
  id: string,
  timestampSec: number,
  rawBody: string | Uint8Array,
  secret: string,
): string {
  const mac = createHmac("sha256", standardWebhookKey(secret));
  mac.update(`${id}.${timestampSec}.`);
  mac.update(toBytes(rawBody));
  return `v1,${mac.digest("base64")}`;
}

export interface StandardVerifyOptions {
  /** the receiver's clock in ms (default Date.now()) */
  now?: number;
  /** accepted age or skew of webhook-timestamp, seconds (default 300, as the Standard Webhooks spec advises) */
  toleranceSec?: number;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(h: HeaderBag, name: string): string | undefined {
  if (h instanceof Headers) return h.get(name) ?? undefined;
  for (const [k, v] of Object.entries(h)) if (k.toLowerCase() === name) return Array.isArray(v) ? v[0] : v;
  return undefined;
}

/**
 * Check the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`): the
 * timestamp must be within the tolerance (replay protection) and any one of the space-separated `v1,`
 * signatures must match one of the secrets.
 */
export function verifyStandardSignature(
  rawBody: string | Uint8Array,
  headers: HeaderBag,
  secret: string | readonly string[],
  opts: StandardVerifyOptions = {},
): boolean {
  const id = header(headers, "webhook-id");
  const ts = header(headers, "webhook-timestamp");
  const sigs = header(headers, "webhook-signature");
  if (!id || !ts || !sigs || !/^\d{1,12}$/.test(ts)) return false;
  const timestampSec = Number(ts);
  const nowSec = Math.floor((opts.now ?? Date.now()) / 1000);
  if (Math.abs(nowSec - timestampSec) > (opts.toleranceSec ?? 300)) return false;
  const given = sigs
    .split(" ")
    .filter((s) => s.startsWith("v1,"))
    .map((s) => encoder.encode(s));
  let ok = false;
  for (const s of typeof secret === "string" ? [secret] : secret) {
    if (!s) continue;
    const expected = encoder.encode(standardSignature(id, timestampSec, rawBody, s));
    for (const g of given) if (sameBytes(g, expected)) ok = true;
  }
  return ok;
}
