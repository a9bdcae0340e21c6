/**
 * The held-back slice of the real-resume corpus: files that extraction rules are never developed
 * against, so that the benchmark can report a figure on files nobody tuned for beside the one on
 * files that were looked at.
 *
 * The rule is fixed and does not depend on any result: among the files of the newest batch, order
 * them by the SHA-256 hex digest of their file name and keep the first HELD_BACK_COUNT. The bench
 * prints only counts for these files (never the names missed or extra) unless `--show-held-out`.
 */
import { createHash } from "node:crypto";

export const HELD_BACK_BATCH = 3;
export const HELD_BACK_COUNT = 8;

interface CorpusEntry {
  file: string;
  batch?: number;
}

function digest(file: string): string {
  return createHash("sha256").update(file).digest("hex");
}

/** The file names of the held-back slice of a corpus manifest. */
export function heldBackFiles(manifest: readonly CorpusEntry[]): Set<string> {
  const candidates = manifest.filter((e) => (e.batch ?? 1) === HELD_BACK_BATCH).map((e) => e.file);
  candidates.sort((a, b) => (digest(a) < digest(b) ? -1 : digest(a) > digest(b) ? 1 : 0));
  return new Set(candidates.slice(0, HELD_BACK_COUNT));
}
