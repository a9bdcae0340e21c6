/**
 * Results and webhook payloads recorded before a result's share link was derived carry its token in
 * plain text (`reportUrl`); migration 18 removes it from both, on SQLite and PostgreSQL alike, leaving
 * every other member as it was.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import type { Database } from "../../src/storage/database.ts";
import { MIGRATIONS } from "../../src/storage/migrations/index.ts";
import { describeEachBackend } from "../support/backends.ts";

let db: Database;
const TOKEN = "Xq3aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaZk";
const legacy = JSON.stringify({
  trackingId: "vrf_1",
  status: "COMPLETED",
  confidenceScore: 61,
  reportUrl: `https://claimcheck.example.com/share/${TOKEN}`,
});

describeEachBackend("migration 18: stored share-link tokens removed", (backend) => {
  beforeEach(async () => {
    db = await backend.open();
  });
  afterEach(async () => await db.close());

  test("the stored result and the delivery's payload lose reportUrl, and nothing else", async () => {
    await db
      .query(
        "INSERT INTO clients (id, name, monthly_quota, rate_limit_per_minute, created_at, updated_at) VALUES ('cli_1', 'acme', 0, 0, 0, 0)",
      )
      .run();
    const job = (await db
      .query<{ id: number }, []>(
        "INSERT INTO jobs (kind, payload, state, max_attempts, run_at, created_at, updated_at) VALUES ('verification', '{}', 'completed', 1, 0, 0, 0) RETURNING id",
      )
      .get())!.id;
    await db
      .query(
        `INSERT INTO verifications (tracking_id, client_id, job_id, host_username, resume_sha256, resume_size, status, created_at, result)
         VALUES ('vrf_1', 'cli_1', ?, 'jane', 'x', 1, 'COMPLETED', 0, ?)`,
      )
      .run(job, legacy);
    await db
      .query(
        `INSERT INTO webhook_deliveries (id, client_id, tracking_id, event, payload, state, created_at, updated_at)
         VALUES ('msg_1', 'cli_1', 'vrf_1', 'verification.completed', ?, 'delivered', 0, 0)`,
      )
      .run(JSON.stringify({ event: "verification.completed", ...JSON.parse(legacy) }));
    const m = MIGRATIONS.find((x) => x.name === "0018_result_links_unstored")!;
    const sql = db.dialect === "sqlite" ? m.sqlite : m.postgres;
    for (const statement of sql
      .replace(/--.*$/gm, "")
      .split(";")
      .map((x) => x.trim())
      .filter(Boolean))
      await db.query(statement).run();
    const result = (await db.query<{ result: string }, []>("SELECT result FROM verifications").get())!.result;
    const payload = (await db.query<{ payload: string }, []>("SELECT payload FROM webhook_deliveries").get())!.payload;
    for (const text of [result, payload]) {
      expect(text).not.toContain(TOKEN);
      expect(JSON.parse(text)).toMatchObject({ trackingId: "vrf_1", status: "COMPLETED", confidenceScore: 61 });
      expect(JSON.parse(text)).not.toHaveProperty("reportUrl");
    }
    expect(JSON.parse(payload).event).toBe("verification.completed");
  });
});
