import { afterAll, expect, test } from "bun:test";
import { fixedSteps, pollUntil, type RunningTestApp, startTestApp } from "../support/harness.ts";
import { rawRequest, sendSteadily, uploadBody, uploadHead } from "../support/raw-request.ts";

/**
 * A client on a slow link: the runtime's connection idle timeout (10 s here) counts arriving bytes only
 * when they come faster than 16 KB/s, so without the service taking the upload's timing over, a steady
 * 10 KB/s upload of 240 KB was closed after 10-14 s without an answer. Here it completes, and the
 * connection is idle-timed again once it is answered.
 */

let t: RunningTestApp;
afterAll(() => t?.stop());

test("a 240 KB upload arriving steadily at 10 KB/s (24 s) is accepted; the kept-alive connection is then idle-timed", async () => {
  t = await startTestApp({ steps: fixedSteps(), env: { BODY_TIMEOUT: "5s", DEFAULT_RATE_LIMIT: "0" } });
  const body = uploadBody(240 * 1024);
  const r = await rawRequest(t.url, uploadHead(t.url, t.key, body.length));
  try {
    const sent = await sendSteadily(r, body, 10 * 1024);
    expect(sent).toBe(body.length);
    await pollUntil(() => r.status() !== 0 || r.closed, "the slow upload to be answered", 20_000);
    expect(r.status()).toBe(202);
    expect(r.received).toContain('"status":"queued"');
    // the answer kept the connection alive; silent now, it is closed by the idle timeout (10 s) again
    await pollUntil(() => r.closed, "the idle kept-alive connection to be closed", 30_000);
  } finally {
    r.end();
  }
}, 90_000);
