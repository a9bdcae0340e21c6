/**
 * The verdict word shown beside a confidence score, for people reading a report: a band of the score,
 * except that any CRITICAL flag (evidence against a claim: a forged or copied history) makes it
 * "contradicted" whatever the number. The score itself is held at 69 when half or more of the claim weight
 * is discredited (confidence-score.ts), so such a candidate reads "mixed" at most. docs/analysis.md
 * documents the bands next to the score formula.
 */
export type Verdict = "strong" | "mixed" | "weak" | "contradicted";

/** Lowest score of each band (honest histories score 70 or more in the labelled suite, forgeries 40 or less). */
export const VERDICT_BANDS = { strong: 70, mixed: 41 } as const;

export function verdictOf(score: number, flags: ReadonlyArray<{ severity?: unknown }>): Verdict {
  if (flags.some((f) => f.severity === "CRITICAL")) return "contradicted";
  if (score >= VERDICT_BANDS.strong) return "strong";
  if (score >= VERDICT_BANDS.mixed) return "mixed";
  return "weak";
}

export const VERDICT_MEANING: Record<Verdict, string> = {
  strong: "the claims are backed by the candidate's own work",
  mixed: "some claims are backed, others are weak, unverified or discredited",
  weak: "little of what the resume claims could be verified",
  contradicted: "the evidence contradicts a claim (a CRITICAL flag)",
};
