/**
 * Search verdicts remembered per key, oldest forgotten first past `max`. A copy's original, or the
 * repository a root commit came from, is older than the repository checked, so a verdict keyed by what it
 * was computed from (head tree, root SHA) never changes: a re-verification spends no search call (GitHub
 * allows 30 a minute; clients space them 2 s apart).
 *
 * A verdict being computed is shared too: concurrent verifications of one candidate wait for the one
 * search in flight instead of queueing their own behind the process-wide spacing (each would hold a worker
 * slot while it waits). A search that fails is not remembered: the next caller searches again.
 */
export function searchMemo<T>(max = 1000) {
  const memo = new Map<string, T | null>();
  const inFlight = new Map<string, Promise<T | undefined>>();
  return async (key: string, compute: () => Promise<T | undefined>): Promise<T | undefined> => {
    if (memo.has(key)) return memo.get(key) ?? undefined;
    const running = inFlight.get(key);
    if (running) return running;
    const search = compute().then((found) => {
      if (memo.size >= max) memo.delete(memo.keys().next().value!);
      memo.set(key, found ?? null);
      return found;
    });
    inFlight.set(key, search);
    try {
      return await search;
    } finally {
      inFlight.delete(key);
    }
  };
}
