/**
 * How long a PDF reader child lives: the pool holds what the work needs, not what it once needed.
 *
 * - After a document, a child is replaced when it read an expensive document at the lowest CPU priority
 *   (it cannot raise its priority again), when it is old (a bound on slow leaks), or when its resident
 *   memory stays above the recycle mark once it has collected its garbage (it kept memory from an unusual
 *   document). Resident memory right after a document is mostly that document's garbage: judged then, a
 *   warm child was replaced after about one document in a hundred, and its replacement cost the next
 *   document a cold start and the next hundred a cold JIT. The replacement starts when the next document
 *   needs a reader, so no document waits on a retirement.
 * - An idle child beyond the one the pool keeps warm exits after the spare period; the last one after
 *   the idle period. The reader kept is the one that read the most (its JIT is the warmest).
 */

const MB = 1024 * 1024;

export interface ReaderLife {
  dead: boolean;
  /** documents read so far */
  jobs: number;
  /** retired after its document: it read an expensive one at the lowest priority */
  lowered?: boolean;
}

export interface RecycleLimits {
  maxJobs: number;
  /** the recycle mark, MB */
  recycleAboveMb: number;
  /** the document's memory budget, MB: a child above half of it is replaced whatever the mark */
  maxMemoryMb: number;
}

/**
 * What becomes of a child that just answered a document (rssBytes null: its memory is unknown here):
 * - "replace": it read an expensive document at the lowest priority, or it is old;
 * - "collect": it is above the recycle mark, which may be garbage not yet collected; the child collects
 *   and is replaced only if it stays above the mark (`staysAboveMark`);
 * - "keep": anything else.
 */
export function afterDocument(
  c: ReaderLife,
  rssBytes: number | null,
  limits: RecycleLimits,
): "replace" | "collect" | "keep" {
  if (c.lowered || c.jobs >= limits.maxJobs) return "replace";
  return staysAboveMark(rssBytes, limits) ? "collect" : "keep";
}

/** The recycle mark in bytes: the configured mark, never above half the document's memory budget. */
export function recycleMarkBytes(limits: Pick<RecycleLimits, "recycleAboveMb" | "maxMemoryMb">): number {
  return Math.min(limits.recycleAboveMb, limits.maxMemoryMb / 2) * MB;
}

/** Whether a child holding `rssBytes` is above the recycle mark (null, unknown: it is not). */
export function staysAboveMark(
  rssBytes: number | null,
  limits: Pick<RecycleLimits, "recycleAboveMb" | "maxMemoryMb">,
): boolean {
  return rssBytes !== null && rssBytes > recycleMarkBytes(limits);
}

/**
 * Whether the idle child `c` is spare: another live reader that will stay (not retired after its
 * document) has read at least as many documents. Of two idle readers the first whose period ends goes.
 */
export function isSpare<R extends ReaderLife>(c: R, readers: Iterable<R>): boolean {
  for (const o of readers) if (o !== c && !o.dead && !o.lowered && o.jobs >= c.jobs) return true;
  return false;
}

/** The next idle deadline of a child idle for `idleForMs`: check again after the spare period, up to the idle one. */
export function nextIdleCheckMs(idleForMs: number, spareIdleMs: number, idleMs: number): number {
  return Math.max(0, Math.min(spareIdleMs, idleMs - idleForMs));
}
