/**
 * How a claim on PostgreSQL picks and locks its due rows (the plain claim in job-store.ts and the
 * complete-and-claim statement in job-batch-completion.ts): two scans of the due rows, oldest first.
 *
 * Why two. Under READ COMMITTED a statement sees the rows as of its start. A row another replica claimed
 * and committed since then is still queued in that snapshot; `FOR UPDATE SKIP LOCKED` finds it unlocked,
 * locks its newest version, re-checks `state = 'queued'`, drops it (it is running now), and keeps the lock
 * until this statement commits. The replica that took the row then waits for that commit, WAL flush
 * included, before it can complete the job: with three replicas a fifth of their statements' time was
 * spent so.
 *
 * So the first scan (`due`) passes over every row whose version in the snapshot was updated or locked by
 * a transaction the snapshot does not see as finished (the row's raw xmax is in progress for the
 * snapshot, or began after it): such a row is one that SKIP LOCKED would skip (still locked) or whose
 * re-check would drop (claimed since). Nothing is locked that is not then claimed. A row can be passed
 * over and still be free (a locker that ended without updating it, or an xmax that is a multixact); the
 * second scan (`rest`) runs only when the first found fewer rows than wanted, and takes any due row the
 * usual way, so no job waits behind such a mark while its slot is free. Both scans lock with SKIP
 * LOCKED, as before: whichever way a row was chosen, only the lock decides who claims it.
 *
 * `age(x)` counts transactions from x to this transaction, so `age(xmax) > age(snapshot's xmax)` says that
 * xmax began before the snapshot's first unassigned id; `age` of 0 (no xmax) is the largest there is.
 */
const NOT_BUSY = `age(xmax) > (SELECT age(pg_snapshot_xmax(pg_current_snapshot())::xid))
             AND xmax <> ALL(ARRAY(SELECT pg_snapshot_xip(pg_current_snapshot())::xid))`;

/**
 * The `due` and `rest` CTEs (no leading WITH, no trailing comma) choosing up to `limit` (an SQL
 * expression) due rows whose conditions are `where`; the chosen ids are `SELECT id FROM due UNION ALL
 * SELECT id FROM rest`. `where` appears twice: its parameters are bound twice, in that order.
 */
export function dueScanCtes(where: string, limit: string): string {
  return `due AS (
         SELECT id FROM jobs
          WHERE ${where} AND ${NOT_BUSY}
          ORDER BY run_at, id
          LIMIT ${limit} FOR UPDATE SKIP LOCKED),
       rest AS (
         SELECT id FROM jobs
          WHERE ${where} AND id <> ALL(ARRAY(SELECT id FROM due))
          ORDER BY run_at, id
          LIMIT ${limit} - (SELECT count(*) FROM due) FOR UPDATE SKIP LOCKED)`;
}

/** The ids the two scans chose, as an array (the UPDATE then reads each by its key). */
export const DUE_IDS = "ARRAY(SELECT id FROM due UNION ALL SELECT id FROM rest)";
