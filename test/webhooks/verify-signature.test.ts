import { describe, expect, test } from "bun:test";
import { Webhook } from "standardwebhooks";
import { generateWebhookSecret } from "../../src/accounts/account-service.ts";
import { standardWebhookKey, verifySignature, verifyStandardSignature } from "../../src/webhooks/verify-signature.ts";
import { serviceSignature, signatureHeaders } from "../../src/webhooks/webhook-signer.ts";

const enc = new TextEncoder();

/** An HMAC made by WebCrypto: independent of node:crypto, which the signer uses. */
async function webCryptoHmac(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey(
    "raw",
    key as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, data as Uint8Array<ArrayBuffer>));
}
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

// bodies that catch re-encoding: non-ASCII, escapes, whitespace, an emoji outside the BMP
const BODIES = [
  '{"event":"verification.completed","confidenceScore":87}',
  '{"name":"Zoë – naïve 😀","x":"\\u00e9"}',
  " \n{ }\t",
  "",
];

describe("X-Service-Signature", () => {
  test.each(BODIES)("matches an independent WebCrypto HMAC byte for byte: %p", async (body) => {
    const secret = generateWebhookSecret();
    const bytes = enc.encode(body);
    const expected = `sha256=${hex(await webCryptoHmac(enc.encode(secret), bytes))}`;
    expect(serviceSignature(bytes, secret)).toBe(expected);
    expect(verifySignature(bytes, expected, secret)).toBe(true);
    expect(verifySignature(body, expected, secret)).toBe(true); // string form is the same UTF-8 bytes
  });

  test("rejects a changed byte, another secret, a wrong or missing prefix, a short or long digest", async () => {
    const secret = "a-brand-new-secret-value";
    const body = enc.encode('{"a":1}');
    const good = serviceSignature(body, secret);
    const digest = good.slice("sha256=".length);
    expect(verifySignature(body, good, secret)).toBe(true);
    expect(verifySignature(enc.encode('{"a":2}'), good, secret)).toBe(false);
    expect(verifySignature(enc.encode('{"a":1} '), good, secret)).toBe(false);
    expect(verifySignature(body, good, "another-secret-value")).toBe(false);
    expect(verifySignature(body, digest, secret)).toBe(false);
    expect(verifySignature(body, `sha1=${digest}`, secret)).toBe(false);
    expect(verifySignature(body, `sha256=${digest.slice(0, -1)}`, secret)).toBe(false);
    expect(verifySignature(body, `sha256=${digest}0`, secret)).toBe(false);
    expect(verifySignature(body, "sha256=", secret)).toBe(false);
    expect(verifySignature(body, null, secret)).toBe(false);
    expect(verifySignature(body, undefined, secret)).toBe(false);
    expect(verifySignature(body, good, "")).toBe(false);
    expect(verifySignature(body, `SHA256=${digest}`, secret)).toBe(false);
    expect(verifySignature(body, `sha256=${digest.toUpperCase()}`, secret)).toBe(true); // hex case is not meaning
  });

  test("a receiver can accept either secret during a rotation", () => {
    const body = enc.encode("{}");
    const old = "old-secret-1234567890";
    const next = "new-secret-1234567890";
    expect(verifySignature(body, serviceSignature(body, old), [next, old])).toBe(true);
    expect(verifySignature(body, serviceSignature(body, next), [next, old])).toBe(true);
    expect(verifySignature(body, serviceSignature(body, "third-secret-123456"), [next, old])).toBe(false);
  });
});

describe("Standard Webhooks headers", () => {
  const now = Date.now();
  const ts = Math.floor(now / 1000);

  test.each(BODIES)("the standardwebhooks library verifies what we sign: %p", (body) => {
    const secret = generateWebhookSecret();
    const h = signatureHeaders("msg_test1", ts, enc.encode(body), { current: secret, previous: null });
    expect(new Webhook(secret).verify(body, h, { jsonParse: false })).toBeUndefined(); // throws when invalid
    expect(h["webhook-signature"]).toBe(new Webhook(secret).sign("msg_test1", new Date(ts * 1000), body));
    expect(verifyStandardSignature(body, h, secret, { now })).toBe(true);
  });

  test("we verify what the standardwebhooks library signs, and its v1 matches WebCrypto", async () => {
    const secret = generateWebhookSecret();
    const body = '{"event":"verification.completed"}';
    const sig = new Webhook(secret).sign("msg_abc", new Date(ts * 1000), body);
    const headers = { "webhook-id": "msg_abc", "webhook-timestamp": String(ts), "webhook-signature": sig };
    expect(verifyStandardSignature(body, headers, secret, { now })).toBe(true);
    expect(verifyStandardSignature(body, new Headers(headers), secret, { now })).toBe(true);
    const mac = await webCryptoHmac(standardWebhookKey(secret), enc.encode(`msg_abc.${ts}.${body}`));
    expect(sig).toBe(`v1,${Buffer.from(mac).toString("base64")}`);
  });

  test("a secret that is not whsec_<base64> keys the signature with its raw bytes (the library's raw format)", () => {
    const secret = "a-brand-new-secret-value";
    const body = "{}";
    const h = signatureHeaders("msg_raw", ts, enc.encode(body), { current: secret, previous: null });
    expect(() => new Webhook(secret, { format: "raw" }).verify(body, h)).not.toThrow();
    expect(standardWebhookKey(secret)).toEqual(enc.encode(secret));
    expect(standardWebhookKey("whsec_not base64!")).toEqual(enc.encode("whsec_not base64!"));
  });

  test("during a rotation both secrets sign webhook-signature; X-Service-Signature uses the new one", () => {
    const old = generateWebhookSecret();
    const next = generateWebhookSecret();
    const body = enc.encode('{"x":1}');
    const h = signatureHeaders("msg_rot", ts, body, { current: next, previous: old });
    expect(h["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(() => new Webhook(old).verify(Buffer.from(body), h)).not.toThrow();
    expect(() => new Webhook(next).verify(Buffer.from(body), h)).not.toThrow();
    expect(verifySignature(body, h["x-service-signature"], next)).toBe(true);
    expect(verifySignature(body, h["x-service-signature"], old)).toBe(false);
    const single = signatureHeaders("msg_rot", ts, body, { current: next, previous: null });
    expect(() => new Webhook(old).verify(Buffer.from(body), single)).toThrow();
  });

  test("rejects stale or future timestamps, missing headers, other ids, tampered bodies, truncated signatures", () => {
    const secret = generateWebhookSecret();
    const body = "{}";
    const h = signatureHeaders("msg_1", ts, enc.encode(body), { current: secret, previous: null });
    expect(verifyStandardSignature(body, h, secret, { now: now + 301_000 })).toBe(false);
    expect(verifyStandardSignature(body, h, secret, { now: now - 301_000 })).toBe(false);
    expect(verifyStandardSignature(body, h, secret, { now: now + 3_600_000, toleranceSec: 7200 })).toBe(true);
    expect(verifyStandardSignature(body, { ...h, "webhook-id": "msg_2" }, secret, { now })).toBe(false);
    expect(verifyStandardSignature("{ }", h, secret, { now })).toBe(false);
    expect(
      verifyStandardSignature(body, { ...h, "webhook-signature": h["webhook-signature"]!.slice(0, -2) }, secret, {
        now,
      }),
    ).toBe(false);
    expect(
      verifyStandardSignature(
        body,
        { ...h, "webhook-signature": h["webhook-signature"]!.replace("v1,", "v2,") },
        secret,
        { now },
      ),
    ).toBe(false);
    expect(verifyStandardSignature(body, { ...h, "webhook-timestamp": "12ab" }, secret, { now })).toBe(false);
    const { "webhook-id": _, ...noId } = h;
    expect(verifyStandardSignature(body, noId, secret, { now })).toBe(false);
    expect(verifyStandardSignature(body, h, generateWebhookSecret(), { now })).toBe(false);
  });
});
