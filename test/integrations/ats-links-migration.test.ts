/**
 * Assessments recorded before the links given to an ATS were derived hold their tokens in plain text: the
 * profile link and the re-run page in the assessment's row, and the same addresses in the bodies of the
 * Ashby updates queued for it. Migration 19 removes all of them on SQLite and PostgreSQL alike, keeps the
 * report link's id and its token's SHA-256 (so the link is still answered, and answered as purged once its
 * result is gone), and leaves every other value of the updates as it was.
 */
import { afterEach, expect, test } from "bun:test";
import { openStorage } from "../../src/storage/backend.ts";
import type { Database } from "../../src/storage/database.ts";
import { migrate } from "../../src/storage/migrate.ts";
import { MIGRATIONS } from "../../src/storage/migrations/index.ts";
import { describeEachBackend } from "../support/backends.ts";
import { freshDatabaseUrl } from "../support/postgres.ts";

const SHARE_TOKEN = "Sh4reaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaZk";
const RERUN_TOKEN = "R3runaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaZk";
const SHARE_URL = `https://cc.example/share/${SHARE_TOKEN}`;
const RERUN_URL = `https://cc.example/integrations/assessments/${RERUN_TOKEN}`;

let db: Database | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
});

const update = (result: { type: string; value: string | number }, profile: string) =>
  JSON.stringify({
    assessment_id: "ats_1",
    timestamp: 7,
    assessment_status: { identifier: "status", label: "Status", type: "string", value: "Completed" },
    assessment_result: { identifier: "result", label: "Result", ...result },
    assessment_profile_url: { identifier: "profile_url", label: "Report", type: "url", value: profile },
    metadata: [
      { identifier: "score", label: "Score", type: "numeric_score", value: 61, description: "0-100" },
      { identifier: "report_url", label: "Report", type: "url", value: profile },
      { identifier: "accounts", label: "Accounts", type: "string", value: "github.com:jane" },
    ],
  });

describeEachBackend("migration 19: the links given to an ATS unstored", (backend) => {
  test("the assessment and its queued updates lose every address; the link's id and hash stay", async () => {
    const url = backend.name === "postgres" ? await freshDatabaseUrl("ats19") : null;
    db = await openStorage({ dbPath: ":memory:", databaseUrl: url }, { migrate: false });
    await migrate(
      db,
      MIGRATIONS.filter((m) => m.version <= 18),
    );
    const run = (sql: string, ...params: unknown[]) => db!.query(sql).run(...params);
    await run(
      "INSERT INTO clients (id, name, monthly_quota, rate_limit_per_minute, created_at, updated_at) VALUES ('cli_1', 'acme', 0, 0, 0, 0)",
    );
    await run(
      "INSERT INTO api_keys (id, client_id, name, display_prefix, key_hash, created_at) VALUES ('key_1', 'cli_1', 'ats', 'cck_', 'h', 0)",
    );
    const job = (await db
      .query<{ id: number }, []>(
        "INSERT INTO jobs (kind, payload, state, max_attempts, run_at, created_at, updated_at) VALUES ('verification', '{}', 'completed', 1, 0, 0, 0) RETURNING id",
      )
      .get())!.id;
    await run(
      `INSERT INTO verifications (tracking_id, client_id, job_id, host_username, resume_sha256, resume_size, status, created_at)
       VALUES ('vrf_1', 'cli_1', ?, 'jane', 'x', 1, 'COMPLETED', 0)`,
      job,
    );
    // the result's own link (made by the API) and the ATS's, which the assessment names by its kind
    await run(
      "INSERT INTO report_links (id, tracking_id, token_hash, created_by, created_at, expires_at) VALUES ('lnk_api', 'vrf_1', 'hash-api', 'api', 5, 9)",
    );
    await run(
      "INSERT INTO report_links (id, tracking_id, token_hash, created_by, created_at, expires_at) VALUES ('lnk_ats', 'vrf_1', 'hash-ats', 'ashby', 4, 9)",
    );
    await run(
      `INSERT INTO ats_connections (id, kind, client_id, name, api_key_id, tests, created_at)
       VALUES ('atsc_1', 'ashby', 'cli_1', 'acme', 'key_1', '["code-claims"]', 0)`,
    );
    const insert = `INSERT INTO ats_assessments (id, connection_id, test_id, candidate_name, state, tracking_id,
      profile_url, rerun_token_hash, rerun_url, created_at, updated_at) VALUES (?, 'atsc_1', 'code-claims', 'Jane', ?, ?, ?, ?, ?, 0, 0)`;
    await run(insert, "ats_1", "complete", "vrf_1", SHARE_URL, "rerun-hash-1", RERUN_URL);
    await run(insert, "ats_2", "needs_account", null, RERUN_URL, "rerun-hash-2", RERUN_URL);
    const callback = `INSERT INTO ats_callbacks (id, assessment_id, seq, body, state, next_at, created_at, updated_at)
      VALUES (?, ?, 1, ?, ?, 0, 0, 0)`;
    await run(callback, "atc_1", "ats_1", update({ type: "numeric_score", value: 61 }, SHARE_URL), "pending");
    await run(
      callback,
      "atc_2",
      "ats_2",
      update(
        { type: "string", value: `no code-hosting account on the resume: add one and run it again at ${RERUN_URL}` },
        RERUN_URL,
      ),
      "delivered",
    );

    await migrate(db);

    const rows = await db.query<Record<string, unknown>, []>("SELECT * FROM ats_assessments ORDER BY id").all();
    expect(rows.map((r) => [r.id, r.report_link_id, r.report_token_hash, r.rerun_token_hash])).toEqual([
      ["ats_1", "lnk_ats", "hash-ats", "rerun-hash-1"],
      ["ats_2", null, null, "rerun-hash-2"],
    ]);
    for (const r of rows) {
      expect(r).not.toHaveProperty("profile_url");
      expect(r).not.toHaveProperty("rerun_url");
    }
    const bodies = await db
      .query<{ id: string; body: string }, []>("SELECT id, body FROM ats_callbacks ORDER BY id")
      .all();
    for (const { body } of bodies) {
      expect(body).not.toContain(SHARE_TOKEN);
      expect(body).not.toContain(RERUN_TOKEN);
      const u = JSON.parse(body);
      expect(u).not.toHaveProperty("assessment_profile_url");
      expect(u).toMatchObject({ assessment_id: "ats_1", timestamp: 7, assessment_status: { value: "Completed" } });
      // the values that are no address stay, in their order
      expect(u.metadata.map((m: { identifier: string }) => m.identifier)).toEqual(["score", "accounts"]);
    }
    expect(JSON.parse(bodies[0]!.body).assessment_result).toMatchObject({ type: "numeric_score", value: 61 });
    expect(JSON.parse(bodies[1]!.body).assessment_result.value).toStartWith("no code-hosting account on the resume");
  });
});
