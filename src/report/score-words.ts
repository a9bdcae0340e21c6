import { glossaryEntry } from "./glossary.ts";
import { decimal } from "./plain-words.ts";
import type { ScoreExplanation } from "./report-model.ts";
import type { StoredBreakdown } from "./stored-result.ts";

export const SCORE_SUMMARY =
  "Each claimed project earns a credit from 0 to 1: how surely it matched a repository (the strength), times how " +
  "much of the candidate's own work is in it (the activity, rising with the number of commits), times how far the " +
  "findings on it leave its history credible. The evidence is the weighted average of the credits, as a " +
  "percentage (a project without a public repository or link counts half). Findings against the whole resume take " +
  "points off; the score is the evidence less those points, from 0 to 100.";

/** The score's arithmetic in words, from the stored breakdown. */
export function explainScore(b: StoredBreakdown): ScoreExplanation {
  return {
    score: b.score,
    evidence: b.evidence,
    penaltyTotal: b.penaltyTotal,
    summary: SCORE_SUMMARY,
    formula: b.formula ?? "",
    claims: b.claims.map(
      (c) =>
        `${c.name}: ${c.matchStrength ? `${c.matchStrength} match ${decimal(c.strengthWeight)}` : "no repository 0"} x activity ${decimal(c.activityFactor)} x credibility ${decimal(c.credibility)} = credit ${decimal(c.credit)}${c.extentCapped ? " (at most 0.5: a finding discredits most of its history)" : ""}${c.weight !== 1 ? `, counted at weight ${decimal(c.weight)}` : ""}`,
    ),
    penalties: b.penalties.map(
      (p) =>
        `-${p.points} points: ${glossaryEntry(p.rule).title} (${p.severity}${p.repo ? `, github.com/${p.repo}` : ""})`,
    ),
  };
}
