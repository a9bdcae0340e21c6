import type { MatchBasis, MatchStrength } from "./types.ts";

/** This many of the candidate's own commits is substantial work whatever the repository's size. */
export const SUBSTANTIAL_COMMITS = 20;
/** Or the candidate wrote at least this share of the history ... */
export const MAJORITY_SHARE = 0.5;
/** ... with at least this many commits (one bulk commit is not a record of work). */
export const MIN_MAJORITY_COMMITS = 3;

export interface StrengthInput {
  basis: MatchBasis;
  /** the candidate's counted commits */
  commits: number;
  /** all commits on the default branch (any author) */
  totalCommits: number;
  /** FORK_AS_OWN fired: the fork holds little of the candidate's own work */
  forkWithoutOwnWork: boolean;
  /** BULK_DUMP fired and the whole history spans under two days */
  shortBulkDump: boolean;
  /** a CRITICAL flag says the history is forged: its commits are not real work */
  forgedHistory: boolean;
  /** a flag discredits most of the history (the extent rule, confidence-score.ts): never HIGH */
  mostlyDiscredited?: boolean;
}

/**
 * matchStrength, the documented rule. A tie is strong when the resume links the repository or names it
 * exactly (normalized name or homepage), weak when only description/topics fit. Work is substantial with
 * 20+ own commits, or with 3+ commits making at least half the history.
 *   HIGH   = strong tie and substantial work
 *   MEDIUM = strong tie and some work (1+ commits), or weak tie and substantial work
 *   LOW    = anything else matched: no own commits, a weak tie with little work, a fork without own work
 *            (FORK_AS_OWN), a history that is one bulk commit spanning under two days (BULK_DUMP), or a
 *            history with a CRITICAL flag (forged commits are not work, however many there are).
 *   and never HIGH when a flag discredits most of the history (unanchored, one dump, a copy): MEDIUM.
 */
export function matchStrength(input: StrengthInput): MatchStrength {
  if (input.commits <= 0 || input.forkWithoutOwnWork || input.shortBulkDump || input.forgedHistory) return "LOW";
  const share = input.commits / Math.max(1, input.totalCommits);
  const substantial =
    input.commits >= SUBSTANTIAL_COMMITS || (share >= MAJORITY_SHARE && input.commits >= MIN_MAJORITY_COMMITS);
  const strongTie = input.basis !== "fuzzy";
  if (strongTie && substantial) return input.mostlyDiscredited ? "MEDIUM" : "HIGH";
  if (strongTie || substantial) return "MEDIUM";
  return "LOW";
}
