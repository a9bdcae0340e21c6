import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { safeFilename } from "../../src/http/upload.ts";
import { createLogger } from "../../src/lib/log.ts";
import { ADMIN, CookieClient, csrfOf, FAST_DASHBOARD, signedInClient } from "../dashboard/dashboard-support.ts";
import { describeEachBackend } from "../support/backends.ts";
import { fixedSteps, makePdf, pollUntil, type RunningTestApp, startTestApp, submit } from "../support/harness.ts";
import { rawRequest } from "../support/raw-request.ts";

/**
 * Hostile request content, on SQLite and on PostgreSQL alike: every refusal is the service's own 4xx,
 * never a 500, and nothing reaches the log at error level (no stack traces for an attacker to cause).
 */

let t: RunningTestApp;
let pdf: Uint8Array;
/** the service's log lines at error level, per backend */
let errors: string[] = [];

const auth = () => ({ authorization: `Bearer ${t.key}` });
const raw = (body: string | Uint8Array, contentType: string, extra: Record<string, string> = {}) =>
  fetch(`${t.url}/v1/verify`, {
    method: "POST",
    body: body as BodyInit,
    headers: { ...auth(), "content-type": contentType, ...extra },
  });

/** A multipart body assembled by hand, so it can be malformed on purpose. */
function multipart(
  boundary: string,
  parts: Array<{ name: string; filename?: string; body: string | Uint8Array }>,
): Uint8Array {
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}`;
    chunks.push(
      enc.encode(
        `--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.filename !== undefined ? "Content-Type: application/pdf\r\n" : ""}\r\n`,
      ),
    );
    chunks.push(typeof p.body === "string" ? enc.encode(p.body) : p.body);
    chunks.push(enc.encode("\r\n"));
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

async function expectError(res: Response, status: number, error: string) {
  expect(res.status).toBe(status);
  expect(((await res.json()) as { error: string }).error).toBe(error);
}

describeEachBackend("hostile input", (backend) => {
  beforeAll(async () => {
    errors = [];
    const logger = createLogger("error", {}, (line) => errors.push(line));
    t = await startTestApp({ steps: fixedSteps(), logger, dashboard: FAST_DASHBOARD, env: await backend.env() });
    pdf = await makePdf();
  });
  afterAll(() => t.stop());

  describe("multipart abuse gets the API's errors, never a 500", () => {
    test("multipart without a boundary", async () => {
      await expectError(await raw("hello", "multipart/form-data"), 400, "missing_fields");
    });

    test("a boundary that never appears in the body", async () => {
      await expectError(await raw("garbage without parts", "multipart/form-data; boundary=abc"), 400, "missing_fields");
    });

    test("a truncated body (no closing boundary)", async () => {
      const body = multipart("b0und", [
        { name: "hostUsername", body: "octocat" },
        { name: "resume", filename: "cv.pdf", body: pdf },
      ]);
      const cut = body.slice(0, body.length - 200);
      const res = await raw(cut, "multipart/form-data; boundary=b0und");
      expect([400, 415]).toContain(res.status);
    });

    test("thousands of parts: unknown fields are ignored, the request is judged on its two fields", async () => {
      const parts = Array.from({ length: 5000 }, (_, i) => ({ name: `junk${i}`, body: "x" }));
      const ok = await raw(
        multipart("many", [
          ...parts,
          { name: "hostUsername", body: "octocat" },
          { name: "resume", filename: "cv.pdf", body: pdf },
        ]),
        "multipart/form-data; boundary=many",
      );
      expect(ok.status).toBe(202);
      await expectError(
        await raw(multipart("many", parts), "multipart/form-data; boundary=many"),
        400,
        "missing_fields",
      );
    });

    test("a huge text field in place of the username", async () => {
      const res = await raw(
        multipart("big", [
          { name: "hostUsername", body: "a".repeat(5_000_000) },
          { name: "resume", filename: "cv.pdf", body: pdf },
        ]),
        "multipart/form-data; boundary=big",
      );
      await expectError(res, 400, "missing_fields");
    });

    test("duplicate fields are refused rather than guessed", async () => {
      const dupUser = multipart("dup", [
        { name: "hostUsername", body: "alice" },
        { name: "hostUsername", body: "mallory" },
        { name: "resume", filename: "cv.pdf", body: pdf },
      ]);
      const res = await raw(dupUser, "multipart/form-data; boundary=dup");
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "missing_fields", fields: ["hostUsername"] });
      const dupFile = multipart("dup", [
        { name: "hostUsername", body: "alice" },
        { name: "resume", filename: "a.pdf", body: pdf },
        { name: "resume", filename: "b.pdf", body: pdf },
      ]);
      expect(await (await raw(dupFile, "multipart/form-data; boundary=dup")).json()).toMatchObject({
        error: "missing_fields",
        fields: ["resume"],
      });
    });

    test("the resume sent as a text field, not a file", async () => {
      const res = await raw(
        multipart("txt", [
          { name: "hostUsername", body: "octocat" },
          { name: "resume", body: "%PDF-1.4 not a file part" },
        ]),
        "multipart/form-data; boundary=txt",
      );
      expect(await res.json()).toMatchObject({ error: "missing_fields", fields: ["resume"] });
    });

    test("odd filenames are accepted and stored as harmless metadata", async () => {
      for (const filename of [
        "../../etc/passwd",
        "résumé – 2024.pdf",
        `${"a".repeat(2000)}.pdf`,
        "evil\u202Efdp.exe",
        "",
      ]) {
        const res = await submit(t.url, t.key, { resume: pdf, filename, hostUsername: "octocat" });
        expect(res.status).toBe(202);
        const { trackingId } = (await res.json()) as { trackingId: string };
        const stored = (await t.app.verifications.get(trackingId))!.resumeFilename;
        if (stored !== null) {
          expect(stored).not.toContain("/");
          expect(stored.length).toBeLessThanOrEqual(255);
          expect(stored).not.toMatch(/[\u202a-\u202e]/);
        }
      }
    });

    test("a mislabelled file: PDF content type and name, but a PNG inside", async () => {
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
      await expectError(
        await submit(t.url, t.key, { resume: png, filename: "cv.pdf", hostUsername: "octocat" }),
        415,
        "invalid_file",
      );
    });

    test("a zero-byte file", async () => {
      await expectError(
        await submit(t.url, t.key, { resume: new Uint8Array(0), filename: "cv.pdf", hostUsername: "octocat" }),
        415,
        "invalid_file",
      );
    });
  });

  describe("header and username abuse", () => {
    test("authorization variants", async () => {
      for (const value of [`bearer ${t.key}`, `Bearer   ${t.key}`]) {
        expect(
          (await submit(t.url, null, { resume: pdf, hostUsername: "octocat" }, { authorization: value })).status,
        ).toBe(202);
      }
      for (const value of [
        "Bearer",
        `Basic ${t.key}`,
        `Bearer ${t.key} extra`,
        `Bearer ${t.key}\u00e9`,
        `Bearer ${"x".repeat(8000)}`,
        `Token ${t.key}`,
      ]) {
        const res = await submit(t.url, null, { resume: pdf, hostUsername: "octocat" }, { authorization: value });
        expect(res.status).toBe(401);
      }
    });

    test("Unicode, homoglyph and over-long usernames are missing_fields, never a 500", async () => {
      for (const name of ["оctocat", "octocat\u200b", "🙂", "a".repeat(10_000), "octo\ncat", "<script>"]) {
        const res = await submit(t.url, t.key, { resume: pdf, hostUsername: name });
        await expectError(res, 400, "missing_fields");
      }
      // surrounding white space (a pasted value) is trimmed, not refused
      expect((await submit(t.url, t.key, { resume: pdf, hostUsername: " octocat\n" })).status).toBe(202);
    });

    test("a trackingId with odd characters is simply not found", async () => {
      for (const id of ["..%2F..%2Fetc", "%00", "x".repeat(64), "' OR 1=1 --"]) {
        const res = await fetch(`${t.url}/v1/jobs/${encodeURIComponent(id)}`, { headers: auth() });
        expect(res.status).toBe(404);
      }
      const long = await fetch(`${t.url}/v1/jobs/${"y".repeat(500)}`, { headers: auth() });
      expect([400, 404]).toContain(long.status);
      expect(long.status).not.toBe(500);
    });
  });

  describe("body limits answer in JSON, whatever the size", () => {
    test("an upload declared far above the runtime's defaults gets the API's invalid_file, not a bare 413", async () => {
      const { connect } = await import("node:net");
      const port = Number(new URL(t.url).port);
      const answer = await new Promise<string>((resolve, reject) => {
        const sock = connect(port, "127.0.0.1", () => {
          sock.write(
            `POST /v1/verify HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.key}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\n--b\r\n`,
          );
        });
        let data = "";
        sock.on("data", (d) => {
          data += d.toString();
          if (data.includes("\r\n\r\n") && /\}\s*$/.test(data)) {
            sock.destroy();
            resolve(data);
          }
        });
        sock.on("error", reject);
        sock.on("close", () => resolve(data));
      });
      expect(answer).toStartWith("HTTP/1.1 413");
      expect(answer).toContain('"error":"invalid_file"');
    });

    test("other routes take small declared bodies only", async () => {
      const big = await fetch(`${t.url}/dashboard/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `x=${"a".repeat(2 * 1024 * 1024)}`,
      });
      expect(big.status).toBe(413);
      expect(await big.json()).toMatchObject({ error: "payload_too_large" });
      const chunked = await fetch(`${t.url}/dashboard/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new ReadableStream({
          start: (c) => {
            c.enqueue(new TextEncoder().encode("x=1"));
            c.close();
          },
        }),
        // @ts-expect-error Bun supports streaming request bodies
        duplex: "half",
      });
      expect(chunked.status).toBe(411);
    });
  });

  describe("NUL bytes", () => {
    test("in a path, a query and a form field: 404 / 400 / 401 as for any unknown value, never a 500", async () => {
      for (const id of ["x%00y", "%00", "vrf_%00"]) {
        const res = await fetch(`${t.url}/v1/jobs/${id}`, { headers: auth() });
        expect({ id, status: res.status }).toEqual({ id, status: 404 });
      }
      await expectError(
        await submit(t.url, t.key, { resume: pdf, hostUsername: "octo\u0000cat" }),
        400,
        "missing_fields",
      );
      const named = await submit(t.url, t.key, { resume: pdf, filename: "cv\u0000.pdf", hostUsername: "octocat" });
      expect(named.status).toBe(202);
      const { trackingId } = (await named.json()) as { trackingId: string };
      expect((await t.app.verifications.get(trackingId))!.resumeFilename).toBe("cv.pdf");
      // the login form, with a valid CSRF token: a username with a NUL is simply wrong
      const c = new CookieClient(t.url);
      const page = await c.get("/dashboard/login");
      const login = await c.post("/dashboard/login", {
        _csrf: csrfOf(page.text),
        username: "adm\u0000in",
        password: "whatever it is",
      });
      expect(login.res.status).toBe(401);
      const setupPage = await c.get("/dashboard/setup?token=%00");
      expect(setupPage.res.status).toBe(403);
      const setup = await c.post("/dashboard/setup", {
        _csrf: csrfOf(page.text), // the browser's pre-session token (the refused setup page has no form)
        token: "tok\u0000en",
        username: "adm\u0000in",
        password: "a long enough password",
        confirm: "a long enough password",
      });
      expect(setup.res.status).toBe(403);
    });

    test("in a signed-in administrator's paths, queries and forms", async () => {
      const c = await signedInClient(t, { ...ADMIN, username: `nul-${backend.name}` });
      expect((await c.get("/dashboard/jobs/vrf_%00x")).res.status).toBe(404);
      expect((await c.get("/dashboard/clients/de%00fault")).res.status).toBe(404);
      expect((await c.get("/dashboard/clients/de%00fault/webhook")).res.status).toBe(404);
      expect((await c.get("/dashboard/jobs?user=oct%00o&client=x%00y&state=queued%00")).res.status).toBeLessThan(500);
      const added = await c.submit("/dashboard/clients", "/dashboard/clients", { name: "acme\u0000corp" });
      expect(added.res.status).toBeLessThan(500);
      expect(added.res.status).not.toBe(303); // not a valid client name
    });

    test("in the request line or a header: the runtime refuses it as malformed, the service never sees it", async () => {
      for (const head of [
        `GET /v1/jobs/x\u0000y HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.key}\r\n\r\n`,
        `GET /v1/jobs/x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.key}\r\nIdempotency-Key: a\u0000b\r\n\r\n`,
        `GET /v1/jobs/x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.key}\u0000\r\n\r\n`,
      ]) {
        const r = await rawRequest(t.url, head);
        try {
          await pollUntil(() => r.status() !== 0 || r.closed, "an answer or a close");
          // the runtime's HTTP parser refuses these before any route runs (400, or 505 for a NUL in the
          // request line) or drops the connection: no 500, no body from the service
          expect({
            head,
            refused: [0, 400, 505].includes(r.status()),
            service: r.received.includes('"error"'),
          }).toEqual({
            head,
            refused: true,
            service: false,
          });
        } finally {
          r.end();
        }
      }
    });
  });

  test("none of it logged an error", () => {
    expect(errors).toEqual([]);
  });
});

describe("safeFilename", () => {
  test.each([
    ["cv.pdf", "cv.pdf"],
    ["C:\\\\Users\\\\me\\\\cv.pdf", "cv.pdf"],
    ["../../etc/passwd", "passwd"],
    ["..", null],
    ["", null],
    ["a\u0000b\u001fc.pdf", "abc.pdf"],
    ["evil\u202Efdp.exe", "evilfdp.exe"],
  ])("%p -> %p", (input, out) => expect(safeFilename(input)).toBe(out));
});
