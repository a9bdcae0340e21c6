import { type Clock, errorMessage, type Logger, WorkLoop } from "../lib/index.ts";
import { afterFailure } from "../webhooks/index.ts";
import { type AshbyUpdate, withProfileLink } from "./ashby/ashby-update.ts";
import type { AssessmentView } from "./assessment-view.ts";
import type { IntegrationStore } from "./integration-store.ts";
import { basicAuth, type OutboundPolicy, outboundFetch } from "./outbound.ts";
import type { Assessment, Callback } from "./types.ts";

/** Bytes of an ATS's answer read at most (an answer says success or not; nothing more is needed). */
const ANSWER_LIMIT = 64 * 1024;
/** Callbacks sent at once. */
const CONCURRENCY = 4;

export interface CallbackDispatcherDeps {
  store: IntegrationStore;
  clock: Clock;
  logger: Logger;
  policy: OutboundPolicy;
  /** the webhook retry schedule (WEBHOOK_RETRY_SCHEDULE): after the n-th failure the next try waits schedule[n-1] */
  schedule: readonly number[];
  /** what the ATS is shown of an assessment now (its links derived): an update's profile link */
  view(a: Assessment): Promise<AssessmentView>;
  /** how often to look for due work made by another process */
  pollMs?: number;
}

/**
 * Sends what ATSs are owed, each assessment's calls in order: Greenhouse's completion PATCH to the url of
 * its send_test (with the Authorization it sent), Ashby's assessment.update to its API (with the
 * customer's key, the profile link added as it is sent). A failure is retried on the webhook schedule; once the schedule is spent the call is
 * marked failed and the next one of the assessment goes. An attempt is claimed before it is sent, so one
 * whose process died is due again when the claim lapses.
 */
export class CallbackDispatcher {
  readonly loop: WorkLoop;
  private inflight = 0;

  constructor(private readonly deps: CallbackDispatcherDeps) {
    this.loop = new WorkLoop({
      name: "ATS callbacks",
      clock: deps.clock,
      logger: deps.logger,
      pollMs: deps.pollMs ?? 1_000,
      work: {
        turn: async () => {
          for (const c of await this.claim(CONCURRENCY - this.inflight)) {
            this.inflight++;
            this.loop.track(this.send(c).finally(() => this.inflight--));
          }
        },
        runBatch: async () => {
          const due = await this.claim(CONCURRENCY);
          await Promise.all(due.map((c) => this.send(c)));
          return due.length;
        },
        msUntilDue: async () => {
          const next = await deps.store.nextCallbackAt();
          return next === null ? null : Math.max(0, next - deps.clock.now());
        },
      },
    });
  }

  start(): void {
    this.loop.start();
  }

  notify(): void {
    this.loop.wake();
  }

  stop(deadlineMs: number) {
    return this.loop.stop(deadlineMs);
  }

  private async claim(limit: number): Promise<Callback[]> {
    if (limit <= 0) return [];
    const now = this.deps.clock.now();
    const leaseUntil = now + this.deps.policy.timeoutMs + 30_000;
    const out: Callback[] = [];
    for (const c of await this.deps.store.dueCallbacks(now, limit))
      if (await this.deps.store.claimCallback(c.id, now, leaseUntil)) out.push({ ...c, attempts: c.attempts + 1 });
    return out;
  }

  /** One attempt; the outcome is recorded, never thrown. */
  private async send(c: Callback): Promise<void> {
    let error: string | null;
    try {
      error = await this.attempt(c);
    } catch (err) {
      error = errorMessage(err);
    }
    const now = this.deps.clock.now();
    if (error === null) {
      await this.deps.store.finishCallback(c.id, { state: "delivered", nextAt: now, error: null }, now);
      // Greenhouse's key is kept for its PATCH only: once a result was delivered it is dropped
      const a = await this.deps.store.assessment(c.assessmentId);
      if (a?.callbackAuth && a.state === "complete")
        await this.deps.store.setState(a.id, { state: a.state, dropCallbackAuth: true }, now);
      return;
    }
    const next = afterFailure(c.attempts, this.deps.schedule, now);
    this.deps.logger.warn("ATS callback failed", { callback: c.id, attempt: c.attempts, error });
    await this.deps.store.finishCallback(
      c.id,
      next.kind === "retry"
        ? { state: "pending", nextAt: next.at, error }
        : { state: "failed", nextAt: now, error: `${error} (retries spent)` },
      now,
    );
  }

  /** null when the ATS took the call, else why not. */
  private async attempt(c: Callback): Promise<string | null> {
    const a = await this.deps.store.assessment(c.assessmentId);
    const connection = a ? await this.deps.store.connection(a.connectionId) : null;
    if (!a || !connection) return "the assessment is gone";
    if (connection.revokedAt !== null) return "the ATS connection was revoked";
    if (connection.kind === "greenhouse") {
      if (!a.callbackUrl) return "no callback url";
      const res = await outboundFetch(
        a.callbackUrl,
        { method: "PATCH", headers: a.callbackAuth ? { authorization: a.callbackAuth } : {} },
        this.deps.policy,
        ANSWER_LIMIT,
      );
      return res.status >= 200 && res.status < 300 ? null : `Greenhouse answered HTTP ${res.status}`;
    }
    const res = await outboundFetch(
      `${connection.ashbyApiUrl}/assessment.update`,
      {
        method: "POST",
        headers: {
          authorization: basicAuth(connection.ashbyApiKey ?? ""),
          "content-type": "application/json",
          accept: "application/json; version=1",
        },
        body: JSON.stringify(withProfileLink(JSON.parse(c.body ?? "{}") as AshbyUpdate, await this.deps.view(a))),
      },
      this.deps.policy,
      ANSWER_LIMIT,
    );
    if (res.status < 200 || res.status >= 300) return `Ashby answered HTTP ${res.status}`;
    // Ashby answers a refused request with 200 and success: false
    let answer: { success?: boolean; errors?: unknown; errorInfo?: { message?: string } } = {};
    try {
      answer = JSON.parse(new TextDecoder().decode(res.body)) as typeof answer;
    } catch {
      return "Ashby's answer is not JSON";
    }
    if (answer.success === false)
      return `Ashby refused the update: ${answer.errorInfo?.message ?? JSON.stringify(answer.errors ?? null)}`;
    return null;
  }
}
