import type { ImportEdge } from "./import-rules.ts";

/**
 * The import cycles among `edges` (type-only imports and re-exports count: a cycle of types is still a
 * knot a file cannot be moved out of). One cycle per strongly connected group of files, as the path
 * "a -> b -> ... -> a" through the group, starting at its first file in sorted order, so a failure names
 * the files to untie. Tarjan's algorithm, iterative over the sorted graph so the answer is deterministic.
 */
export function importCycles(edges: readonly ImportEdge[]): string[] {
  const next = new Map<string, string[]>();
  for (const { file, target } of edges) {
    next.set(file, [...(next.get(file) ?? []), target]);
    if (!next.has(target)) next.set(target, []);
  }
  for (const [k, v] of next) next.set(k, [...new Set(v)].sort());
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const root of [...next.keys()].sort()) {
    if (index.has(root)) continue;
    const work: [string, number][] = [[root, 0]];
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const [v, i] = top;
      if (i === 0) {
        index.set(v, counter);
        low.set(v, counter++);
        stack.push(v);
        onStack.add(v);
      }
      const succ = next.get(v)!;
      if (i < succ.length) {
        top[1] = i + 1;
        const w = succ[i]!;
        if (!index.has(w)) work.push([w, 0]);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(v)!));
      if (low.get(v) === index.get(v)) {
        const group: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          group.push(w);
        } while (w !== v);
        if (group.length > 1 || next.get(v)!.includes(v)) groups.push(group.sort());
      }
    }
  }
  return groups
    .map((g) => {
      const path = cyclePath(g, next);
      const rest = g.filter((f) => !path.split(" -> ").includes(f));
      return rest.length === 0 ? path : `${path} (the knot also holds ${rest.join(", ")})`;
    })
    .sort();
}

/** A shortest path from the group's first file back to itself, within the group. */
function cyclePath(group: string[], next: ReadonlyMap<string, string[]>): string {
  const inGroup = new Set(group);
  const start = group[0]!;
  const from = new Map<string, string>();
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q]!;
    for (const w of next.get(v)!) {
      if (!inGroup.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(from.get(path[0]!)!);
        return [...path, start].join(" -> ");
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return group.join(" -> ");
}
