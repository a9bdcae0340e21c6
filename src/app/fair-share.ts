/**
 * Whether the workers and PDF readers are shared fairly between clients: with more than one client. One
 * client (an agency's single integration) keeps every slot and reader for itself, as the queue serves it
 * in order anyway; from the second client on, each client is held to its share, so one client's flood or
 * slow files never delay another's (jobs/fair-claim.ts, resume/isolation/read-queue.ts). The count is read
 * at most every `refreshMs`, in the background: the answer is the last one known, never a wait.
 */
import type { Queryable } from "../storage/index.ts";

// real time, not the service's clock: this is a cache's refresh (a test's frozen clock would never refresh it)
export function fairShareWhenShared(db: Queryable, refreshMs = 30_000): () => boolean {
  let clients = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading = false;
  const refresh = () => {
    reading = true;
    readAt = Date.now();
    db.query<{ n: number }, []>("SELECT count(*) AS n FROM clients")
      .get()
      .then((r) => {
        clients = Number(r?.n ?? 0);
      })
      .catch(() => {}) // the last count stands; the next call reads again
      .finally(() => {
        reading = false;
      });
  };
  return () => {
    if (!reading && Date.now() - readAt >= refreshMs) refresh();
    return clients > 1;
  };
}
