import type { Clock } from "../lib/index.ts";
import { AppError, newId } from "../lib/index.ts";
import type { Database, Queryable, Transaction } from "../storage/index.ts";
import type { VerificationResult } from "../verification/index.ts";
import type { AttemptResult } from "./attempt-outcome.ts";
import type { Delivery, DeliveryAttempt, DeliverySummary } from "./deliveries.ts";
import { type DeliveryHealth, DeliveryReportStore, type DeliveryReports } from "./delivery-report-store.ts";
import { prepareAttempt, type WebhookSettings } from "./delivery-request.ts";
import type { DeliveryStore } from "./delivery-store.ts";
import type { WebhookSender } from "./http-sender.ts";
import { type WebhookStatus, webhookStatusOf } from "./retry-schedule.ts";
import { completedPayload, testPayload, VERIFICATION_COMPLETED, WEBHOOK_TEST } from "./webhook-payload.ts";

export interface WebhookServiceDeps {
  db: Database;
  store: DeliveryStore;
  /** the operator's read queries (default: over `db`) */
  reports?: DeliveryReports;
  /** a client's webhook settings, read on `q` when given (the caller's transaction) */
  clients: { clientById(id: string, q?: Queryable): Promise<(WebhookSettings & { id: string; name: string }) | null> };
  /** a verification's final result and owner, for resending an event that was never queued */
  finalResult(trackingId: string, q?: Queryable): Promise<{ clientId: string; result: VerificationResult } | null>;
  clock: Clock;
  /** called after new work became due (wakes the dispatcher in this process) */
  onDue?: () => void;
}

/** A verification as the delivery side sees it: final or not, and whose. */
export interface VerificationRef {
  trackingId: string;
  status: string;
}

/** The lock of the operator's writes to deliveries (resend, test sends): one at a time, on every replica. */
const DELIVERIES_LOCK = "claimcheck:webhook-deliveries";

/**
 * Webhook deliveries as a product: queue the event when a job ends, report `webhookStatus`, resend, the
 * attempt log, and the signed test event. Used by the app, the CLI and (later) the dashboard.
 */
export class WebhookService {
  private readonly reports: DeliveryReports;

  constructor(private readonly deps: WebhookServiceDeps) {
    this.reports = deps.reports ?? new DeliveryReportStore(deps.db);
  }

  /**
   * Queue `verification.completed` for a final state, due at once. Runs inside the transaction that
   * records the final state (on its handle `tx`), so the event exists exactly when the final state does.
   * Null when the client has no webhook URL (the result is for polling only).
   */
  async enqueueCompleted(tx: Transaction, e: { clientId: string; result: VerificationResult }): Promise<string | null> {
    const client = await this.deps.clients.clientById(e.clientId, tx);
    if (!client?.webhookUrl) return null;
    const now = this.deps.clock.now();
    const id = newId("msg", now);
    await this.deps.store.on(tx).insert(
      {
        id,
        clientId: e.clientId,
        trackingId: e.result.trackingId,
        event: VERIFICATION_COMPLETED,
        payload: completedPayload(e.result),
        nextAttemptAt: now,
      },
      now,
    );
    tx.afterCommit(() => this.deps.onDue?.());
    return id;
  }

  /** Extra members of a polled job: `webhookStatus` once the job is final. */
  async decorate(v: VerificationRef): Promise<{ webhookStatus?: WebhookStatus }> {
    if (v.status !== "COMPLETED" && v.status !== "FAILED") return {};
    return { webhookStatus: await this.status(v.trackingId) };
  }

  async status(trackingId: string): Promise<WebhookStatus> {
    return webhookStatusOf(await this.deps.store.stateForTracking(trackingId));
  }

  /** A delivery by its id (`msg_...`), or the newest delivery of a verification (`vrf_...`). */
  async find(idOrTrackingId: string, q?: Queryable): Promise<Delivery | null> {
    const store = q ? this.deps.store.on(q) : this.deps.store;
    return (await store.get(idOrTrackingId)) ?? (await store.latestForTracking(idOrTrackingId));
  }

  /** Every delivery of a verification's event, newest first. */
  deliveriesForJob(trackingId: string): Promise<DeliverySummary[]> {
    return this.reports.forJob(trackingId);
  }

  /** The client's latest test deliveries, newest first. */
  testDeliveries(clientId: string, limit?: number): Promise<DeliverySummary[]> {
    return this.reports.tests(clientId, limit);
  }

  /** Event deliveries since `since`: states, attempt success, latency percentiles. */
  health(since: number): Promise<DeliveryHealth> {
    return this.reports.health(since);
  }

  attempts(deliveryId: string): Promise<DeliveryAttempt[]> {
    return this.deps.store.attempts(deliveryId);
  }

  /**
   * Send one event again, starting a fresh round of the schedule now. Accepts a delivery id or a
   * trackingId; a final verification that never had a delivery (no URL back then) gets one now.
   */
  async resend(idOrTrackingId: string): Promise<{ delivery: Delivery; created: boolean }> {
    const now = this.deps.clock.now();
    const r = await this.deps.db.transaction(
      async (tx): Promise<{ delivery: Delivery; created: boolean }> => {
        const store = this.deps.store.on(tx);
        const existing = await this.find(idOrTrackingId, tx);
        if (existing) {
          if (existing.event === WEBHOOK_TEST)
            throw new AppError(
              "not_resendable",
              409,
              "test deliveries are not resent; run claimcheck webhook test again",
            );
          if (!(await store.restart(existing.id, now)))
            throw new AppError(
              "delivery_in_flight",
              409,
              `delivery ${existing.id} is being attempted right now; try again in a moment`,
            );
          return { delivery: (await store.get(existing.id))!, created: false };
        }
        const final = await this.deps.finalResult(idOrTrackingId, tx);
        if (!final)
          throw new AppError(
            "delivery_not_found",
            404,
            `no delivery and no finished verification with id ${idOrTrackingId}`,
          );
        const id = await this.enqueueCompleted(tx, final);
        if (!id)
          throw new AppError("no_webhook_url", 409, "the client has no webhook URL (claimcheck webhook set --url ...)");
        return { delivery: (await store.get(id))!, created: true };
      },
      { locks: [DELIVERIES_LOCK] },
    );
    this.due();
    return r;
  }

  /** Resend every delivery that ended `webhook_failed` at or after `since` (one client, or all when null). */
  async resendFailed(clientId: string | null, since: number): Promise<Delivery[]> {
    const now = this.deps.clock.now();
    const rows = await this.deps.db.transaction(
      async (tx) => {
        const store = this.deps.store.on(tx);
        const failed = await store.failedSince(clientId, since);
        const restarted = await Promise.all(failed.map((row) => store.restart(row.id, now)));
        return failed.filter((_, i) => restarted[i]);
      },
      { locks: [DELIVERIES_LOCK] },
    );
    if (rows.length) this.due();
    return Promise.all(rows.map(async (r) => (await this.deps.store.get(r.id))!));
  }

  /**
   * Send a signed `webhook.test` event to the client's URL right now (one attempt, no retries) and
   * record it in the attempt log like any delivery.
   */
  async sendTest(clientId: string, sender: WebhookSender): Promise<{ delivery: Delivery; result: AttemptResult }> {
    const client = await this.deps.clients.clientById(clientId);
    if (!client) throw new AppError("client_not_found", 404, `no client with id ${clientId}`);
    const now = this.deps.clock.now();
    const id = newId("msg", now);
    const payload = testPayload(id, client.name, now);
    const prepared = prepareAttempt(client, id, payload, now);
    const result = prepared.problem ?? (await sender.send(prepared.request));
    const done = this.deps.clock.now();
    await this.deps.db.transaction(
      async (tx) => {
        const store = this.deps.store.on(tx);
        await store.insert(
          {
            id,
            clientId,
            trackingId: null,
            event: WEBHOOK_TEST,
            payload,
            nextAttemptAt: null,
            state: result.outcome === "success" ? "delivered" : "failed",
          },
          now,
        );
        await store.insertAttempt(id, 1, now, prepared.url);
        await Promise.all([store.finishAttempt(id, 1, result, done), store.recordTestOutcome(id, result, done)]);
      },
      { locks: [DELIVERIES_LOCK] },
    );
    return { delivery: (await this.deps.store.get(id))!, result };
  }

  /** Called after the transaction that made work due committed. */
  private due(): void {
    this.deps.onDue?.();
  }
}
