/**
 * Leave-one-out scoring for the extraction benchmark: the files of one slice (a language, a layout
 * family) beside the rest, so that a rule that only knows what it was shown shows as a gap between
 * the two. The extractor learns nothing by itself; "left out" means the slice's files are treated as
 * held out while the rest is what rules may be developed on (the bench never prints the names missed
 * in a left-out slice). Pure; kept beside bench-groups.ts, apart from the extractor it measures.
 */
import { addScore, emptyTotals, type GroupTotals } from "./bench-groups.ts";
import type { FileScore } from "./bench-scoring.ts";

export type SliceKey = "language" | "layout";

export interface SlicedEntry {
  template?: { family?: string | null; lang?: string | null };
}

export interface LeaveOut {
  key: SliceKey;
  value: string;
}

/** Parse "language=pt" or "layout=label-column"; a clear error for anything else. */
export function parseLeaveOut(arg: string): LeaveOut {
  const m = /^(language|layout)=([\w-]+)$/.exec(arg);
  if (!m) throw new Error(`--leave-out takes language=<code> or layout=<family>, or "all"; got "${arg}"`);
  return { key: m[1] as SliceKey, value: m[2]! };
}

/** The entry's value for a slice key: its language code, or its layout family (structure). */
export function sliceValue(entry: SlicedEntry, key: SliceKey): string | null {
  return (key === "language" ? entry.template?.lang : entry.template?.family) ?? null;
}

export function inSlice(entry: SlicedEntry, slice: LeaveOut): boolean {
  return sliceValue(entry, slice.key) === slice.value;
}

/** Totals of the left-out slice and of the rest. */
export function leaveOneOut<E extends SlicedEntry>(
  scored: Array<{ entry: E; score: FileScore; negative: boolean }>,
  slice: LeaveOut,
): { left: GroupTotals; rest: GroupTotals } {
  const left = emptyTotals();
  const rest = emptyTotals();
  for (const s of scored) addScore(inSlice(s.entry, slice) ? left : rest, s.score, s.negative);
  return { left, rest };
}

/** Every slice the manifest has: each language, then each layout family, sorted. */
export function everySlice(entries: SlicedEntry[]): LeaveOut[] {
  const out: LeaveOut[] = [];
  for (const key of ["language", "layout"] as const) {
    const values = new Set(entries.map((e) => sliceValue(e, key)).filter((v): v is string => Boolean(v)));
    for (const value of [...values].sort()) out.push({ key, value });
  }
  return out;
}
