/**
 * How long a PDF reader child lives: the pool holds what the work needs, not what it once needed.
 *
 * - After a document, a child is replaced when it read an expensive document at the lowest CPU priority
 *   (it cannot raise its priority again), when it is old (a bound on slow leaks), or when its resident
 *   memory is above the recycle mark (it kept memory from an unusual document). The replacement starts
 *   when the next document needs a reader, so no document waits on a retirement.
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

/** Whether a child that just answered is replaced rather than kept (rssBytes null: unknown here). */
export function replaceAfterDocument(c: ReaderLife, rssBytes: number | null, limits: RecycleLimits): boolean {
  if (c.lowered || c.jobs >= limits.maxJobs) return true;
  const markMb = Math.min(limits.recycleAboveMb, limits.maxMemoryMb / 2);
  return rssBytes !== null && rssBytes > markMb * MB;
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
