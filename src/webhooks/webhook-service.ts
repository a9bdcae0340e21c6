import type { Clock } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { newId } from "../lib/ids.ts";
import type { Database } from "../storage/database.ts";
import type { VerificationResult } from "../verification/result.ts";
import type { AttemptResult } from "./attempt-outcome.ts";
import {
  type DeliveryHealth,
  type DeliveryListRow,
  DeliveryReportStore,
  type DeliveryReports,
} from "./delivery-report-store.ts";
import { prepareAttempt, type WebhookSettings } from "./delivery-request.ts";
import type { AttemptRow, DeliveryRow, DeliveryStore } from "./delivery-store.ts";
import type { WebhookSender } from "./http-sender.ts";
import { type WebhookStatus, webhookStatusOf } from "./retry-schedule.ts";
import { completedPayload, testPayload, VERIFICATION_COMPLETED, WEBHOOK_TEST } from "./webhook-payload.ts";

export interface WebhookServiceDeps {
  db: Database;
  store: DeliveryStore;
  /** the operator's read queries (default: over `db`) */
  reports?: DeliveryReports;
  clients: { clientById(id: string): (WebhookSettings & { id: string; name: string }) | null };
  /** a verification's final result and owner, for resending an event that was never queued */
  finalResult(trackingId: string): { clientId: string; result: VerificationResult } | null;
  clock: Clock;
  /** called after new work became due (wakes the dispatcher in this process) */
  onDue?: () => void;
}

/** A verification as the delivery side sees it: final or not, and whose. */
export interface VerificationRef {
  tracking_id: string;
  status: string;
}

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
   * records the final state, so the event exists exactly when the final state does. Null when the
   * client has no webhook URL (the result is for polling only).
   */
  enqueueCompleted(e: { clientId: string; result: VerificationResult }): string | null {
    const client = this.deps.clients.clientById(e.clientId);
    if (!client?.webhook_url) return null;
    const now = this.deps.clock.now();
    const id = newId("msg", now);
    this.deps.store.insert(
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
    this.due();
    return id;
  }

  /** Extra members of a polled job: `webhookStatus` once the job is final. */
  decorate(v: VerificationRef): { webhookStatus?: WebhookStatus } {
    if (v.status !== "COMPLETED" && v.status !== "FAILED") return {};
    return { webhookStatus: this.status(v.tracking_id) };
  }

  status(trackingId: string): WebhookStatus {
    return webhookStatusOf(this.deps.store.stateForTracking(trackingId));
  }

  /** A delivery by its id (`msg_...`), or the newest delivery of a verification (`vrf_...`). */
  find(idOrTrackingId: string): DeliveryRow | null {
    return this.deps.store.get(idOrTrackingId) ?? this.deps.store.latestForTracking(idOrTrackingId);
  }

  /** Every delivery of a verification's event, newest first. */
  deliveriesForJob(trackingId: string): DeliveryListRow[] {
    return this.reports.forJob(trackingId);
  }

  /** The client's latest test deliveries, newest first. */
  testDeliveries(clientId: string, limit?: number): DeliveryListRow[] {
    return this.reports.tests(clientId, limit);
  }

  /** Event deliveries since `since`: states, attempt success, latency percentiles. */
  health(since: number): DeliveryHealth {
    return this.reports.health(since);
  }

  attempts(deliveryId: string): AttemptRow[] {
    return this.deps.store.attempts(deliveryId);
  }

  /**
   * Send one event again, starting a fresh round of the schedule now. Accepts a delivery id or a
   * trackingId; a final verification that never had a delivery (no URL back then) gets one now.
   */
  resend(idOrTrackingId: string): { delivery: DeliveryRow; created: boolean } {
    const now = this.deps.clock.now();
    const tx = this.deps.db.transaction((): { delivery: DeliveryRow; created: boolean } => {
      const existing = this.find(idOrTrackingId);
      if (existing) {
        if (existing.event === WEBHOOK_TEST)
          throw new AppError(
            "not_resendable",
            409,
            "test deliveries are not resent; run claimcheck webhook test again",
          );
        if (!this.deps.store.restart(existing.id, now))
          throw new AppError(
            "delivery_in_flight",
            409,
            `delivery ${existing.id} is being attempted right now; try again in a moment`,
          );
        return { delivery: this.deps.store.get(existing.id)!, created: false };
      }
      const final = this.deps.finalResult(idOrTrackingId);
      if (!final)
        throw new AppError(
          "delivery_not_found",
          404,
          `no delivery and no finished verification with id ${idOrTrackingId}`,
        );
      const id = this.enqueueCompleted(final);
      if (!id)
        throw new AppError("no_webhook_url", 409, "the client has no webhook URL (claimcheck webhook set --url ...)");
      return { delivery: this.deps.store.get(id)!, created: true };
    });
    const r = tx.immediate();
    this.due();
    return r;
  }

  /** Resend every delivery that ended `webhook_failed` at or after `since` (one client, or all when null). */
  resendFailed(clientId: string | null, since: number): DeliveryRow[] {
    const now = this.deps.clock.now();
    const rows = this.deps.db
      .transaction(() =>
        this.deps.store.failedSince(clientId, since).filter((row) => this.deps.store.restart(row.id, now)),
      )
      .immediate();
    if (rows.length) this.due();
    return rows.map((r) => this.deps.store.get(r.id)!);
  }

  /**
   * Send a signed `webhook.test` event to the client's URL right now (one attempt, no retries) and
   * record it in the attempt log like any delivery.
   */
  async sendTest(clientId: string, sender: WebhookSender): Promise<{ delivery: DeliveryRow; result: AttemptResult }> {
    const client = this.deps.clients.clientById(clientId);
    if (!client) throw new AppError("client_not_found", 404, `no client with id ${clientId}`);
    const now = this.deps.clock.now();
    const id = newId("msg", now);
    const payload = testPayload(id, client.name, now);
    const prepared = prepareAttempt(client, id, payload, now);
    const result = prepared.problem ?? (await sender.send(prepared.request));
    const done = this.deps.clock.now();
    this.deps.db
      .transaction(() => {
        this.deps.store.insert(
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
        this.deps.store.insertAttempt(id, 1, now, prepared.url);
        this.deps.store.finishAttempt(id, 1, result, done);
        this.deps.store.recordTestOutcome(id, result, done);
      })
      .immediate();
    return { delivery: this.deps.store.get(id)!, result };
  }

  private due(): void {
    const wake = this.deps.onDue;
    if (wake) queueMicrotask(wake); // after the enclosing transaction commits
  }
}
