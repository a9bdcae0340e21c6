import type { Queryable } from "../storage/index.ts";
import type { JobRow, JobStore } from "./job-store.ts";

/**
 * Fair claims across clients. A plain claim takes the oldest due jobs whoever queued them, so a client
 * that floods the queue (or whose jobs hold their slots long) keeps every other client waiting behind
 * its backlog. A fair claim gives each free slot, one at a time, to the client running the fewest jobs
 * right now on every replica (the running rows are in the database), the oldest due job of that client
 * first; and no client takes a worker's last free slot while it already holds `cap` of that worker's
 * slots (its share), so a client that arrives while another floods finds a slot at once. A client then waits behind
 * its own work, not in front of others'. A client's share (shareOf) is the worker's slots divided among
 * the clients with work due or running. Jobs that belong to nobody (fair_key null) are never held back.
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
  /** this worker's slots: a client holds at most its share of them (shareOf) */
  concurrency: number;
}

/**
 * A client's share of a worker's slots: the slots divided among the clients with work due or running
 * (rounded up), never every slot while others may come (all but one), never none.
 */
export function shareOf(concurrency: number, activeClients: number): number {
  return Math.max(1, Math.min(concurrency - 1, Math.ceil(concurrency / Math.max(1, activeClients))));
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
  const active = new Set([...due.map((d) => d.key), ...running.keys(), ...o.held.keys()].filter((k) => k !== null));
  const plan = shareSlots(due, running, o.held, o.limit, shareOf(o.concurrency, active.size));
  const claimed = await Promise.all(
    [...plan].map(([key, n]) => store.claim(o.kinds, o.owner, n, o.now, o.leaseMs, o.deadlineMs, key)),
  );
  return claimed.flat().sort((a, b) => a.run_at - b.run_at || a.id - b.id);
}

/** A worker's side of fair claims: whose work each of its running jobs is, and whether it held work back. */
export class WorkerShare {
  private readonly running = new Map<number, string | null>();
  /** the last claim left slots free though work was due (clients at their share): wait for a wake-up */
  heldBack = false;

  constructor(
    private readonly db: Queryable,
    private readonly store: JobStore,
    private readonly concurrency: number,
  ) {}

  started(row: JobRow): void {
    this.running.set(row.id, row.fair_key ?? null);
  }

  ended(id: number): void {
    this.running.delete(id);
  }

  async claim(o: Omit<FairClaimOptions, "held" | "concurrency">): Promise<JobRow[]> {
    const held = new Map<string, number>();
    for (const key of this.running.values()) if (key !== null) held.set(key, (held.get(key) ?? 0) + 1);
    const rows = await claimFairly(this.db, this.store, { ...o, held, concurrency: this.concurrency });
    this.heldBack = rows.length < o.limit;
    return rows;
  }
}
