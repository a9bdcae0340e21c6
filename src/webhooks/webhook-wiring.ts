import type { Config } from "../config/index.ts";
import type { Clock, Logger } from "../lib/index.ts";
import { EventBus } from "../lib/index.ts";
import type { Database, Queryable } from "../storage/index.ts";
import type { Verification, VerificationResult, VerificationService } from "../verification/index.ts";
import type { Delivery } from "./deliveries.ts";
import type { WebhookSettings } from "./delivery-request.ts";
import { DeliveryStore } from "./delivery-store.ts";
import { createHttpSender, type WebhookSender } from "./http-sender.ts";
import { WebhookDispatcher } from "./webhook-dispatcher.ts";
import type { WebhookEvents } from "./webhook-events.ts";
import { WebhookService } from "./webhook-service.ts";

/** The config slice webhook delivery reads. */
export type WebhookConfig = Pick<Config, "webhookTimeoutMs" | "webhookRetryScheduleMs" | "webhookBlockPrivate">;

/** A final verification's result and owner, read from its stored row; null while it is not final. */
export function finalResultOf(
  v: Pick<Verification, "clientId" | "status" | "result"> | null,
): { clientId: string; result: VerificationResult } | null {
  if (!v || (v.status !== "COMPLETED" && v.status !== "FAILED") || !v.result) return null;
  return { clientId: v.clientId, result: JSON.parse(v.result) as VerificationResult };
}

export interface WebhookDeliveryDeps {
  config: WebhookConfig;
  db: Database;
  clients: { clientById(id: string, q?: Queryable): Promise<(WebhookSettings & { id: string; name: string }) | null> };
  verifications: Pick<VerificationService, "onFinal" | "decorateView" | "get">;
  clock: Clock;
  logger: Logger;
  /** replace outbound HTTP (tests) */
  sender?: WebhookSender;
  /** the body as sent, from the stored payload (WebhookDispatcher's finishBody: a result's reportUrl) */
  finishBody?: (delivery: Delivery, q: Queryable) => Promise<string>;
  concurrency?: number;
}

/**
 * Webhook delivery wired into the app: every final state queues a `verification.completed` in its own
 * transaction, every polled final job shows `webhookStatus`, and the dispatcher sends, announcing each
 * step on its own event bus. Nothing runs until `start()`.
 */
export function createWebhookDelivery(deps: WebhookDeliveryDeps) {
  const store = new DeliveryStore(deps.db);
  const events = new EventBus<WebhookEvents>();
  const sender =
    deps.sender ??
    createHttpSender({ timeoutMs: deps.config.webhookTimeoutMs, blockPrivate: deps.config.webhookBlockPrivate });
  const dispatcher = new WebhookDispatcher({
    db: deps.db,
    store,
    clients: deps.clients,
    sender,
    clock: deps.clock,
    events,
    logger: deps.logger.child({ component: "webhooks" }),
    schedule: deps.config.webhookRetryScheduleMs,
    timeoutMs: deps.config.webhookTimeoutMs,
    concurrency: deps.concurrency,
    finishBody: deps.finishBody,
  });
  const service = new WebhookService({
    db: deps.db,
    store,
    clients: deps.clients,
    finalResult: async (id, q) => finalResultOf(await deps.verifications.get(id, q)),
    clock: deps.clock,
    onDue: () => dispatcher.notify(),
  });
  deps.verifications.onFinal(async (tx, e) => {
    const id = await service.enqueueCompleted(tx, e);
    if (id) tx.afterCommit(() => events.emit("webhook.enqueued", { deliveryId: id, trackingId: e.result.trackingId }));
  });
  deps.verifications.decorateView((row) => service.decorate(row));

  return {
    store,
    service,
    dispatcher,
    /** webhook.enqueued / attempted / delivered / retrying / exhausted: await these in tests */
    events,
    sender,
    start: () => dispatcher.start(),
    stop: (deadlineMs: number) => dispatcher.stop(deadlineMs),
    /** Prometheus lines for renderMetrics' `extra`. */
    async metricsLines(): Promise<string[]> {
      const [byState, next] = await Promise.all([store.countsByState(), store.nextDueAt()]);
      const now = deps.clock.now();
      return [
        "# HELP claimcheck_webhook_deliveries Webhook deliveries by state (failed = webhook_failed).",
        "# TYPE claimcheck_webhook_deliveries gauge",
        ...["pending", "retrying", "delivered", "failed"].map(
          (s) => `claimcheck_webhook_deliveries{state="${s}"} ${byState[s] ?? 0}`,
        ),
        "# HELP claimcheck_webhook_attempts_total Delivery attempts by outcome since the process started.",
        "# TYPE claimcheck_webhook_attempts_total counter",
        ...Object.entries(dispatcher.attemptCounts).map(
          ([o, n]) => `claimcheck_webhook_attempts_total{outcome="${o}"} ${n}`,
        ),
        "# HELP claimcheck_webhook_oldest_due_seconds How late the most overdue delivery is (0 when none is due).",
        "# TYPE claimcheck_webhook_oldest_due_seconds gauge",
        `claimcheck_webhook_oldest_due_seconds ${next !== null && next <= now ? ((now - next) / 1000).toFixed(3) : "0.000"}`,
        "# HELP claimcheck_webhook_inflight Delivery attempts in flight.",
        "# TYPE claimcheck_webhook_inflight gauge",
        `claimcheck_webhook_inflight ${dispatcher.inflightCount}`,
      ];
    },
  };
}
