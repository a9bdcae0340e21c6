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
 * A client's documents thus wait behind its own, never in front of another client's.
 */

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
