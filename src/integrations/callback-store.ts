import type { Queryable } from "../storage/index.ts";
import type { Callback } from "./types.ts";

interface CallbackRow {
  id: string;
  assessment_id: string;
  seq: number;
  body: string | null;
  state: Callback["state"];
  attempts: number;
  next_at: number;
  last_error: string | null;
  created_at: number;
}

const toCallback = (r: CallbackRow): Callback => ({
  id: r.id,
  assessmentId: r.assessment_id,
  seq: Number(r.seq),
  body: r.body,
  state: r.state,
  attempts: Number(r.attempts),
  nextAt: Number(r.next_at),
  lastError: r.last_error,
  createdAt: Number(r.created_at),
});

/** The SQL of the calls owed to an ATS (ats_callbacks); the integration store adds the rest. */
export class CallbackStore {
  constructor(protected readonly db: Queryable) {}

  async insertCallback(c: { id: string; assessmentId: string; body: string | null; now: number }): Promise<void> {
    await this.db
      .query(
        `INSERT INTO ats_callbacks (id, assessment_id, seq, body, state, next_at, created_at, updated_at)
         VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM ats_callbacks WHERE assessment_id = ?), ?, 'pending', ?, ?, ?)`,
      )
      .run(c.id, c.assessmentId, c.assessmentId, c.body, c.now, c.now, c.now);
  }

  /** Due callbacks, each the first one pending of its assessment (an assessment's calls go out in order). */
  async dueCallbacks(now: number, limit: number): Promise<Callback[]> {
    const rows = await this.db
      .query<CallbackRow, [number, number]>(
        `SELECT c.* FROM ats_callbacks c
         WHERE c.state = 'pending' AND c.next_at <= ?
           AND NOT EXISTS (SELECT 1 FROM ats_callbacks e
                           WHERE e.assessment_id = c.assessment_id AND e.state = 'pending' AND e.seq < c.seq)
         ORDER BY c.next_at, c.id LIMIT ?`,
      )
      .all(now, limit);
    return rows.map(toCallback);
  }

  /** Take a due callback for one attempt (it is due again at `leaseUntil` if the attempt never ends). */
  async claimCallback(id: string, now: number, leaseUntil: number): Promise<boolean> {
    const r = await this.db
      .query(
        `UPDATE ats_callbacks SET next_at = ?, attempts = attempts + 1, updated_at = ?
         WHERE id = ? AND state = 'pending' AND next_at <= ?`,
      )
      .run(leaseUntil, now, id, now);
    return r.changes > 0;
  }

  async finishCallback(
    id: string,
    o: { state: Callback["state"]; nextAt: number; error: string | null },
    now: number,
  ): Promise<void> {
    await this.db
      .query("UPDATE ats_callbacks SET state = ?, next_at = ?, last_error = ?, updated_at = ? WHERE id = ?")
      .run(o.state, o.nextAt, o.error, now, id);
  }

  async callbacksOf(assessmentId: string): Promise<Callback[]> {
    const rows = await this.db
      .query<CallbackRow, [string]>("SELECT * FROM ats_callbacks WHERE assessment_id = ? ORDER BY seq")
      .all(assessmentId);
    return rows.map(toCallback);
  }

  /** Calls not sent yet of an assessment the ATS cancelled: never sent; how many. */
  async dropPending(assessmentId: string, now: number): Promise<number> {
    const r = await this.db
      .query(
        "UPDATE ats_callbacks SET state = 'failed', last_error = 'the ATS cancelled the assessment', updated_at = ? WHERE assessment_id = ? AND state = 'pending'",
      )
      .run(now, assessmentId);
    return r.changes;
  }

  /** When the next call is due: the earliest head of an assessment's queue (a call waits for those before it). */
  async nextCallbackAt(): Promise<number | null> {
    const r = await this.db
      .query<{ n: number | null }>(
        `SELECT MIN(c.next_at) AS n FROM ats_callbacks c
         WHERE c.state = 'pending'
           AND NOT EXISTS (SELECT 1 FROM ats_callbacks e
                           WHERE e.assessment_id = c.assessment_id AND e.state = 'pending' AND e.seq < c.seq)`,
      )
      .get();
    return r?.n === null || r?.n === undefined ? null : Number(r.n);
  }
}
