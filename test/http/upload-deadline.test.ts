import { afterEach, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { createLogger } from "../../src/lib/log.ts";
import { fixedSteps, pollUntil, type RunningTestApp, startTestApp } from "../support/harness.ts";
import { rawRequest, sendSteadily, uploadBody, uploadHead } from "../support/raw-request.ts";

/**
 * An upload is bounded as a whole by UPLOAD_TIMEOUT (besides BODY_TIMEOUT between bytes): a trickle that
 * never stalls long enough for the idle timeout still gets a 408 with a message, never a silent close;
 * and a client that goes away mid-upload is a client's doing, not an error in the service's log.
 */

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function app(env: Record<string, string>, lines: string[] = []): Promise<RunningTestApp> {
  const logger = createLogger("debug", {}, (l) => lines.push(l));
  const t = await startTestApp({ steps: fixedSteps(), logger, env: { DEFAULT_RATE_LIMIT: "0", ...env } });
  cleanups.push(() => t.stop());
  return t;
}

const staged = (t: RunningTestApp) =>
  readdirSync(join(t.dataDir, "resumes")).filter((f) => f.startsWith(".upload-")).length;

test("an upload still arriving when UPLOAD_TIMEOUT passes gets 408 request_timeout with a message; nothing is kept", async () => {
  // BODY_TIMEOUT longer than the deadline: however late the client's slices come, the deadline decides
  const t = await app({ BODY_TIMEOUT: "5s", UPLOAD_TIMEOUT: "2s" });
  const body = uploadBody(1024 * 1024);
  const r = await rawRequest(t.url, uploadHead(t.url, t.key, body.length), body.subarray(0, 1024));
  cleanups.push(() => r.end());
  // 8 KB/s: never idle for BODY_TIMEOUT, far from done when the deadline passes
  void sendSteadily(r, body.subarray(1024), 8 * 1024);
  await pollUntil(() => r.status() !== 0 || r.closed, "the trickled upload to be answered", 20_000);
  expect(r.status()).toBe(408);
  expect(r.received).toContain('"error":"request_timeout"');
  expect(r.received).toContain("did not arrive within 2 s");
  await pollUntil(() => staged(t) === 0, "the staged upload to be removed");
});

test("UPLOAD_TIMEOUT is a documented setting with units: a bare number is refused", async () => {
  const { loadConfig, ConfigError } = await import("../../src/config/config.ts");
  expect(loadConfig({}).uploadTimeoutMs).toBe(5 * 60_000);
  expect(loadConfig({ UPLOAD_TIMEOUT: "90s" }).uploadTimeoutMs).toBe(90_000);
  expect(() => loadConfig({ UPLOAD_TIMEOUT: "300" })).toThrow(ConfigError);
});

test("a client that closes its connection mid-upload leaves no error in the log, and its file is removed", async () => {
  const lines: string[] = [];
  const t = await app({}, lines);
  const body = uploadBody(512 * 1024);
  const r = await rawRequest(t.url, uploadHead(t.url, t.key, body.length), body.subarray(0, 200 * 1024));
  await pollUntil(() => staged(t) === 1, "the upload to be staged");
  r.end();
  await pollUntil(() => staged(t) === 0, "the abandoned upload to be removed");
  await pollUntil(
    () => lines.some((l) => l.includes("client closed the connection")),
    "the abandoned upload's log line",
  );
  const logged = lines.map((l) => JSON.parse(l) as { level: string; msg: string; error?: string });
  expect(logged.filter((l) => l.level === "error")).toEqual([]);
  const abandoned = logged.find((l) => l.msg.includes("client closed the connection"))!;
  expect(abandoned.level).toBe("info");
});
