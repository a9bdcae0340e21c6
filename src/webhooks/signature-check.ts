import { serviceSignature } from "./webhook-signer.ts";

/**
 * The dashboard's signature checker: given a body and an `X-Service-Signature` header a receiver saw,
 * say whether it verifies with the client's secrets, and if not, the most likely reason, so an
 * integrator can fix their receiver. Pure: secrets and time are passed in.
 */
export type SignatureVerdict =
  | { ok: true; code: "valid" | "valid_previous_secret"; message: string }
  | {
      ok: false;
      code:
        | "no_secret"
        | "missing_header"
        | "missing_prefix"
        | "not_hex"
        | "wrong_length"
        | "previous_secret_expired"
        | "body_whitespace"
        | "body_reserialized"
        | "mismatch";
      message: string;
    };

export interface SecretsInForce {
  current: string | null;
  previous: string | null;
  /** epoch ms until which `previous` still signs */
  previousUntil: number | null;
}

const encoder = new TextEncoder();

/**
 * verify-signature.ts's verifySignature for one secret (that file is the receivers' and stays on
 * node:crypto; the server signs and checks on Bun.CryptoHasher): `sha256=<hex>`, the hex compared
 * case-insensitively and in constant time.
 */
function verifySignature(body: string, header: string, secret: string): boolean {
  if (!header.startsWith("sha256=") || !secret) return false;
  const given = encoder.encode(header.slice("sha256=".length).trim().toLowerCase());
  const expected = encoder.encode(serviceSignature(encoder.encode(body), secret).slice("sha256=".length));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

function matchesAny(body: string, header: string, s: SecretsInForce): boolean {
  const h = header.trim().replace(/^x-service-signature\s*:\s*/i, "");
  return [s.current, s.previous].some((k) => k !== null && verifySignature(body, h, k));
}

const hmacHex = (secret: string, body: string) =>
  new Bun.CryptoHasher("sha256", secret).update(body, "utf8").digest("hex");

/** Variants of a body that a receiver's framework commonly produces instead of the raw bytes. */
function variants(body: string): Array<{ code: "body_whitespace" | "body_reserialized"; body: string }> {
  const out: Array<{ code: "body_whitespace" | "body_reserialized"; body: string }> = [];
  const trimmed = body.trim();
  if (trimmed !== body) out.push({ code: "body_whitespace", body: trimmed });
  out.push({ code: "body_whitespace", body: `${body}\n` });
  try {
    const parsed: unknown = JSON.parse(body);
    for (const s of [JSON.stringify(parsed), JSON.stringify(parsed, null, 2)])
      if (s !== body) out.push({ code: "body_reserialized", body: s });
  } catch {
    // not JSON: nothing to re-serialize
  }
  return out;
}

const EXPLAIN = {
  body_whitespace:
    "the signature matches this body with different leading or trailing whitespace: verify the raw body exactly as received, before any trimming",
  body_reserialized:
    "the signature matches a re-serialized form of this JSON: the receiver parsed and re-encoded the body; verify the raw bytes before parsing",
} as const;

/**
 * Check a pasted body and header. A body pasted into a form comes back with CRLF line endings (HTML
 * forms normalize them), so the body with LF endings counts as the same body.
 */
export function checkSignature(input: {
  body: string;
  header: string;
  secrets: SecretsInForce;
  now: number;
}): SignatureVerdict {
  const { secrets, now } = input;
  const lf = input.body.replace(/\r\n/g, "\n");
  const body = lf !== input.body && matchesAny(lf, input.header, secrets) ? lf : input.body;
  const header = input.header.trim().replace(/^x-service-signature\s*:\s*/i, "");
  if (!secrets.current)
    return { ok: false, code: "no_secret", message: "this client has no webhook secret yet: set a webhook URL first" };
  if (!header)
    return { ok: false, code: "missing_header", message: "paste the X-Service-Signature header value (sha256=...)" };
  if (!header.startsWith("sha256="))
    return {
      ok: false,
      code: "missing_prefix",
      message: "the header value must start with sha256= followed by the hex digest",
    };
  const digest = header.slice("sha256=".length);
  if (!/^[0-9a-fA-F]*$/.test(digest))
    return { ok: false, code: "not_hex", message: "the digest after sha256= is not hexadecimal" };
  if (digest.length !== 64)
    return {
      ok: false,
      code: "wrong_length",
      message: `the digest has ${digest.length} hex characters; HMAC-SHA-256 has 64 (a truncated copy?)`,
    };
  const previousLive = secrets.previous !== null && (secrets.previousUntil ?? 0) > now;
  if (verifySignature(body, header, secrets.current))
    return { ok: true, code: "valid", message: "valid: signed with the current secret" };
  if (secrets.previous && verifySignature(body, header, secrets.previous)) {
    return previousLive
      ? {
          ok: true,
          code: "valid_previous_secret",
          message: `valid with the previous secret, which still signs until ${new Date(secrets.previousUntil!).toISOString()}; switch the receiver to the current secret`,
        }
      : {
          ok: false,
          code: "previous_secret_expired",
          message: "signed with the previous secret, which no longer signs: the receiver must use the current secret",
        };
  }
  const lower = digest.toLowerCase();
  for (const v of variants(body)) {
    for (const s of [secrets.current, secrets.previous]) {
      if (s && hmacHex(s, v.body) === lower) return { ok: false, code: v.code, message: EXPLAIN[v.code] };
    }
  }
  return {
    ok: false,
    code: "mismatch",
    message:
      "no match: either the body is not the exact body that was sent, or the receiver uses another secret (after a rotation?). Compute HMAC-SHA-256 over the raw body with the whole secret, whsec_ prefix included",
  };
}
