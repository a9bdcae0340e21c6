import type { Queryable } from "../storage/index.ts";
import type { JobRow, LeaseRef } from "./job-row.ts";
import { DUE_IDS, dueScanCtes } from "./postgres-due-scan.ts";

/**
 * The PostgreSQL statement behind JobStore.completeMany: completes a batch of running jobs (each fenced by
 * its lease) and claims one more due job for every completed one marked `next`, in one round trip that is
 * atomic on its own. `tokenSql` is the backend's fresh-fencing-token expression (JobStore's claim SQL).
 */
export async function completeAndClaimOnPostgres(
  db: Queryable,
  tokenSql: string,
  items: ReadonlyArray<LeaseRef & { next: boolean }>,
  claim: { kinds: string[]; owner: string; leaseMs: number; deadlineMs?: number | null },
  now: number,
): Promise<{ finished: Set<number>; next: JobRow[] }> {
  const kinds = claim.kinds.length > 0 ? claim.kinds : [""];
  const rows = await db
    .query<{ done: number | null; next: JobRow | string | null }, (string | number | null)[]>(
      completeAndClaimSql(tokenSql, kinds.length),
    )
    .all(
      JSON.stringify(items.map((l) => ({ id: l.id, token: l.token, next: l.next ? 1 : 0 }))),
      now,
      now,
      ...kinds,
      now,
      ...kinds,
      now,
      claim.owner,
      now + claim.leaseMs,
      claim.deadlineMs == null ? null : now + claim.deadlineMs,
      now,
    );
  const finished = new Set<number>();
  const next: JobRow[] = [];
  for (const r of rows) {
    if (r.done !== null) finished.add(r.done);
    else if (r.next !== null) next.push(typeof r.next === "string" ? (JSON.parse(r.next) as JobRow) : r.next);
  }
  next.sort((a, b) => a.run_at - b.run_at || a.id - b.id);
  return { finished, next };
}

/**
 * The statement's text for `kindCount` kinds, built once per shape: a completion batch is the hot path
 * of every replica, and a fresh ~1.5 KB text per batch is rebuilt, hashed and looked up each time. The
 * claimed rows are named by an array of their ids: the planner cannot see the LIMIT (a count of `done`)
 * and, joined to `due`, planned a hash join over a sequential scan of the whole table, finished history
 * included, for every batch; with the array it reads each chosen row by its key.
 */
const sqlByShape = new Map<string, string>();

function completeAndClaimSql(tokenSql: string, kindCount: number): string {
  const shape = `${kindCount}|${tokenSql}`;
  let text = sqlByShape.get(shape);
  if (text !== undefined) return text;
  const kindMarks = Array.from({ length: kindCount }, () => "?").join(", ");
  const token = tokenSql.replace("id::text", "j.id::text");
  text = `WITH input AS (SELECT * FROM json_to_recordset(CAST(? AS text)::json) AS t(id bigint, token text, next int)),
       done AS (
         UPDATE jobs j SET state = 'completed', last_error = NULL, finished_at = ?, updated_at = ?,
                lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL, deadline_at = NULL
           FROM input i
          WHERE j.id = i.id AND j.lease_token = i.token AND j.state = 'running'
          RETURNING j.id, i.next),
       ${dueScanCtes(`state = 'queued' AND kind IN (${kindMarks}) AND run_at <= ?`, "(SELECT count(*) FROM done WHERE next = 1)")},
       claimed AS (
         UPDATE jobs j SET state = 'running', attempts = attempts + 1, lease_owner = ?,
                lease_token = ${token}, lease_expires_at = ?,
                deadline_at = CAST(? AS bigint), updated_at = ?
          WHERE j.id = ANY(${DUE_IDS})
          RETURNING j.*)
       SELECT id AS done, NULL AS next FROM done
       UNION ALL SELECT NULL, row_to_json(claimed)::text FROM claimed`;
  sqlByShape.set(shape, text);
  return text;
}
