/**
 * Which waiting PDF takes the next free reader. First in, first out would let one client's files (many,
 * or slow to read) hold every reader while other clients' ordinary resumes wait behind them. Instead:
 *
 * - a document estimated expensive (read-cost.ts) never makes every reader busy with expensive
 *   documents: with two readers or more, at least one stays for ordinary ones;
 * - while readers are shared between clients (`shared`), one client holds at most all readers but one,
 *   so another client's resume finds a reader at once;
 * - among the documents that may go, the one of the client reading the fewest documents right now goes
 *   first; between equals, the one waiting longest.
 *
 * - an expensive document is read by a reader of its own when there is room (readerFor), never by a
 *   warm one an ordinary resume could use: a reader that ran out of time is killed, and its replacement
 *   starts cold (seconds on a busy machine), so ordinary resumes keep to the warm readers;
 * - an expensive document is read at the lowest CPU priority (its reader is retired after it, since a
 *   process cannot raise its priority again), so on a busy machine it takes the CPU others leave.
 *
 * A client's documents thus wait behind its own, never in front of another client's.
 */
import { setPriority } from "node:os";

/** Give a reader the lowest CPU priority (nice 19); false when the system refuses. */
export function lowerPriority(pid: number): boolean {
  try {
    setPriority(pid, 19);
    return true;
  } catch {
    return false;
  }
}

export interface ReadRequest {
  /** whose document it is (a client's id); null: nobody's, read in order */
  tenant: string | null;
  /** estimated expensive to read (read-cost.ts): a smaller budget, and never every reader */
  expensive: boolean;
  /** readers are shared between clients: hold this client to all readers but one */
  shared: boolean;
}

/** The index in `waiting` (oldest first) of the document to read next, or -1 when none may start now. */
export function nextRead(waiting: readonly ReadRequest[], reading: readonly ReadRequest[], readers: number): number {
  if (reading.length >= readers) return -1;
  const byTenant = new Map<string | null, number>();
  for (const r of reading) byTenant.set(r.tenant, (byTenant.get(r.tenant) ?? 0) + 1);
  const expensiveReading = reading.filter((r) => r.expensive).length;
  const share = Math.max(1, readers - 1);
  let best = -1;
  let bestLoad = Number.POSITIVE_INFINITY;
  for (let i = 0; i < waiting.length; i++) {
    const w = waiting[i]!;
    if (w.expensive && readers >= 2 && expensiveReading >= readers - 1) continue;
    const load = byTenant.get(w.tenant) ?? 0;
    if (w.shared && w.tenant !== null && load >= share) continue;
    if (load < bestLoad) {
      best = i;
      bestLoad = load;
    }
  }
  return best;
}

interface Reader {
  dead: boolean;
  job: unknown;
  /** documents read so far: 0 is a cold reader (its first read is slow: it loads and compiles the reader) */
  jobs: number;
  /** when its current read began (the pool's clock, ms) */
  since?: number;
}

/** What waiting for a busy warm reader is weighed against: a cold start, as long as it was last seen to take. */
export interface ColdStart {
  now: number;
  coldStartMs: number;
}

/** The warm readers busy with an ordinary document: the ones an ordinary document may wait for. */
function warmBusy<R extends Reader>(readers: readonly R[]): R[] {
  return readers.filter((r) => !r.dead && r.job && r.jobs > 0 && !(r.job as ReadRequest).expensive);
}

/**
 * The reader for the document `next`: an expensive one gets a new reader when there is room (else any
 * idle one); an ordinary one a warm idle reader, else waits for a warm busy one rather than take a cold
 * reader (whose first read is much slower than the wait), else any idle one, else a new one. The wait
 * lasts while a busy warm reader could still finish sooner than a cold start (`cold`): a document that
 * holds the only warm reader longer (slow or hostile, though not priced expensive) then gets a reader of
 * its own next to it. "spawn": start one; null: none now (pump runs again when a read ends, or when the
 * wait stops paying: waitEndsInMs).
 */
export function readerFor<R extends Reader>(
  next: ReadRequest,
  readers: readonly R[],
  max: number,
  cold?: ColdStart,
): R | "spawn" | null {
  const live = readers.filter((r) => !r.dead);
  const idle = live.filter((r) => !r.job);
  const room = live.length < max;
  if (next.expensive) return room ? "spawn" : (idle[0] ?? null);
  const warm = idle.find((r) => r.jobs > 0);
  if (warm) return warm;
  const busy = warmBusy(live);
  if (busy.length > 0 && (!cold || busy.some((r) => cold.now - (r.since ?? cold.now) < cold.coldStartMs))) return null;
  return idle[0] ?? (room ? "spawn" : null);
}

/** In how many ms waiting for the busy warm readers stops paying (null: there are none to wait for). */
export function waitEndsInMs(readers: readonly Reader[], cold: ColdStart): number | null {
  const ends = warmBusy(readers).map((r) => (r.since ?? cold.now) + cold.coldStartMs - cold.now);
  return ends.length === 0 ? null : Math.max(0, Math.min(...ends));
}
