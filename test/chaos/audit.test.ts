/**
 * The chaos checkers themselves: a checker that cannot fail proves nothing. The audit trigger counts a
 * second final write; the schedule check catches an early retry and ignores interrupted attempts.
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openDatabase } from "../../src/storage/database.ts";
import { tempDir } from "../support/harness.ts";
import { type AttemptLogRow, checkSchedule, installFinalAudit, integrityCheck, readLedger } from "./audit.ts";

describe("final-state audit", () => {
  test("every write of a final status is counted, even over a row that was already final", async () => {
    const tmp = tempDir();
    try {
      const db = await openDatabase(join(tmp.dir, "claimcheck.db"));
      await installFinalAudit(tmp.dir);
      const now = Date.now();
      await db
        .query(
          "INSERT INTO clients (id, name, monthly_quota, rate_limit_per_minute, created_at, updated_at) VALUES ('c1', 'c1', 0, 0, ?, ?)",
        )
        .run(now, now);
      for (const [i, id] of ["vrf_a", "vrf_b"].entries()) {
        await db
          .query(
            "INSERT INTO jobs (id, kind, payload, state, max_attempts, run_at, created_at, updated_at) VALUES (?, 'verification', '{}', 'queued', 5, ?, ?, ?)",
          )
          .run(i + 1, now, now, now);
        await db
          .query(
            "INSERT INTO verifications (tracking_id, client_id, job_id, host_username, resume_sha256, resume_size, status, created_at) VALUES (?, 'c1', ?, 'u', 'h', 1, 'queued', ?)",
          )
          .run(id, i + 1, now);
      }
      await db.exec("UPDATE verifications SET status = 'processing' WHERE tracking_id = 'vrf_a'");
      await db.exec("UPDATE verifications SET status = 'COMPLETED' WHERE tracking_id = 'vrf_a'");
      await db.exec("UPDATE verifications SET status = 'FAILED' WHERE tracking_id = 'vrf_b'");
      await db.exec("UPDATE verifications SET status = 'COMPLETED' WHERE tracking_id = 'vrf_b'"); // a double final write
      await db.close();
      const ledger = await readLedger(tmp.dir);
      expect(Object.fromEntries(ledger.finals)).toEqual({ vrf_a: 1, vrf_b: 2 });
      expect(ledger.verifications.get("vrf_b")?.status).toBe("COMPLETED");
      expect(await integrityCheck(tmp.dir)).toBe("ok");
    } finally {
      tmp.cleanup();
    }
  });
});

const row = (
  attempt: number,
  startedAt: number,
  finishedAt: number,
  outcome: string,
  state = "delivered",
): AttemptLogRow => ({
  delivery_id: "msg_1",
  tracking_id: "vrf_1",
  attempt,
  started_at: startedAt,
  finished_at: finishedAt,
  outcome,
  state,
});

describe("checkSchedule", () => {
  const schedule = [200, 400, 800];
  test.each([
    [
      "retries on time",
      [row(1, 0, 10, "http"), row(2, 210, 220, "timeout"), row(3, 620, 630, "success")],
      { gaps: 2, early: 0, late: [0, 0], exhausted: 0 },
    ],
    [
      "a retry 1 ms early is caught",
      [row(1, 0, 10, "http"), row(2, 209, 220, "success")],
      { gaps: 1, early: 1, late: [], exhausted: 0 },
    ],
    [
      "late retries are measured",
      [row(1, 0, 10, "connect"), row(2, 260, 300, "success")],
      { gaps: 1, early: 0, late: [50], exhausted: 0 },
    ],
    [
      "an interrupted attempt (crash) is not a failure: the next failure still waits the first delay",
      [row(1, 0, 10, "interrupted"), row(2, 3000, 3010, "http"), row(3, 3210, 3220, "success")],
      { gaps: 1, early: 0, late: [0], exhausted: 0 },
    ],
    [
      "an exhausted delivery reports its failures",
      [
        row(1, 0, 0, "http", "failed"),
        row(2, 200, 200, "http", "failed"),
        row(3, 600, 600, "http", "failed"),
        row(4, 1400, 1400, "http", "failed"),
      ],
      { gaps: 3, early: 0, late: [0, 0, 0], exhausted: 4 },
    ],
  ])("%s", (_label, rows, want) => {
    const r = checkSchedule(rows, schedule);
    expect(r.gaps).toBe(want.gaps);
    expect(r.early.length).toBe(want.early);
    expect(r.lateMs).toEqual(want.late);
    expect(r.exhausted.length > 0 ? r.exhausted[0]!.failures : 0).toBe(want.exhausted);
  });
});
