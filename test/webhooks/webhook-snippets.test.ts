/**
 * The receiver snippets of docs/webhooks.md ("Verifying a delivery"), run as written against deliveries signed by
 * the service's own signer: a fresh delivery passes both checks; a replay (an old webhook-timestamp), a
 * rewritten timestamp, a tampered body or a wrong secret is refused. The Python snippet runs in python3.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { signatureHeaders } from "../../src/webhooks/webhook-signer.ts";
import { REPO_ROOT, tempDir } from "../support/harness.ts";

const doc = await Bun.file(join(REPO_ROOT, "docs", "webhooks.md")).text();
const section = doc.slice(doc.indexOf("## Verifying a delivery"), doc.indexOf("## Rotating the secret"));
const blocks = (lang: string) =>
  [...section.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, "g"))].map((m) => m[1]!);
const tmp = tempDir();
afterAll(() => tmp.cleanup());

const secret = `whsec_${randomBytes(32).toString("base64")}`;
const body = new TextEncoder().encode('{"event":"verification.completed","trackingId":"vrf_1","status":"COMPLETED"}');
const now = 1_790_000_000;
const fresh = signatureHeaders("msg_1", now, body, { current: secret, previous: null });

/** [name, body, headers, the receiver's clock, secret, should be accepted] */
const cases: Array<[string, Uint8Array, Record<string, string>, number, string, boolean]> = [
  ["fresh", body, fresh, now + 2, secret, true],
  ["replayed 10 minutes later", body, fresh, now + 600, secret, false],
  [
    "timestamp rewritten to look fresh",
    body,
    { ...fresh, "webhook-timestamp": String(now + 600) },
    now + 600,
    secret,
    false,
  ],
  ["tampered body", new TextEncoder().encode('{"trackingId":"vrf_2"}'), fresh, now, secret, false],
  ["wrong secret", body, fresh, now, `whsec_${randomBytes(32).toString("base64")}`, false],
];

describe("docs/webhooks.md receiver snippets", () => {
  test("the node:crypto TypeScript snippet accepts only a fresh, untampered delivery", async () => {
    const code = blocks("ts").find((b) => b.includes("function freshStandardSignature"));
    expect(code).toBeDefined();
    const file = join(tmp.dir, "snippet.ts");
    writeFileSync(file, `${code}\nexport { validSignature, freshStandardSignature };\n`);
    const m = (await import(file)) as {
      validSignature(raw: Buffer, header: string | undefined, secret: string): boolean;
      freshStandardSignature(raw: Buffer, h: Record<string, string>, secret: string, nowSec?: number): boolean;
    };
    for (const [name, b, h, clock, key, ok] of cases) {
      const raw = Buffer.from(b);
      const accepted =
        m.validSignature(raw, h["x-service-signature"], key) && m.freshStandardSignature(raw, h, key, clock);
      expect({ name, accepted }).toEqual({ name, accepted: ok });
    }
    // X-Service-Signature alone cannot see the replay: that is why the docs pair it
    expect(m.validSignature(Buffer.from(body), fresh["x-service-signature"], secret)).toBe(true);
  });

  test("the Python snippet accepts only a fresh, untampered delivery", async () => {
    const code = blocks("python").find((b) => b.includes("def fresh_standard_signature"));
    expect(code).toBeDefined();
    const driver = `
import base64, json, sys
cases = json.load(sys.stdin)
out = []
for c in cases:
    raw = base64.b64decode(c["body"])
    ok = valid_signature(raw, c["headers"].get("x-service-signature"), c["secret"]) and fresh_standard_signature(raw, c["headers"], c["secret"], now=c["clock"])
    out.append(ok)
print(json.dumps(out))
`;
    const file = join(tmp.dir, "snippet.py");
    writeFileSync(file, `${code}\n${driver}`);
    const input = cases.map(([, b, headers, clock, key]) => ({
      body: Buffer.from(b).toString("base64"),
      headers,
      clock,
      secret: key,
    }));
    const proc = Bun.spawn(["python3", file], {
      stdin: new Blob([JSON.stringify(input)]),
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code_] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    expect({ code: code_, err }).toEqual({ code: 0, err: "" });
    expect(JSON.parse(out)).toEqual(cases.map((c) => c[5]));
  });
});
