import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/config/config.ts";
import type { RunningTestApp } from "../support/harness.ts";
import { startTestApp } from "../support/harness.ts";

/** /metrics reports every tenant's counts, so it is not open to anyone who can reach the port. */

const TOKEN = "metrics-scraper-token-0123456789";

describe("without METRICS_TOKEN", () => {
  let t: RunningTestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  test("/metrics is off (403, JSON, no counts), even with an API key; /healthz and /readyz stay open", async () => {
    const variants: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${t.key}` },
      { authorization: `Bearer ${TOKEN}` },
    ];
    for (const headers of variants) {
      const res = await fetch(`${t.url}/metrics`, { headers });
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe("metrics_disabled");
      expect(body.message).toContain("METRICS_TOKEN");
    }
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
  });
});

describe("with METRICS_TOKEN", () => {
  let t: RunningTestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.stop());

  test("the bearer token is required; an API key, a wrong or a longer token is 401", async () => {
    for (const auth of [
      null,
      `Bearer ${t.key}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      "Basic x",
    ]) {
      const res = await fetch(`${t.url}/metrics`, { headers: auth ? { authorization: auth } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain("Bearer");
      expect(await res.json()).toMatchObject({ error: "unauthorized" });
    }
    const ok = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('claimcheck_jobs{state="queued"}');
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
  });
});

test("a METRICS_TOKEN shorter than 16 characters is a configuration error", () => {
  expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
  expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  expect(loadConfig({}).metricsToken).toBeNull();
});
