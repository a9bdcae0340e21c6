/**
 * Search verdicts remembered per key, oldest forgotten first past `max`. A copy's original, or the
 * repository a root commit came from, is older than the repository checked, so a verdict keyed by what it
 * was computed from (head tree, root SHA) never changes: a re-verification spends no search call (GitHub
 * allows 30 a minute; clients space them 2 s apart).
 */
export function searchMemo<T>(max = 1000) {
  const memo = new Map<string, T | null>();
  return async (key: string, compute: () => Promise<T | undefined>): Promise<T | undefined> => {
    if (memo.has(key)) return memo.get(key) ?? undefined;
    const found = await compute();
    if (memo.size >= max) memo.delete(memo.keys().next().value!);
    memo.set(key, found ?? null);
    return found;
  };
}
