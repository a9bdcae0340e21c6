import type { Queryable } from "../storage/index.ts";
import type { JobRow, JobStore } from "./job-store.ts";

/**
 * Fair claims across clients. A plain claim takes the oldest due jobs whoever queued them, so a client
 * that floods the queue (or whose jobs hold their slots long) keeps every other client waiting behind
 * its backlog. A fair claim gives each free slot, one at a time, to the client running the fewest jobs
 * right now on every replica (the running rows are in the database), the oldest due job of that client
 * first; and no client takes a worker's last free slot while it already holds `cap` of that worker's
 * slots, so a client that arrives while another floods finds a slot at once. A client then waits behind
 * its own work, not in front of others'. Jobs that belong to nobody (fair_key null) count as one client.
 */

export interface FairClaimOptions {
  kinds: string[];
  owner: string;
  limit: number;
  now: number;
  leaseMs: number;
  deadlineMs: number | null;
  /** this worker's running jobs per client */
  held: ReadonlyMap<string, number>;
  /** at most this many of this worker's slots per client */
  cap: number;
}

interface DueGroup {
  key: string | null;
  n: number;
  oldest: number;
}

/** Due jobs by client (count and oldest run_at), and running jobs by client over every replica. */
export async function queueByClient(
  db: Queryable,
  kinds: string[],
  now: number,
): Promise<{ due: DueGroup[]; running: Map<string, number> }> {
  const marks = kinds.map(() => "?").join(", ");
  const [due, running] = await Promise.all([
    db
      .query<{ key: string | null; n: number; oldest: number }, (string | number)[]>(
        `SELECT fair_key AS key, count(*) AS n, min(run_at) AS oldest FROM jobs
          WHERE state = 'queued' AND kind IN (${marks}) AND run_at <= ? GROUP BY fair_key`,
      )
      .all(...kinds, now),
    db
      .query<{ key: string; n: number }, []>(
        "SELECT fair_key AS key, count(*) AS n FROM jobs WHERE state = 'running' AND fair_key IS NOT NULL GROUP BY fair_key",
      )
      .all(),
  ]);
  return {
    due: due.map((d) => ({ key: d.key, n: Number(d.n), oldest: Number(d.oldest) })),
    running: new Map(running.map((r) => [r.key, Number(r.n)])),
  };
}

/**
 * How many of `limit` slots go to whom: each slot to the due client with the least running work (its
 * running jobs plus the slots already given it here), ties to the one waiting longest; a client at its
 * cap on this worker gets none. Pure, so the rule is tested on its own.
 */
export function shareSlots(
  due: readonly DueGroup[],
  running: ReadonlyMap<string, number>,
  held: ReadonlyMap<string, number>,
  limit: number,
  cap: number,
): Map<string | null, number> {
  const plan = new Map<string | null, number>();
  for (let slot = 0; slot < limit; slot++) {
    let best: { group: DueGroup; load: number } | null = null;
    for (const g of due) {
      const given = plan.get(g.key) ?? 0;
      if (given >= g.n) continue;
      if (g.key !== null && (held.get(g.key) ?? 0) + given >= cap) continue;
      const load = (g.key === null ? 0 : (running.get(g.key) ?? 0)) + given;
      if (!best || load < best.load || (load === best.load && g.oldest < best.group.oldest)) best = { group: g, load };
    }
    if (!best) break;
    plan.set(best.group.key, (plan.get(best.group.key) ?? 0) + 1);
  }
  return plan;
}

/** Claim up to `limit` jobs shared fairly between clients (see the top of this file); oldest due first. */
export async function claimFairly(db: Queryable, store: JobStore, o: FairClaimOptions): Promise<JobRow[]> {
  if (o.kinds.length === 0 || o.limit <= 0) return [];
  const { due, running } = await queueByClient(db, o.kinds, o.now);
  const plan = shareSlots(due, running, o.held, o.limit, o.cap);
  const claimed = await Promise.all(
    [...plan].map(([key, n]) => store.claim(o.kinds, o.owner, n, o.now, o.leaseMs, o.deadlineMs, key)),
  );
  return claimed.flat().sort((a, b) => a.run_at - b.run_at || a.id - b.id);
}
