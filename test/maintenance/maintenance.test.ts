import { afterEach, expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type App, createApp } from "../../src/app.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { fixedSteps, makePdf, tempDir, testConfig } from "../support/harness.ts";

let app: App | null = null;
let cleanup = () => {};
afterEach(async () => {
  await app?.stop();
  cleanup();
});

test("retention: PDFs of finished jobs and old idempotency keys are purged; results stay", async () => {
  const tmp = tempDir();
  cleanup = tmp.cleanup;
  const clock = new ManualClock(Date.parse("2026-05-01T00:00:00Z"));
  app = createApp(testConfig(tmp.dir, { RESUME_RETENTION: "7d" }), {
    logger: silentLogger,
    clock,
    steps: fixedSteps(50),
  });
  const { row } = app.accounts.createKey("k");
  const principal = { keyId: row.id, client: app.accounts.client("default") };
  const ack = await app.verifications.submit({
    principal,
    hostUsername: "octocat",
    pdf: await makePdf(),
    filename: "cv.pdf",
    idempotencyKey: "once",
  });
  expect(await app.worker.runOnce()).toBe(1);
  expect(await app.verifications.resume(ack.trackingId)).not.toBeNull();

  clock.advance(6 * 86_400_000);
  expect(app.maintenance.runOnce().verifications).toEqual({ idempotency: 1, resumes: 0, orphans: 0 }); // keys live 48 h
  clock.advance(2 * 86_400_000);
  expect(app.maintenance.runOnce().verifications).toEqual({ idempotency: 0, resumes: 1, orphans: 0 });
  expect(await app.verifications.resume(ack.trackingId)).toBeNull();
  expect(existsSync(join(tmp.dir, "resumes", `${ack.trackingId}.pdf`))).toBe(false);
  const view = app.verifications.view(ack.trackingId, principal.client.id);
  expect(view).toMatchObject({ status: "COMPLETED", confidenceScore: 50 });
});

test("a queued job whose PDF is gone fails with an actionable reason instead of crashing", async () => {
  const tmp = tempDir();
  cleanup = tmp.cleanup;
  const clock = new ManualClock();
  app = createApp(testConfig(tmp.dir), { logger: silentLogger, clock, steps: fixedSteps() });
  const { row } = app.accounts.createKey("k");
  const principal = { keyId: row.id, client: app.accounts.client("default") };
  const ack = await app.verifications.submit({
    principal,
    hostUsername: "octocat",
    pdf: await makePdf(),
    filename: null,
    idempotencyKey: null,
  });
  rmSync(join(tmp.dir, "resumes", `${ack.trackingId}.pdf`));
  await app.worker.runOnce();
  expect(app.verifications.view(ack.trackingId, principal.client.id)).toMatchObject({
    status: "FAILED",
    error: { code: "resume_purged" },
  });
});
