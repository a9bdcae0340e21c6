import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { AppError } from "../../src/lib/errors.ts";
import { EventBus } from "../../src/lib/events.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { DeliveryStore } from "../../src/webhooks/delivery-store.ts";
import { createHttpSender } from "../../src/webhooks/http-sender.ts";
import { WebhookDispatcher } from "../../src/webhooks/webhook-dispatcher.ts";
import type { WebhookEvents } from "../../src/webhooks/webhook-events.ts";
import { secretsAt } from "../../src/webhooks/webhook-signer.ts";
import { describeEachBackend, type TestBackend } from "../support/backends.ts";
import { pollUntil } from "../support/harness.ts";
import { type Receiver, startReceiver } from "./helpers/receivers.ts";
import { makeWorld, type World } from "./helpers/world.ts";

const M = 60_000;
const H = 60 * M;
/** the backend of the running describe block: each world gets an empty database of it */
let current: TestBackend;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
async function setup(answer: Parameters<typeof startReceiver>[0]): Promise<{ w: World; r: Receiver }> {
  const w = await makeWorld({ env: await current.env() });
  cleanups.push(() => w.close());
  const r = startReceiver(answer);
  cleanups.push(() => r.stop());
  await w.app.accounts.setWebhook("default", r.url);
  return { w, r };
}
const failAll = () => new Response(null, { status: 500 });
async function exhaust(w: World): Promise<void> {
  for (const d of [0, 1 * M, 5 * M, 30 * M, 2 * H, 8 * H]) {
    w.clock.advance(d);
    await w.app.webhooks.dispatcher.runOnce();
  }
}
const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e instanceof AppError ? `${e.status} ${e.code}` : String(e);
  }
  return "no error";
};

describeEachBackend("WebhookService", (backend) => {
  beforeEach(() => {
    current = backend;
  });

  test("resend restarts the schedule: an attempt now, then the whole schedule again; attempt numbers keep counting", async () => {
    const { w, r } = await setup(failAll);
    const id = await w.finishJob();
    await exhaust(w);
    expect(await w.app.webhooks.service.status(id)).toBe("webhook_failed");
    const { delivery, created } = await w.app.webhooks.service.resend(id);
    expect(created).toBe(false);
    expect(delivery).toMatchObject({
      state: "pending",
      roundFailures: 0,
      nextAttemptAt: w.clock.now(),
      failedAt: null,
    });
    await w.app.webhooks.dispatcher.runOnce();
    expect(await w.app.webhooks.service.find(id)).toMatchObject({
      state: "retrying",
      attempts: 7,
      nextAttemptAt: w.clock.now() + 1 * M,
    });
    expect(r.received).toHaveLength(7);
  });

  test("resend is refused while an attempt is in flight, and for test deliveries; unknown ids are 404", async () => {
    const { w } = await setup(failAll);
    const id = await w.finishJob();
    const hung = new WebhookDispatcher({
      db: w.app.db,
      store: new DeliveryStore(w.app.db),
      clients: w.app.accounts,
      sender: { send: () => new Promise(() => {}) },
      clock: w.clock,
      events: new EventBus<WebhookEvents>(),
      logger: silentLogger,
      schedule: [M],
      timeoutMs: 1_000,
    });
    void hung.runOnce();
    await pollUntil(
      async () => (await w.app.webhooks.service.find(id))?.leaseToken,
      "the hung dispatcher to lease the delivery",
    );
    expect(await codeOf(w.app.webhooks.service.resend(id))).toBe("409 delivery_in_flight");
    const t = await w.app.webhooks.service.sendTest(
      (await w.app.accounts.client("default")).id,
      createHttpSender({ timeoutMs: 1_000, blockPrivate: false }),
    );
    expect(t.delivery).toMatchObject({
      event: "webhook.test",
      trackingId: null,
      state: "failed",
      attempts: 1,
      nextAttemptAt: null,
      lastStatusCode: 500,
    });
    expect(await codeOf(w.app.webhooks.service.resend(t.delivery.id))).toBe("409 not_resendable");
    expect(await codeOf(w.app.webhooks.service.resend("vrf_unknown"))).toBe("404 delivery_not_found");
  });

  test("resendFailed: only webhook_failed event deliveries since the time, of the one client asked for", async () => {
    const { w } = await setup(failAll);
    const other = await w.app.accounts.addClient("other");
    await w.app.accounts.setWebhook("other", "http://127.0.0.1:9/x");
    const early = await w.finishJob("early");
    await exhaust(w);
    const cut = w.clock.now() + 1;
    w.clock.advance(1 * M);
    const late = await w.finishJob("late");
    await exhaust(w);
    await w.app.webhooks.service.sendTest(
      (await w.app.accounts.client("default")).id,
      createHttpSender({ timeoutMs: 1_000, blockPrivate: false }),
    ); // a failed test: never resent
    expect(await w.app.webhooks.service.resendFailed(other.id, 0)).toEqual([]);
    const resent = await w.app.webhooks.service.resendFailed((await w.app.accounts.client("default")).id, cut);
    expect(resent.map((d) => d.trackingId)).toEqual([late]);
    expect(await w.app.webhooks.service.status(early)).toBe("webhook_failed");
    expect((await w.app.webhooks.service.resendFailed(null, 0)).map((d) => d.trackingId)).toEqual([early]);
  });

  test("the event is queued in the transaction of the final state, exactly once per final state", async () => {
    const { w } = await setup(() => new Response("ok"));
    const id = await w.finishJob();
    const rows = (await w.app.db
      .query<{ n: number }, [string]>("SELECT count(*) AS n FROM webhook_deliveries WHERE tracking_id = ?")
      .get(id))!;
    expect(rows.n).toBe(1);
    // recording the same final state again (a duplicate run) changes nothing and queues nothing
    await w.app.db.transaction((tx) =>
      w.app.verifications.complete(tx, id, { confidenceScore: 1, verifiedProjects: [], flags: [] }),
    );
    expect(
      (await w.app.db
        .query<{ n: number }, [string]>("SELECT count(*) AS n FROM webhook_deliveries WHERE tracking_id = ?")
        .get(id))!.n,
    ).toBe(1);
  });
});

describe("secretsAt", () => {
  const now = 1_000_000;
  const table: Array<
    [
      string,
      {
        webhookSecret: string | null;
        webhookSecretPrevious: string | null;
        webhookSecretPreviousUntil: number | null;
      },
      ReturnType<typeof secretsAt>,
    ]
  > = [
    ["no secret", { webhookSecret: null, webhookSecretPrevious: null, webhookSecretPreviousUntil: null }, null],
    [
      "one secret",
      { webhookSecret: "new", webhookSecretPrevious: null, webhookSecretPreviousUntil: null },
      { current: "new", previous: null },
    ],
    [
      "inside the overlap",
      { webhookSecret: "new", webhookSecretPrevious: "old", webhookSecretPreviousUntil: now + 1 },
      { current: "new", previous: "old" },
    ],
    [
      "overlap just ended",
      { webhookSecret: "new", webhookSecretPrevious: "old", webhookSecretPreviousUntil: now },
      { current: "new", previous: null },
    ],
    [
      "previous without an end",
      { webhookSecret: "new", webhookSecretPrevious: "old", webhookSecretPreviousUntil: null },
      { current: "new", previous: null },
    ],
  ];
  test.each(table)("%s", (_, client, expected) => expect(secretsAt(client, now)).toEqual(expected));
});
