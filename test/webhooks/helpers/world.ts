/**
 * An in-process service for delivery tests: the real app (createApp) over a temp SQLite file, a manual
 * clock, fixed analysis steps, and helpers to finish jobs and poll them. Nothing listens; loops are
 * driven with runOnce().
 */
import { type App, createApp } from "../../../src/app.ts";
import { ManualClock } from "../../../src/lib/clock.ts";
import { silentLogger } from "../../../src/lib/log.ts";
import type { VerificationSteps } from "../../../src/verification/verification-job.ts";
import { fixedSteps, tempDir, testConfig } from "../../support/harness.ts";

export interface World {
  app: App;
  clock: ManualClock;
  key: string;
  /** submit a job and run the worker until it is final; returns the trackingId */
  finishJob(login?: string): Promise<string>;
  /** GET /v1/jobs/:id through the HTTP layer */
  poll(trackingId: string): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export const SCHEDULE = "1m,5m,30m,2h,8h";

export async function makeWorld(o: { env?: Record<string, string>; steps?: VerificationSteps } = {}): Promise<World> {
  const tmp = tempDir("claimcheck-webhooks-");
  const clock = new ManualClock(Date.now());
  const app = await createApp(
    testConfig(tmp.dir, { WEBHOOK_RETRY_SCHEDULE: SCHEDULE, WEBHOOK_TIMEOUT: "2s", ...o.env }),
    {
      clock,
      logger: silentLogger,
      steps: o.steps ?? fixedSteps(81),
    },
  );
  const { key } = await app.accounts.createKey("webhook-tests");
  return {
    app,
    clock,
    key,
    async finishJob(login = "octocat") {
      const principal = (await app.accounts.authenticate(`Bearer ${key}`))!;
      const ack = await app.verifications.submit({
        principal,
        hostUsername: login,
        pdf: new TextEncoder().encode("%PDF-1.4 test"),
        filename: "r.pdf",
        idempotencyKey: null,
      });
      await app.worker.runOnce();
      return ack.trackingId;
    },
    async poll(trackingId) {
      const res = await app.http.handle(
        new Request(`http://local/v1/jobs/${trackingId}`, { headers: { authorization: `Bearer ${key}` } }),
      );
      if (res.status !== 200) throw new Error(`GET /v1/jobs/${trackingId}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    },
    async close() {
      await app.stop();
      tmp.cleanup();
    },
  };
}
