import { afterEach, expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type App, createApp } from "../../src/app.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { describeEachBackend, type TestBackend } from "../support/backends.ts";
import { fixedSteps, makePdf, tempDir, testConfig } from "../support/harness.ts";

let app: App | null = null;
let cleanup = () => {};
afterEach(async () => {
  await app?.stop();
  app = null;
  cleanup();
});

/** Where the backend keeps a job's PDF: a file in DATA_DIR/resumes (SQLite) or a resume_files row (PostgreSQL). */
async function pdfStored(backend: TestBackend, dataDir: string, trackingId: string): Promise<boolean> {
  if (backend.name === "sqlite") return existsSync(join(dataDir, "resumes", `${trackingId}.pdf`));
  return (await app!.db.query("SELECT 1 AS one FROM resume_files WHERE tracking_id = ?").get(trackingId)) !== null;
}

async function removePdfBehindTheServiceBack(backend: TestBackend, dataDir: string, trackingId: string): Promise<void> {
  if (backend.name === "sqlite") rmSync(join(dataDir, "resumes", `${trackingId}.pdf`));
  else await app!.db.query("DELETE FROM resume_files WHERE tracking_id = ?").run(trackingId);
}

/** An app on this backend's fresh database in a temp DATA_DIR, and one submission through the service. */
async function appWithOneSubmission(
  backend: TestBackend,
  clock: ManualClock,
  env: Record<string, string>,
  score: number,
  idempotencyKey: string | null,
) {
  const tmp = tempDir();
  cleanup = tmp.cleanup;
  app = await createApp(testConfig(tmp.dir, { ...env, ...(await backend.env()) }), {
    logger: silentLogger,
    clock,
    steps: fixedSteps(score),
  });
  const { apiKey: row } = await app.accounts.createKey("k");
  const principal = { keyId: row.id, client: await app.accounts.client("default") };
  const ack = await app.verifications.submit({
    principal,
    hostUsername: "octocat",
    pdf: await makePdf(),
    filename: "cv.pdf",
    idempotencyKey,
  });
  return { app, dataDir: tmp.dir, principal, trackingId: ack.trackingId };
}

describeEachBackend("maintenance", (backend) => {
  test("retention: PDFs of finished jobs and old idempotency keys are purged; results stay", async () => {
    const clock = new ManualClock(Date.parse("2026-05-01T00:00:00Z"));
    const { app, dataDir, principal, trackingId } = await appWithOneSubmission(
      backend,
      clock,
      { RESUME_RETENTION: "7d" },
      50,
      "once",
    );
    expect(await app.worker.runOnce()).toBe(1);
    expect(await app.verifications.resume(trackingId)).not.toBeNull();
    expect(await pdfStored(backend, dataDir, trackingId)).toBe(true);

    clock.advance(6 * 86_400_000);
    expect((await app.maintenance.runOnce()).verifications).toEqual({ idempotency: 1, resumes: 0, orphans: 0 }); // keys live 48 h
    clock.advance(2 * 86_400_000);
    expect((await app.maintenance.runOnce()).verifications).toEqual({ idempotency: 0, resumes: 1, orphans: 0 });
    expect(await app.verifications.resume(trackingId)).toBeNull();
    expect(await pdfStored(backend, dataDir, trackingId)).toBe(false);
    const view = await app.verifications.view(trackingId, principal.client.id);
    expect(view).toMatchObject({ status: "COMPLETED", confidenceScore: 50 });
  });

  test("a queued job whose PDF is gone fails with an actionable reason instead of crashing", async () => {
    const { app, dataDir, principal, trackingId } = await appWithOneSubmission(
      backend,
      new ManualClock(),
      {},
      77,
      null,
    );
    await removePdfBehindTheServiceBack(backend, dataDir, trackingId);
    await app.worker.runOnce();
    expect(await app.verifications.view(trackingId, principal.client.id)).toMatchObject({
      status: "FAILED",
      error: { code: "resume_purged" },
    });
  });
});
