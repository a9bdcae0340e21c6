import type { Clock, Logger } from "../lib/index.ts";
import { errorMessage, randomChars, WorkLoop } from "../lib/index.ts";
import type { Database, Queryable, Transaction } from "../storage/index.ts";
import { GroupCommit } from "../storage/index.ts";
import type { AttemptOutcome, AttemptResult } from "./attempt-outcome.ts";
import type { Delivery } from "./deliveries.ts";
import { type PreparedAttempt, prepareAttempt, type WebhookSettings } from "./delivery-request.ts";
import type { DeliveryStore, Lease } from "./delivery-store.ts";
import type { WebhookSender } from "./http-sender.ts";
import { afterFailure } from "./retry-schedule.ts";
import type { WebhookEmitter } from "./webhook-events.ts";

export interface DispatcherOptions {
  db: Database;
  store: DeliveryStore;
  /** a client's webhook settings, read on `q` when given (the claim's transaction) */
  clients: { clientById(id: string, q?: Queryable): Promise<WebhookSettings | null> };
  sender: WebhookSender;
  clock: Clock;
  events: WebhookEmitter;
  logger: Logger;
  /** WEBHOOK_RETRY_SCHEDULE in ms */
  schedule: readonly number[];
  /** WEBHOOK_TIMEOUT in ms: an attempt's lease lasts this plus `leaseMarginMs` */
  timeoutMs: number;
  /** attempts in flight at once (default 16) */
  concurrency?: number;
  /** longest idle wait, so deliveries scheduled by another process (the CLI) are seen (default 1 s) */
  pollMs?: number;
  leaseMarginMs?: number;
  /** the body as sent: the stored payload plus what is never stored (a result's reportUrl), read on `q` */
  finishBody?: (delivery: Delivery, q: Queryable) => Promise<string>;
}

interface Claimed {
  lease: Lease;
  row: Delivery;
  prepared: PreparedAttempt;
}

class Stopping extends Error {}

/**
 * The delivery loop: claims due deliveries by next attempt time under a lease, sends up to `concurrency`
 * at once, and records each outcome with the next step of the retry schedule in one transaction. The
 * schedule lives only in SQLite, so a restart resumes it on time; an attempt lost in a crash is due
 * again when its lease lapses.
 */
export class WebhookDispatcher {
  private readonly inflight = new Map<string, { ctrl: AbortController; done: Promise<void> }>();
  private readonly loop: WorkLoop;
  private readonly db: Database;
  private readonly store: DeliveryStore;
  private readonly clients: DispatcherOptions["clients"];
  private readonly sender: WebhookSender;
  private readonly clock: Clock;
  private readonly events: WebhookEmitter;
  private readonly logger: Logger;
  private readonly schedule: readonly number[];
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly finishBody: DispatcherOptions["finishBody"];
  /** outcomes finishing together share one transaction (one fsync) */
  private readonly commits: GroupCommit;
  /** attempts by outcome since start, for /metrics */
  readonly attemptCounts: Record<AttemptOutcome, number> = {
    success: 0,
    http: 0,
    timeout: 0,
    dns: 0,
    connect: 0,
    tls: 0,
    blocked: 0,
    config: 0,
  };

  constructor(options: DispatcherOptions) {
    this.db = options.db;
    this.store = options.store;
    this.clients = options.clients;
    this.sender = options.sender;
    this.clock = options.clock;
    this.events = options.events;
    this.logger = options.logger;
    this.schedule = options.schedule;
    this.concurrency = Math.max(1, options.concurrency ?? 16);
    this.leaseMs = options.timeoutMs + (options.leaseMarginMs ?? 2_000);
    this.finishBody = options.finishBody;
    this.commits = new GroupCommit(options.db, 256);
    this.loop = new WorkLoop({
      name: "webhook dispatcher",
      clock: this.clock,
      logger: this.logger,
      pollMs: options.pollMs ?? 1_000,
      work: {
        turn: async () => {
          const free = this.concurrency - this.inflight.size;
          if (free > 0) for (const claimed of await this.commits.run((tx) => this.claim(tx, free))) this.track(claimed);
        },
        runBatch: async () => {
          const batch = await this.db.transaction((tx) => this.claim(tx, this.concurrency));
          await Promise.all(batch.map((claimed) => this.execute(claimed, new AbortController())));
          return batch.length;
        },
        msUntilDue: async () => {
          if (this.inflight.size >= this.concurrency) return null;
          const next = await this.store.nextDueAt();
          return next === null ? null : next - this.clock.now();
        },
        abandon: () => {
          const left = [...this.inflight.values()];
          for (const f of left) f.ctrl.abort(new Stopping("dispatcher stopping"));
          return left.length;
        },
      },
    });
  }

  get inflightCount(): number {
    return this.inflight.size;
  }

  /** clock time of the last loop turn */
  get lastTickAt(): number {
    return this.loop.lastTickAt;
  }

  /** Something became due (a job ended, a resend): look now instead of at the next poll. */
  notify(): void {
    this.loop.wake();
  }

  start(): void {
    this.loop.start();
  }

  /**
   * Stop claiming; attempts in flight get until `deadlineMs` to finish (each is bounded by the timeout
   * anyway), the rest are aborted and released: due again at once, at the next start.
   */
  stop(deadlineMs = 25_000): Promise<{ finished: number; released: number }> {
    return this.loop.stop(deadlineMs);
  }

  /** Claim and send every due delivery until none is due at the clock's now; returns the attempts made. For tests and tools. */
  runOnce(): Promise<number> {
    return this.loop.runOnce();
  }

  private track(claimed: Claimed): void {
    const ctrl = new AbortController();
    const entry = { ctrl, done: Promise.resolve() };
    this.inflight.set(claimed.lease.id, entry);
    entry.done = this.execute(claimed, ctrl).finally(() => this.inflight.delete(claimed.lease.id));
    this.loop.track(entry.done);
  }

  /**
   * In one transaction (on its handle `tx`): lease the due rows, close attempts a crash left open, open
   * the new attempts. The leases and fencing tokens make it safe beside other replicas' claims.
   */
  private async claim(tx: Transaction, limit: number): Promise<Claimed[]> {
    const now = this.clock.now();
    const token = randomChars(16);
    const store = this.store.on(tx);
    const rows = await store.claimDue(now, limit, now + this.leaseMs, token);
    const clients = new Map<string, Promise<WebhookSettings | null>>();
    return Promise.all(
      rows.map(async (row) => {
        if (row.attempts > 1) await store.markInterrupted(row.id, now);
        let client = clients.get(row.clientId);
        if (!client) {
          client = this.clients.clientById(row.clientId, tx);
          clients.set(row.clientId, client);
        }
        const body = this.finishBody ? await this.finishBody(row, tx) : row.payload;
        const prepared = prepareAttempt(await client, row.id, body, now);
        await store.insertAttempt(row.id, row.attempts, now, prepared.url);
        return { lease: { id: row.id, token, attempt: row.attempts }, row, prepared };
      }),
    );
  }

  private async execute(claimed: Claimed, ctrl: AbortController): Promise<void> {
    let result: AttemptResult;
    try {
      result = claimed.prepared.problem ?? (await this.sender.send(claimed.prepared.request!, ctrl.signal));
    } catch (err) {
      if (ctrl.signal.aborted) {
        await this.safely("release an interrupted webhook attempt", claimed, () =>
          this.store.release(claimed.lease, this.clock.now()),
        );
        return;
      }
      result = {
        outcome: "connect",
        statusCode: null,
        error: `unexpected sender error: ${errorMessage(err)}`,
        latencyMs: 0,
        responseExcerpt: null,
      };
    }
    await this.record(claimed, result);
  }

  /** Write the attempt's outcome and the delivery's next step together; events go out once it is durable. */
  private async record(claimed: Claimed, r: AttemptResult): Promise<void> {
    const now = this.clock.now();
    const { row, lease } = claimed;
    const failures = r.outcome === "success" ? row.roundFailures : row.roundFailures + 1;
    const next = r.outcome === "success" ? null : afterFailure(failures, this.schedule, now);
    const state = next === null ? "delivered" : next.kind === "retry" ? "retrying" : "failed";
    const nextAttemptAt = next?.kind === "retry" ? next.at : null;
    let settled = false;
    try {
      settled = await this.commits.run(async (tx) => {
        const store = this.store.on(tx);
        // both statements at once: one round trip on PostgreSQL
        const [, ok] = await Promise.all([
          store.finishAttempt(row.id, lease.attempt, r, now),
          store.settle(
            lease,
            { state, nextAttemptAt, roundFailures: failures, outcome: r.outcome, statusCode: r.statusCode },
            now,
          ),
        ]);
        return ok;
      });
    } catch (err) {
      // the lease makes the delivery due again, so nothing is lost; it may be sent twice (at-least-once)
      this.logger.error("could not record a webhook attempt", { delivery: row.id, error: errorMessage(err) });
    }
    this.attemptCounts[r.outcome]++;
    const ids = { deliveryId: row.id, trackingId: row.trackingId };
    this.events.emit("webhook.attempted", {
      ...ids,
      attempt: lease.attempt,
      outcome: r.outcome,
      statusCode: r.statusCode,
      latencyMs: r.latencyMs,
    });
    if (!settled) return; // the lease lapsed and another attempt owns the delivery now
    if (state === "delivered") this.events.emit("webhook.delivered", { ...ids, attempt: lease.attempt });
    else if (state === "retrying") {
      this.logger.info("webhook attempt failed; will retry", {
        delivery: row.id,
        attempt: lease.attempt,
        outcome: r.outcome,
        error: r.error,
        nextAttemptAt: new Date(nextAttemptAt!).toISOString(),
      });
      this.events.emit("webhook.retrying", { ...ids, attempt: lease.attempt, nextAttemptAt: nextAttemptAt! });
    } else {
      this.logger.warn("webhook delivery failed after the whole retry schedule", {
        delivery: row.id,
        trackingId: row.trackingId,
        attempts: lease.attempt,
        error: r.error,
      });
      this.events.emit("webhook.exhausted", { ...ids, attempt: lease.attempt });
    }
  }

  private async safely(what: string, claimed: Claimed, fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      // the lease makes the delivery due again, so nothing is lost; it may be sent twice (at-least-once)
      this.logger.error(`could not ${what}`, { delivery: claimed.lease.id, error: errorMessage(err) });
    }
  }
}
