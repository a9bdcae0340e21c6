import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { describeEachBackend } from "../support/backends.ts";
import { fixedSteps, makePdf, pollUntil, type RunningTestApp, startTestApp, submit } from "../support/harness.ts";

let t: RunningTestApp;
let pdf: Uint8Array;

// the same contract on SQLite and on PostgreSQL (DATABASE_URL)
describeEachBackend("API", (backend) => {
  beforeAll(async () => {
    t = await startTestApp({
      steps: fixedSteps(81),
      env: { ...(await backend.env()), FORGE_HOSTS: "git.example.com=gitlab" },
    });
    pdf = await makePdf();
  }, 60_000);
  afterAll(() => t.stop());

  const auth = () => ({ authorization: `Bearer ${t.key}` });

  describe("POST /v1/verify", () => {
    test("202 with the acknowledgement, Location, and a job that completes", async () => {
      const res = await submit(t.url, t.key, { resume: pdf, hostUsername: "octo-cat" });
      expect(res.status).toBe(202);
      const body = (await res.json()) as Record<string, string>;
      expect(Object.keys(body).sort()).toEqual(["createdAt", "status", "trackingId"]);
      expect(body.status).toBe("queued");
      expect(new Date(body.createdAt!).toISOString()).toBe(body.createdAt!);
      expect(res.headers.get("location")).toBe(`/v1/jobs/${body.trackingId}`);

      const final = await pollUntil(async () => {
        const r = await fetch(`${t.url}/v1/jobs/${body.trackingId}`, { headers: auth() });
        const j = (await r.json()) as Record<string, unknown>;
        return j.status === "COMPLETED" ? j : null;
      }, "job to complete");
      expect(final).toMatchObject({
        trackingId: body.trackingId,
        hostUsername: "octo-cat",
        confidenceScore: 81,
        status: "COMPLETED",
        verifiedProjects: [{ name: "tool", repoUrl: "github.com/octo-cat/tool", commits: 12, matchStrength: "HIGH" }],
        flags: [],
      });
      expect(typeof final.completedAt).toBe("string");
    });

    test("401 unauthorized without a key, with a malformed key, with an unknown key, with WWW-Authenticate", async () => {
      for (const key of [null, "nonsense", "cck_00000000000000000000000000000000"]) {
        const res = await submit(t.url, key, { resume: pdf, hostUsername: "octocat" });
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toContain("Bearer");
        expect(((await res.json()) as { error: string }).error).toBe("unauthorized");
      }
    });

    test("401 for a revoked key, on both endpoints", async () => {
      const { key, apiKey: row } = await t.app.accounts.createKey("short-lived");
      expect((await submit(t.url, key, { resume: pdf, hostUsername: "octocat" })).status).toBe(202);
      await t.app.accounts.revokeKey(row.id);
      const res = await submit(t.url, key, { resume: pdf, hostUsername: "octocat" });
      expect(res.status).toBe(401);
      const get = await fetch(`${t.url}/v1/jobs/anything`, { headers: { authorization: `Bearer ${key}` } });
      expect(get.status).toBe(401);
      expect(await get.json()).toMatchObject({ error: "unauthorized" });
    });

    test("400 missing_fields names the missing part", async () => {
      let res = await submit(t.url, t.key, { hostUsername: "octocat" });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "missing_fields", fields: ["resume"] });
      res = await submit(t.url, t.key, { resume: pdf });
      expect(await res.json()).toMatchObject({ error: "missing_fields", fields: ["hostUsername"] });
      res = await submit(t.url, t.key, {});
      expect(await res.json()).toMatchObject({ error: "missing_fields", fields: ["resume", "hostUsername"] });
      res = await submit(t.url, t.key, { resume: pdf, hostUsername: "   " });
      expect(await res.json()).toMatchObject({ error: "missing_fields", fields: ["hostUsername"] });
    });

    test("400 missing_fields for a body that is not multipart", async () => {
      const res = await fetch(`${t.url}/v1/verify`, {
        method: "POST",
        headers: { ...auth(), "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "missing_fields" });
    });

    test("400 for a hostUsername that is not a GitHub login", async () => {
      for (const bad of ["-lead", "trail-", "dou--ble", "a".repeat(40), "spa ce", "ünï", "a/b", "a_b"]) {
        const res = await submit(t.url, t.key, { resume: pdf, hostUsername: bad });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ error: "missing_fields", fields: ["hostUsername"] });
      }
      for (const good of ["a", "a-b", "A1-b2-C3", "x".repeat(39)]) {
        expect((await submit(t.url, t.key, { resume: pdf, hostUsername: good })).status).toBe(202);
      }
    });

    test("accounts on other hosts: repeated or comma-separated, stored with the job, shown when polled", async () => {
      const res = await submit(t.url, t.key, {
        resume: pdf,
        hostUsername: "octocat",
        accounts: ["GitLab.com:Alice", "codeberg.org:alice, git.example.com:asmith"],
      });
      expect(res.status).toBe(202);
      const { trackingId } = (await res.json()) as { trackingId: string };
      const final = await pollUntil(async () => {
        const j = (await (await fetch(`${t.url}/v1/jobs/${trackingId}`, { headers: auth() })).json()) as Record<
          string,
          unknown
        >;
        return j.status === "COMPLETED" ? j : null;
      }, "job to complete");
      expect(final).toMatchObject({
        hostUsername: "octocat",
        accounts: ["gitlab.com:Alice", "codeberg.org:alice", "git.example.com:asmith"],
      });
      // the job ran with them: each account's host and username reached the analysis
      expect((final.verifiedProjects as Array<{ repoUrl: string }>).map((p) => p.repoUrl)).toEqual([
        "github.com/octocat/tool",
        "gitlab.com/Alice/tool",
        "codeberg.org/alice/tool",
        "git.example.com/asmith/tool",
      ]);
    });

    test("hostUsername stays required; host:username names a main account on another host, polled as given", async () => {
      const missing = await submit(t.url, t.key, { resume: pdf, accounts: ["codeberg.org:carol"] });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ error: "missing_fields", fields: ["hostUsername"] });
      const res = await submit(t.url, t.key, { resume: pdf, hostUsername: "codeberg.org:carol" });
      expect(res.status).toBe(202);
      const { trackingId } = (await res.json()) as { trackingId: string };
      const polled = (await (await fetch(`${t.url}/v1/jobs/${trackingId}`, { headers: auth() })).json()) as Record<
        string,
        unknown
      >;
      expect(polled).toMatchObject({ hostUsername: "codeberg.org:carol" });
      const unknownHost = await submit(t.url, t.key, { resume: pdf, hostUsername: "gitlab.example.org:carol" });
      const body = (await unknownHost.json()) as { error: string; fields: string[]; message: string };
      expect({ error: body.error, fields: body.fields }).toEqual({ error: "missing_fields", fields: ["hostUsername"] });
      expect(body.message).toContain("FORGE_HOSTS");
      const twice = await submit(t.url, t.key, {
        resume: pdf,
        hostUsername: "codeberg.org:carol",
        accounts: ["codeberg.org:other"],
      });
      expect(await twice.json()).toMatchObject({ error: "missing_fields", fields: ["accounts"] });
    });

    test("400 missing_fields naming accounts, with what to fix, for a bad value", async () => {
      const cases: Array<[string[], string]> = [
        [["alice"], "is not host:username"],
        [["gitlab.com:"], "is not host:username"],
        [["gitlab.com:-alice"], "is not a username"],
        [["github.com:alice"], "the GitHub account goes in hostUsername"],
        [["gitlab.example.org:alice"], "FORGE_HOSTS (gitlab.example.org=gitlab|gitea|forgejo[,token])"],
        [["gitlab.com:alice", "gitlab.com:bob"], "names gitlab.com twice"],
        [[Array.from({ length: 9 }, (_, i) => `h${i}.example:u`).join(",")], "at most 8"],
      ];
      for (const [accounts, says] of cases) {
        const res = await submit(t.url, t.key, { resume: pdf, hostUsername: "octocat", accounts });
        expect(res.status).toBe(400);
        const body = (await res.json()) as { error: string; fields: string[]; message: string };
        expect({ error: body.error, fields: body.fields }).toEqual({ error: "missing_fields", fields: ["accounts"] });
        expect(body.message).toContain(says);
      }
      const unknown = (await (
        await submit(t.url, t.key, { resume: pdf, hostUsername: "octocat", accounts: ["gitlab.example.org:a"] })
      ).json()) as { message: string };
      // the configured hosts are the operator's: a client is told none of them, internal ones least of all
      expect(unknown.message).toContain("ask its operator which hosts it reads");
      for (const configured of ["codeberg.org", "git.example.com", "gitlab.com,"])
        expect(unknown.message).not.toContain(configured);
    });

    test("415 invalid_file when the bytes are not a PDF, whatever the name or type says", async () => {
      const res = await submit(t.url, t.key, {
        resume: "<html>%PDF-1.7</html>",
        filename: "cv.pdf",
        hostUsername: "octocat",
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({ error: "invalid_file" });
      const empty = await submit(t.url, t.key, { resume: "", filename: "cv.pdf", hostUsername: "octocat" });
      expect(empty.status).toBe(415);
    });

    test("413 invalid_file for a resume over 10 MB, declared or streamed", async () => {
      const big = new Uint8Array(10 * 1024 * 1024 + 1);
      big.set(new TextEncoder().encode("%PDF-1.4\n"));
      const res = await submit(t.url, t.key, { resume: big, hostUsername: "octocat" });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: "invalid_file" });

      // a chunked body with no Content-Length is cut off as soon as it passes the limit
      let sent = 0;
      const chunk = new Uint8Array(256 * 1024);
      const stream = new ReadableStream<Uint8Array>({
        pull(ctrl) {
          if (sent > 40 * 1024 * 1024) return ctrl.close();
          sent += chunk.byteLength;
          ctrl.enqueue(chunk);
        },
      });
      const chunked = await fetch(`${t.url}/v1/verify`, {
        method: "POST",
        headers: { ...auth(), "content-type": "multipart/form-data; boundary=x" },
        body: stream,
        // @ts-expect-error Bun supports streaming request bodies
        duplex: "half",
      });
      expect(chunked.status).toBe(413);
      expect(sent).toBeLessThan(40 * 1024 * 1024);
    });

    test("a resume of exactly 10 MB is accepted", async () => {
      const max = new Uint8Array(10 * 1024 * 1024);
      max.set(new TextEncoder().encode("%PDF-1.4\n"));
      expect((await submit(t.url, t.key, { resume: max, hostUsername: "octocat" })).status).toBe(202);
    });
  });

  describe("GET /v1/jobs/:trackingId", () => {
    test("404 job_not_found for an unknown id", async () => {
      const res = await fetch(`${t.url}/v1/jobs/vrf_doesnotexist`, { headers: auth() });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: "job_not_found" });
    });

    test("tenant isolation: another client's job is job_not_found, never leaked", async () => {
      await t.app.accounts.addClient("acme");
      const acme = (await t.app.accounts.createKey("acme-key", "acme")).key;
      const res = await submit(t.url, acme, { resume: pdf, hostUsername: "octocat" });
      const { trackingId } = (await res.json()) as { trackingId: string };
      const mine = await fetch(`${t.url}/v1/jobs/${trackingId}`, { headers: auth() });
      expect(mine.status).toBe(404);
      expect(await mine.json()).toMatchObject({ error: "job_not_found" });
      const theirs = await fetch(`${t.url}/v1/jobs/${trackingId}`, { headers: { authorization: `Bearer ${acme}` } });
      expect(theirs.status).toBe(200);
    });

    test("401 without a key", async () => {
      const res = await fetch(`${t.url}/v1/jobs/x`);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: "unauthorized" });
    });
  });

  describe("Idempotency-Key", () => {
    test("the accounts are part of the payload: the same accounts replay, other accounts are 422", async () => {
      const headers = { "idempotency-key": "order-43" };
      const withAccounts = { resume: pdf, hostUsername: "octocat", accounts: ["gitlab.com:octo"] };
      expect((await submit(t.url, t.key, withAccounts, headers)).status).toBe(202);
      const again = await submit(t.url, t.key, { ...withAccounts, accounts: ["GitLab.com:OCTO"] }, headers);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      const other = await submit(t.url, t.key, { ...withAccounts, accounts: ["gitlab.com:someone"] }, headers);
      expect(other.status).toBe(422);
      const without = await submit(t.url, t.key, { resume: pdf, hostUsername: "octocat" }, headers);
      expect(without.status).toBe(422);
    });

    test("same key and payload -> same trackingId, one job; different payload -> 422", async () => {
      const headers = { "idempotency-key": "order-42" };
      const a = await submit(t.url, t.key, { resume: pdf, hostUsername: "octocat" }, headers);
      const b = await submit(t.url, t.key, { resume: pdf, hostUsername: "octocat" }, headers);
      expect(a.status).toBe(202);
      expect(b.status).toBe(202);
      const ida = ((await a.json()) as { trackingId: string }).trackingId;
      const idb = ((await b.json()) as { trackingId: string }).trackingId;
      expect(idb).toBe(ida);
      expect(b.headers.get("idempotent-replayed")).toBe("true");
      const c = await submit(t.url, t.key, { resume: pdf, hostUsername: "someone-else" }, headers);
      expect(c.status).toBe(422);
      expect(await c.json()).toMatchObject({ error: "idempotency_key_reused" });
    });

    test("keys are per client: the same key from another client creates its own job", async () => {
      await t.app.accounts.addClient("globex");
      const other = (await t.app.accounts.createKey("g", "globex")).key;
      const a = await submit(t.url, t.key, { resume: pdf, hostUsername: "octocat" }, { "idempotency-key": "shared" });
      const b = await submit(t.url, other, { resume: pdf, hostUsername: "octocat" }, { "idempotency-key": "shared" });
      expect(((await a.json()) as { trackingId: string }).trackingId).not.toBe(
        ((await b.json()) as { trackingId: string }).trackingId,
      );
    });

    test("400 for an unusable Idempotency-Key", async () => {
      const res = await submit(
        t.url,
        t.key,
        { resume: pdf, hostUsername: "octocat" },
        { "idempotency-key": "x".repeat(300) },
      );
      expect(res.status).toBe(400);
    });
  });

  describe("quota and rate limit", () => {
    test("rate limit per key -> 429 quota_exceeded with retryAfter and Retry-After", async () => {
      await t.app.accounts.addClient("ratey", { rateLimitPerMinute: 2, monthlyQuota: 0 });
      const key = (await t.app.accounts.createKey("k", "ratey")).key;
      expect((await submit(t.url, key, { resume: pdf, hostUsername: "octocat" })).status).toBe(202);
      expect((await submit(t.url, key, { resume: pdf, hostUsername: "octocat" })).status).toBe(202);
      const res = await submit(t.url, key, { resume: pdf, hostUsername: "octocat" });
      expect(res.status).toBe(429);
      const body = (await res.json()) as { error: string; retryAfter: number };
      expect(body.error).toBe("quota_exceeded");
      expect(body.retryAfter).toBeGreaterThanOrEqual(1);
      expect(body.retryAfter).toBeLessThanOrEqual(60);
      expect(res.headers.get("retry-after")).toBe(String(body.retryAfter));
      // another key of the same client has its own window
      const key2 = (await t.app.accounts.createKey("k2", "ratey")).key;
      expect((await submit(t.url, key2, { resume: pdf, hostUsername: "octocat" })).status).toBe(202);
    });

    test("monthly quota per client -> 429 until the month turns", async () => {
      await t.app.accounts.addClient("small", { monthlyQuota: 1, rateLimitPerMinute: 0 });
      const key = (await t.app.accounts.createKey("k", "small")).key;
      expect((await submit(t.url, key, { resume: pdf, hostUsername: "octocat" })).status).toBe(202);
      const res = await submit(t.url, key, { resume: pdf, hostUsername: "octocat" });
      expect(res.status).toBe(429);
      const body = (await res.json()) as { retryAfter: number; message: string };
      expect(body.message).toContain("monthly quota");
      expect(body.retryAfter).toBeGreaterThan(0);
      expect(body.retryAfter).toBeLessThanOrEqual(31 * 86400);
    });
  });

  describe("operations endpoints", () => {
    test("healthz, readyz, metrics, OpenAPI", async () => {
      expect(await (await fetch(`${t.url}/healthz`)).json()).toEqual({ status: "ok" });
      expect(await (await fetch(`${t.url}/readyz`)).json()).toEqual({
        status: "ready",
        jobs: { runningPastDeadline: 0, oldestDueSeconds: 0 },
      });
      // off without METRICS_TOKEN (test/http/metrics-access.test.ts covers the token)
      expect((await fetch(`${t.url}/metrics`)).status).toBe(403);
      const doc = (await (await fetch(`${t.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/verify", "/v1/jobs/{trackingId}"]));
    });

    test("unknown routes answer a JSON 404, never a stack trace", async () => {
      const res = await fetch(`${t.url}/v2/nothing`);
      expect(res.status).toBe(404);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toMatchObject({ error: "not_found" });
    });
  });
});
