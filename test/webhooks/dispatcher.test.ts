import { afterEach, beforeEach, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { PermanentJobError } from "../../src/jobs/job-errors.ts";
import { EventBus } from "../../src/lib/events.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { DeliveryStore } from "../../src/webhooks/delivery-store.ts";
import { createHttpSender, type WebhookSender } from "../../src/webhooks/http-sender.ts";
import { verifyStandardSignature } from "../../src/webhooks/verify-signature.ts";
import { WebhookDispatcher } from "../../src/webhooks/webhook-dispatcher.ts";
import type { WebhookEvents } from "../../src/webhooks/webhook-events.ts";
import { describeEachBackend, type TestBackend } from "../support/backends.ts";
import { fixedSteps, pollUntil } from "../support/harness.ts";
import { never, type Receiver, startReceiver } from "./helpers/receivers.ts";
import { makeWorld, type World } from "./helpers/world.ts";

const M = 60_000;
const H = 60 * M;
/** the backend of the running describe block: each world gets an empty database of it */
let current: TestBackend;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
async function world(o?: Parameters<typeof makeWorld>[0]): Promise<World> {
  const w = await makeWorld({ ...o, env: { ...(await current.env()), ...o?.env } });
  cleanups.push(() => w.close());
  return w;
}
function receiver(answer?: Parameters<typeof startReceiver>[0]): Receiver {
  const r = startReceiver(answer);
  cleanups.push(() => r.stop());
  return r;
}
const status =
  (code: number, text = "") =>
  () =>
    new Response(text, { status: code });
/** An HMAC independent of the signer's code path: recomputed here from the received bytes. */
const hexHmac = (secret: string, bytes: Uint8Array) =>
  createHmac("sha256", Buffer.from(secret, "utf8")).update(bytes).digest("hex");

describeEachBackend("dispatcher (in-process app, manual clock, real loopback receivers)", (backend) => {
  beforeEach(() => {
    current = backend;
  });

  test("success: one signed POST right after completion; body is the polled result + event + timestamp", async () => {
    const w = await world();
    const r = receiver(status(204));
    const { secret } = await w.app.accounts.setWebhook("default", r.url);
    const id = await w.finishJob();
    expect((await w.poll(id)).webhookStatus).toBe("pending");
    expect(await w.app.webhooks.dispatcher.runOnce()).toBe(1);

    const [got] = await r.waitFor(1);
    const polled = await w.poll(id);
    expect(polled.webhookStatus).toBe("delivered");
    expect(polled.status).toBe("COMPLETED");
    const payload = JSON.parse(got!.text);
    const { webhookStatus: _, ...result } = polled;
    expect(payload).toEqual({ event: "verification.completed", ...result, timestamp: polled.completedAt });
    expect(Object.keys(payload)[0]).toBe("event");
    // signatures checked byte for byte against the bytes the receiver got
    expect(got!.headers["x-service-signature"]).toBe(`sha256=${hexHmac(secret, got!.body)}`);
    const delivery = (await w.app.webhooks.service.find(id))!;
    expect(got!.headers["webhook-id"]).toBe(delivery.id);
    expect(got!.headers["webhook-timestamp"]).toBe(String(Math.floor(w.clock.now() / 1000)));
    expect(verifyStandardSignature(got!.body, got!.headers, secret, { now: w.clock.now() })).toBe(true);
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(delivery.payload).toBe(got!.text);

    const log = await w.app.webhooks.service.attempts(delivery.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      attempt: 1,
      outcome: "success",
      statusCode: 204,
      url: r.url,
      startedAt: w.clock.now(),
    });
    expect(await w.app.webhooks.dispatcher.runOnce()).toBe(0);
  });

  test("500 then success: the retry waits 1m from the failure and sends the same id and bytes, freshly signed", async () => {
    const w = await world();
    const r = receiver((n) => (n === 1 ? new Response("try later", { status: 500 }) : new Response("ok")));
    const { secret } = await w.app.accounts.setWebhook("default", r.url);
    const id = await w.finishJob();
    const failedAt = w.clock.now();
    await w.app.webhooks.dispatcher.runOnce();
    expect((await w.poll(id)).webhookStatus).toBe("retrying");
    const d = (await w.app.webhooks.service.find(id))!;
    expect(d.nextAttemptAt).toBe(failedAt + 1 * M);
    expect(d).toMatchObject({ state: "retrying", roundFailures: 1, lastOutcome: "http", lastStatusCode: 500 });

    w.clock.advance(1 * M - 1);
    expect(await w.app.webhooks.dispatcher.runOnce()).toBe(0);
    w.clock.advance(1);
    expect(await w.app.webhooks.dispatcher.runOnce()).toBe(1);
    const [first, second] = await r.waitFor(2);
    expect((await w.poll(id)).webhookStatus).toBe("delivered");
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]!);
    expect(second!.body).toEqual(first!.body);
    expect(Number(second!.headers["webhook-timestamp"]) - Number(first!.headers["webhook-timestamp"])).toBe(60);
    expect(second!.headers["x-service-signature"]).toBe(`sha256=${hexHmac(secret, second!.body)}`);
    expect(
      (await w.app.webhooks.service.attempts(d.id)).map((a) => [a.attempt, a.outcome, a.statusCode, a.responseExcerpt]),
    ).toEqual([
      [1, "http", 500, "try later"],
      [2, "success", 200, "ok"],
    ]);
  });

  test("a receiver that always fails: six attempts on the 1m,5m,30m,2h,8h schedule, then webhook_failed; the result stays", async () => {
    const w = await world();
    const r = receiver(status(410, "gone"));
    await w.app.accounts.setWebhook("default", r.url);
    const exhausted = w.app.webhooks.events.waitFor("webhook.exhausted", () => true, 5_000);
    const id = await w.finishJob();
    const start = w.clock.now();
    const times: number[] = [];
    for (const delay of [0, 1 * M, 5 * M, 30 * M, 2 * H, 8 * H]) {
      w.clock.advance(delay);
      expect(await w.app.webhooks.dispatcher.runOnce()).toBe(1);
      times.push(w.clock.now() - start);
    }
    expect(times).toEqual([0, 1 * M, 6 * M, 36 * M, 36 * M + 2 * H, 36 * M + 10 * H]);
    expect(await exhausted).toMatchObject({ trackingId: id, attempt: 6 });
    const polled = await w.poll(id);
    expect(polled).toMatchObject({ status: "COMPLETED", webhookStatus: "webhook_failed", confidenceScore: 81 });
    w.clock.advance(48 * H);
    expect(await w.app.webhooks.dispatcher.runOnce()).toBe(0);
    expect(r.received).toHaveLength(6);
    const d = (await w.app.webhooks.service.find(id))!;
    expect(d).toMatchObject({ state: "failed", attempts: 6, nextAttemptAt: null, leaseToken: null });
    expect(
      (await w.app.webhooks.service.attempts(d.id)).every((a) => a.outcome === "http" && a.statusCode === 410),
    ).toBe(true);
  });

  test("a job that ends FAILED sends verification.completed with status FAILED and its reason", async () => {
    const base = fixedSteps();
    const w = await world({
      steps: {
        ...base,
        async extract() {
          throw new PermanentJobError("pdf_no_text", "the PDF has no text");
        },
      },
    });
    const r = receiver();
    await w.app.accounts.setWebhook("default", r.url);
    const id = await w.finishJob();
    await w.app.webhooks.dispatcher.runOnce();
    const body = JSON.parse((await r.waitFor(1))[0]!.text);
    expect(body).toMatchObject({
      event: "verification.completed",
      trackingId: id,
      status: "FAILED",
      error: { code: "pdf_no_text" },
    });
    expect(body.timestamp).toBe(body.completedAt);
    expect((await w.poll(id)).webhookStatus).toBe("delivered");
  });

  test("no webhook URL: nothing is queued and the polled job says not_configured; a queued job has no webhookStatus", async () => {
    const w = await world();
    const id = await w.finishJob();
    expect(await w.app.webhooks.dispatcher.runOnce()).toBe(0);
    expect((await w.poll(id)).webhookStatus).toBe("not_configured");
    const principal = (await w.app.accounts.authenticate(`Bearer ${w.key}`))!;
    const ack = await w.app.verifications.submit({
      principal,
      hostUsername: "queued",
      pdf: new TextEncoder().encode("%PDF-"),
      filename: null,
      idempotencyKey: null,
    });
    expect(await w.poll(ack.trackingId)).not.toHaveProperty("webhookStatus");
  });

  test("secret rotation: both secrets sign webhook-signature during the overlap, only the new one after", async () => {
    const w = await world();
    const r = receiver((n) => new Response(null, { status: n < 3 ? 503 : 200 }));
    const { secret: old } = await w.app.accounts.setWebhook("default", r.url);
    const id = await w.finishJob();
    await w.app.webhooks.dispatcher.runOnce(); // attempt 1: one secret
    const { secret: next } = await w.app.accounts.rotateWebhookSecret("default", 3 * M);
    w.clock.advance(1 * M);
    await w.app.webhooks.dispatcher.runOnce(); // attempt 2: inside the overlap
    w.clock.advance(5 * M);
    await w.app.webhooks.dispatcher.runOnce(); // attempt 3: overlap over
    const [a1, a2, a3] = await r.waitFor(3);
    const v1count = (x: typeof a1) => x!.headers["webhook-signature"]!.split(" ").length;
    expect([v1count(a1), v1count(a2), v1count(a3)]).toEqual([1, 2, 1]);
    const at = (x: typeof a1) => Number(x!.headers["webhook-timestamp"]) * 1000;
    expect(verifyStandardSignature(a2!.body, a2!.headers, old, { now: at(a2) })).toBe(true);
    expect(verifyStandardSignature(a2!.body, a2!.headers, next, { now: at(a2) })).toBe(true);
    expect(a2!.headers["x-service-signature"]).toBe(`sha256=${hexHmac(next, a2!.body)}`);
    expect(verifyStandardSignature(a3!.body, a3!.headers, old, { now: at(a3) })).toBe(false);
    expect((await w.poll(id)).webhookStatus).toBe("delivered");
  });

  test("a changed URL applies to the next retry; a removed URL is a config failure that keeps the schedule", async () => {
    const w = await world();
    const first = receiver(status(500));
    const second = receiver();
    await w.app.accounts.setWebhook("default", first.url);
    const id = await w.finishJob();
    await w.app.webhooks.dispatcher.runOnce();
    const c = await w.app.accounts.client("default");
    await w.app.accounts.setWebhook("default", second.url);
    w.clock.advance(1 * M);
    await w.app.webhooks.dispatcher.runOnce();
    expect(first.received).toHaveLength(1);
    expect(second.received).toHaveLength(1);
    expect((await w.poll(id)).webhookStatus).toBe("delivered");

    // a URL removed after the event was queued
    const id2 = await w.finishJob("second");
    await w.app.db.query("UPDATE clients SET webhook_url = NULL WHERE id = ?").run(c.id);
    await w.app.webhooks.dispatcher.runOnce();
    const d2 = (await w.app.webhooks.service.find(id2))!;
    expect(d2).toMatchObject({ state: "retrying", lastOutcome: "config" });
    expect((await w.app.webhooks.service.attempts(d2.id))[0]!.error).toContain("no webhook URL");
  });

  test("sends concurrently, never more than the bound at once", async () => {
    const w = await world();
    let inFlight = 0;
    let maxInFlight = 0;
    const gate: Array<() => void> = [];
    const r = receiver(async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise<void>((resolve) => gate.push(resolve));
      inFlight--;
      return new Response("ok");
    });
    await w.app.accounts.setWebhook("default", r.url);
    for (let i = 0; i < 10; i++) await w.finishJob(`user${i}`);
    const dispatcher = new WebhookDispatcher({
      db: w.app.db,
      store: new DeliveryStore(w.app.db),
      clients: w.app.accounts,
      sender: createHttpSender({ timeoutMs: 5_000, blockPrivate: false }),
      clock: w.clock,
      events: new EventBus<WebhookEvents>(),
      logger: silentLogger,
      schedule: [M],
      timeoutMs: 5_000,
      concurrency: 3,
    });
    const run = dispatcher.runOnce();
    for (let released = 0; released < 10; ) {
      await r.waitFor(Math.min(10, released + 3));
      expect(inFlight).toBeLessThanOrEqual(3);
      const open = gate.splice(0);
      released += open.length;
      for (const g of open) g();
    }
    expect(await run).toBe(10);
    expect(maxInFlight).toBe(3);
    expect(await w.app.webhooks.store.countsByState()).toEqual({ delivered: 10 });
  });

  test("an attempt in flight when the process died is attempted again when its lease lapses (at-least-once)", async () => {
    const w = await world();
    const r = receiver();
    await w.app.accounts.setWebhook("default", r.url);
    const id = await w.finishJob();
    // a dispatcher whose sender never returns stands in for a process killed mid-request
    const hung: WebhookSender = { send: () => new Promise(() => {}) };
    const doomed = new WebhookDispatcher({
      db: w.app.db,
      store: new DeliveryStore(w.app.db),
      clients: w.app.accounts,
      sender: hung,
      clock: w.clock,
      events: new EventBus<WebhookEvents>(),
      logger: silentLogger,
      schedule: [M],
      timeoutMs: 2_000,
    });
    void doomed.runOnce();
    const d = await pollUntil(async () => {
      const leased = await w.app.webhooks.service.find(id);
      return leased?.leaseToken ? leased : null;
    }, "the doomed dispatcher to lease the delivery");
    expect(d.nextAttemptAt).toBe(w.clock.now() + 2_000 + 2_000); // timeout + lease margin
    expect((await w.poll(id)).webhookStatus).toBe("pending");
    expect(await w.app.webhooks.dispatcher.runOnce()).toBe(0); // leased: not due yet
    w.clock.advance(4_000);
    expect(await w.app.webhooks.dispatcher.runOnce()).toBe(1);
    expect(r.received).toHaveLength(1);
    expect((await w.app.webhooks.service.attempts(d.id)).map((a) => [a.attempt, a.outcome])).toEqual([
      [1, "interrupted"],
      [2, "success"],
    ]);
    expect(await w.app.webhooks.service.find(id)).toMatchObject({ state: "delivered", roundFailures: 0 });
  });

  test("graceful stop: an attempt still in flight at the deadline is released, due again at once", async () => {
    const w = await world({ env: { WEBHOOK_TIMEOUT: "30s" } });
    const r = receiver(never);
    await w.app.accounts.setWebhook("default", r.url);
    const id = await w.finishJob();
    w.app.webhooks.start();
    await r.waitFor(1);
    expect(await w.app.webhooks.stop(50)).toEqual({ finished: 0, released: 1 });
    const d = (await w.app.webhooks.service.find(id))!;
    expect(d).toMatchObject({ leaseToken: null, nextAttemptAt: w.clock.now(), state: "pending", roundFailures: 0 });
    expect((await w.app.webhooks.service.attempts(d.id))[0]!.outcome).toBe("interrupted");
  });

  test("/metrics reports deliveries by state and attempts by outcome", async () => {
    const w = await world({ env: { METRICS_TOKEN: "metrics-scraper-token-0123456789" } });
    const scrape = () =>
      new Request("http://local/metrics", { headers: { authorization: "Bearer metrics-scraper-token-0123456789" } });
    const r = receiver(status(500));
    await w.app.accounts.setWebhook("default", r.url);
    await w.finishJob();
    await w.app.webhooks.dispatcher.runOnce();
    const text = await (await w.app.http.handle(scrape())).text();
    expect(text).toContain('claimcheck_webhook_deliveries{state="retrying"} 1');
    expect(text).toContain('claimcheck_webhook_attempts_total{outcome="http"} 1');
    expect(text).toContain("claimcheck_webhook_oldest_due_seconds 0.000");
    w.clock.advance(2 * M);
    const later = await (await w.app.http.handle(scrape())).text();
    expect(later).toContain("claimcheck_webhook_oldest_due_seconds 60.000");
  });
});
