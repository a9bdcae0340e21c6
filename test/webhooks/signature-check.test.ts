import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { checkSignature, type SecretsInForce } from "../../src/webhooks/signature-check.ts";

const CURRENT = "whsec_current-secret-0123456789";
const PREVIOUS = "whsec_previous-secret-0123456789";
const NOW = Date.UTC(2026, 0, 10);
const body = JSON.stringify({ event: "verification.completed", trackingId: "vrf_1", confidenceScore: 80, flags: [] });
const sign = (secret: string, b = body) => `sha256=${createHmac("sha256", secret).update(b, "utf8").digest("hex")}`;
const secrets = (over: Partial<SecretsInForce> = {}): SecretsInForce => ({
  current: CURRENT,
  previous: PREVIOUS,
  previousUntil: NOW + 3_600_000,
  ...over,
});

describe("checkSignature", () => {
  const cases: Array<
    [string, { body?: string; header: string; secrets?: SecretsInForce }, { ok: boolean; code: string }]
  > = [
    ["current secret", { header: sign(CURRENT) }, { ok: true, code: "valid" }],
    [
      "upper-case hex and the header name pasted too",
      { header: `X-Service-Signature: ${sign(CURRENT).toUpperCase().replace("SHA256=", "sha256=")}` },
      { ok: true, code: "valid" },
    ],
    ["previous secret within the overlap", { header: sign(PREVIOUS) }, { ok: true, code: "valid_previous_secret" }],
    [
      "previous secret after the overlap",
      { header: sign(PREVIOUS), secrets: secrets({ previousUntil: NOW - 1 }) },
      { ok: false, code: "previous_secret_expired" },
    ],
    [
      "no secret configured",
      { header: sign(CURRENT), secrets: { current: null, previous: null, previousUntil: null } },
      { ok: false, code: "no_secret" },
    ],
    ["empty header", { header: "  " }, { ok: false, code: "missing_header" }],
    ["digest without prefix", { header: sign(CURRENT).slice(7) }, { ok: false, code: "missing_prefix" }],
    ["base64 instead of hex", { header: "sha256=q83vEjRWeJA=" }, { ok: false, code: "not_hex" }],
    ["truncated digest", { header: sign(CURRENT).slice(0, 50) }, { ok: false, code: "wrong_length" }],
    [
      "body trimmed by the receiver (signed with a trailing newline)",
      { body, header: sign(CURRENT, `${body}\n`) },
      { ok: false, code: "body_whitespace" },
    ],
    [
      "body re-serialized with indentation",
      { body: JSON.stringify(JSON.parse(body), null, 2), header: sign(CURRENT) },
      { ok: false, code: "body_reserialized" },
    ],
    ["another secret entirely", { header: sign("whsec_someone-else") }, { ok: false, code: "mismatch" }],
    ["a changed body", { body: body.replace("80", "81"), header: sign(CURRENT) }, { ok: false, code: "mismatch" }],
    [
      "CRLF from a pasted form body still verifies",
      { body: '{\r\n"a": 1\r\n}', header: sign(CURRENT, '{\n"a": 1\n}') },
      { ok: true, code: "valid" },
    ],
  ];
  for (const [name, c, expected] of cases) {
    test(name, () => {
      const v = checkSignature({ body: c.body ?? body, header: c.header, secrets: c.secrets ?? secrets(), now: NOW });
      expect({ ok: v.ok, code: v.code as string }).toEqual(expected);
      expect(v.message.length).toBeGreaterThan(10);
    });
  }
});
