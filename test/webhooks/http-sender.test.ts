import { afterEach, describe, expect, test } from "bun:test";
import { createHttpSender, RESPONSE_EXCERPT_BYTES, type SendRequest } from "../../src/webhooks/http-sender.ts";
import type { Resolver } from "../../src/webhooks/outbound-target.ts";
import {
  deadPort,
  headersThenHang,
  never,
  type Receiver,
  startReceiver,
  startResetServer,
  TLS,
} from "./helpers/receivers.ts";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
function receiver(...args: Parameters<typeof startReceiver>): Receiver {
  const r = startReceiver(...args);
  cleanups.push(() => r.stop());
  return r;
}

/** Names resolve from this table only: nothing leaves the machine. */
const table =
  (map: Record<string, string[]>): Resolver =>
  async (host) => {
    const found = map[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return found;
  };

const body = new TextEncoder().encode('{"event":"verification.completed","name":"Zoë"}');
const req = (url: string): SendRequest => ({
  url,
  body,
  headers: { "content-type": "application/json", "x-service-signature": "sha256=00" },
});
const sender = (o: Partial<Parameters<typeof createHttpSender>[0]> = {}) =>
  createHttpSender({ timeoutMs: 2_000, blockPrivate: false, resolve: table({}), ...o });

describe("HTTP sender against real receivers on loopback", () => {
  test("2xx: success, the exact body bytes and headers arrive, the answer is kept", async () => {
    const r = receiver(() => new Response("thanks", { status: 202 }));
    const res = await sender().send(req(r.url));
    expect(res).toMatchObject({ outcome: "success", statusCode: 202, error: null, responseExcerpt: "thanks" });
    expect(res.latencyMs).toBeGreaterThanOrEqual(0);
    const [got] = await r.waitFor(1);
    expect(got!.body).toEqual(body);
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(got!.headers["x-service-signature"]).toBe("sha256=00");
    expect(got!.headers["accept-encoding"]).toBe("identity");
  });

  test("a name is resolved once, checked, and the checked address is dialled with the original Host", async () => {
    const r = receiver();
    const url = r.url.replace("127.0.0.1", "hooks.example.test");
    const res = await sender({ resolve: table({ "hooks.example.test": ["127.0.0.1"] }) }).send(req(url));
    expect(res.outcome).toBe("success");
    expect((await r.waitFor(1))[0]!.headers.host).toBe(`hooks.example.test:${r.port}`);
  });

  test("500: an http failure with the status and the first bytes of the answer", async () => {
    const r = receiver(() => new Response("database down", { status: 500 }));
    expect(await sender().send(req(r.url))).toMatchObject({
      outcome: "http",
      statusCode: 500,
      error: "HTTP 500",
      responseExcerpt: "database down",
    });
  });

  test("410: an http failure too", async () => {
    const r = receiver(() => new Response(null, { status: 410 }));
    expect(await sender().send(req(r.url))).toMatchObject({ outcome: "http", statusCode: 410, responseExcerpt: null });
  });

  test("302: a failure, and the redirect is never followed", async () => {
    const target = receiver();
    const r = receiver(() => new Response(null, { status: 302, headers: { location: target.url } }));
    const res = await sender().send(req(r.url));
    expect(res).toMatchObject({ outcome: "http", statusCode: 302 });
    expect(res.error).toContain("not followed");
    expect(target.received).toHaveLength(0);
  });

  test("a receiver that never answers: timeout after WEBHOOK_TIMEOUT", async () => {
    const r = receiver(never);
    const started = performance.now();
    // the receiver never answers: a sender that waited for it would never return and the test would time out
    const res = await sender({ timeoutMs: 300 }).send(req(r.url));
    const took = performance.now() - started;
    expect(res).toMatchObject({ outcome: "timeout", statusCode: null });
    // and it gave the receiver its whole timeout first (a lower bound holds on a busy machine)
    expect(took).toBeGreaterThanOrEqual(290);
  });

  test("headers in time but a body that never ends: still a timeout (no complete answer)", async () => {
    const r = receiver(headersThenHang);
    const res = await sender({ timeoutMs: 300 }).send(req(r.url));
    expect(res).toMatchObject({ outcome: "timeout", statusCode: 200 });
    expect(res.error).toContain("body did not finish");
  });

  test("connection refused: connect", async () => {
    const res = await sender().send(req(`http://127.0.0.1:${deadPort()}/hook`));
    expect(res).toMatchObject({ outcome: "connect", statusCode: null });
    expect(res.error).toContain("ECONNREFUSED");
  });

  test("a reset in the middle of the answer: connect, even though a 200 status line arrived", async () => {
    const s = await startResetServer();
    cleanups.push(s.stop);
    const res = await sender().send(req(s.url));
    expect(res.outcome).toBe("connect");
    expect(res.error).toContain("ECONNRESET");
    expect(s.hits()).toBe(1);
  });

  test("a name that does not resolve: dns; resolution that hangs: timeout", async () => {
    expect(await sender().send(req("http://nowhere.example.test/hook"))).toMatchObject({
      outcome: "dns",
      statusCode: null,
    });
    const hanging: Resolver = () => new Promise(() => {});
    expect(await sender({ timeoutMs: 200, resolve: hanging }).send(req("http://slow.example.test/hook"))).toMatchObject(
      { outcome: "timeout" },
    );
  });

  test("a body far larger than the excerpt: the first KBs are kept and the rest is not waited for", async () => {
    const big = "x".repeat(5 * 1024 * 1024);
    const r = receiver(() => new Response(big));
    const res = await sender().send(req(r.url));
    expect(res.outcome).toBe("success");
    expect(res.responseExcerpt).toHaveLength(RESPONSE_EXCERPT_BYTES);
  });

  test("response bytes are kept as text, never interpreted (NULs replaced so the log can store them)", async () => {
    const r = receiver(
      () => new Response(new Uint8Array([0x3c, 0x73, 0x63, 0x72, 0x00, 0xff, 0x1b, 0x5b]), { status: 400 }),
    );
    const res = await sender().send(req(r.url));
    expect(res.responseExcerpt).toBe("<scr\uFFFD\uFFFD\u001b[");
  });

  test("unusable URLs are config failures and nothing is sent", async () => {
    expect(await sender().send(req("ftp://127.0.0.1/x"))).toMatchObject({ outcome: "config" });
    expect(await sender().send(req("http://user:pw@127.0.0.1/x"))).toMatchObject({ outcome: "config" });
    expect(await sender().send(req("not a url"))).toMatchObject({ outcome: "config" });
  });

  test("aborting the attempt (shutdown) rejects instead of recording a failure", async () => {
    const r = receiver(never);
    const ctrl = new AbortController();
    const p = sender({ timeoutMs: 5_000 }).send(req(r.url), ctrl.signal);
    await r.waitFor(1);
    ctrl.abort(new Error("stopping"));
    await expect(p).rejects.toThrow("stopping");
  });
});

describe("outbound safety (checked after resolution)", () => {
  test("cloud metadata and link-local are never called, whatever the setting", async () => {
    for (const blockPrivate of [false, true]) {
      const s = sender({
        blockPrivate,
        resolve: table({
          "meta.example.test": ["169.254.169.254"],
          "ll.example.test": ["fe80::1"],
          "v6meta.example.test": ["fd00:ec2::254"],
        }),
      });
      for (const url of [
        "http://169.254.169.254/latest/meta-data/",
        "http://[fd00:ec2::254]/",
        "http://[::ffff:169.254.169.254]/",
        "http://meta.example.test/",
        "http://ll.example.test/",
        "http://v6meta.example.test/",
        "http://0.0.0.0:1/",
      ]) {
        const res = await s.send(req(url));
        expect(res.outcome).toBe("blocked");
        expect(res.statusCode).toBeNull();
      }
    }
  });

  test("loopback and private: allowed by default, blocked with WEBHOOK_BLOCK_PRIVATE=true (by name and by literal)", async () => {
    const r = receiver();
    const named = r.url.replace("127.0.0.1", "internal.example.test");
    const resolve = table({ "internal.example.test": ["127.0.0.1"] });
    expect((await sender({ resolve }).send(req(named))).outcome).toBe("success");
    const blocked = await sender({ resolve, blockPrivate: true }).send(req(named));
    expect(blocked.outcome).toBe("blocked");
    expect(blocked.error).toContain("WEBHOOK_BLOCK_PRIVATE");
    expect((await sender({ blockPrivate: true }).send(req(r.url))).outcome).toBe("blocked");
    expect(r.received).toHaveLength(1);
  });

  test("a name with both a forbidden and an allowed address is sent to the allowed one only", async () => {
    const r = receiver();
    const url = r.url.replace("127.0.0.1", "mixed.example.test");
    const res = await sender({ resolve: table({ "mixed.example.test": ["169.254.169.254", "127.0.0.1"] }) }).send(
      req(url),
    );
    expect(res.outcome).toBe("success");
    expect(r.received).toHaveLength(1);
  });
});

describe("TLS", () => {
  test("https to the checked address verifies the certificate against the URL's name", async () => {
    const r = receiver(() => new Response("secure"), { tls: true });
    const resolve = table({ [TLS.name]: ["127.0.0.1"], "wrong.example.test": ["127.0.0.1"] });
    const ok = await sender({ resolve, ca: TLS.cert }).send(req(`https://${TLS.name}:${r.port}/hook`));
    expect(ok).toMatchObject({ outcome: "success", responseExcerpt: "secure" });
    const mismatch = await sender({ resolve, ca: TLS.cert }).send(req(`https://wrong.example.test:${r.port}/hook`));
    expect(mismatch.outcome).toBe("tls");
    const untrusted = await sender({ resolve }).send(req(`https://${TLS.name}:${r.port}/hook`));
    expect(untrusted.outcome).toBe("tls");
    expect(r.received).toHaveLength(1);
  });
});
