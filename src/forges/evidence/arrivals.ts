import type { GhCommit } from "../../github/index.ts";
import type { AnchoredTimes, PushEvent } from "../types.ts";

/**
 * Which push brought each commit: pushes are taken oldest first, and each claims the commits reachable
 * from its `after` through parents, stopping at its `before` and at commits an earlier push already
 * brought. Only commits whose parents are known (the listed history) can be traced; a commit no push
 * reaches keeps no arrival (its push is older than the host's records, or on another branch).
 */
export function traceArrivals(
  pushes: readonly PushEvent[],
  parentsOf: ReadonlyMap<string, readonly string[]>,
): Map<string, string> {
  const arrival = new Map<string, string>();
  const ordered = [...pushes].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  for (const p of ordered) {
    const stop = new Set<string>();
    if (p.before) {
      // everything reachable from the previous head was there before this push
      const seen: string[] = [p.before];
      while (seen.length) {
        const sha = seen.pop()!;
        if (stop.has(sha)) continue;
        stop.add(sha);
        for (const parent of parentsOf.get(sha) ?? []) seen.push(parent);
      }
    }
    const todo = [p.after];
    while (todo.length) {
      const sha = todo.pop()!;
      if (stop.has(sha) || arrival.has(sha) || !parentsOf.has(sha)) continue;
      arrival.set(sha, p.at);
      for (const parent of parentsOf.get(sha) ?? []) todo.push(parent);
    }
  }
  return arrival;
}

/**
 * A host's pushes as anchored times: the arrival of each candidate commit, and, unless a push that created
 * the branch was seen (the branch's first: nothing older can be missing), `knownSince`, before which
 * pushes are unknown.
 */
export function anchorCommits(
  source: AnchoredTimes["source"],
  pushes: PushEvent[],
  parents: ReadonlyMap<string, readonly string[]>,
  candidate: readonly GhCommit[],
  knownSince: string,
): AnchoredTimes {
  const arrival = traceArrivals(pushes, parents);
  const arrivals: Record<string, string> = {};
  for (const c of candidate) {
    const at = arrival.get(c.sha);
    if (at) arrivals[c.sha] = at;
  }
  const out: AnchoredTimes = { source, pushes, arrivals };
  if (!pushes.some((p) => p.before === null)) out.coversSince = knownSince;
  return out;
}
