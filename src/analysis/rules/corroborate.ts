import type { RuleId } from "../types.ts";
import { PREDATES_CRITICAL_SHARE } from "./predates-repo-or-account.ts";
import type { RuleHit } from "./rule-context.ts";

/**
 * Signals no honest history has shown (GITHUB-FORENSICS.md "False positives"): future author dates,
 * one clock time of day, many identical author timestamps, random-order author dates. Only these may
 * turn a weaker rule CRITICAL. COMMIT_BURST is deliberately not one: a deliberate honest rewrite
 * measured 241 commits in one committer second with author dates over 16 months, which is a burst plus
 * a backdated split, and must stay below CRITICAL.
 */
export const STRONG_SIGNALS: ReadonlySet<RuleId> = new Set([
  "FUTURE_AUTHOR_DATE",
  "CLOCK_TIME_MONOCULTURE",
  "IDENTICAL_AUTHOR_TIMESTAMPS",
  "RANDOM_ORDER_HISTORY",
]);

/** Which other hits on the same repository make a rule CRITICAL; rules not listed keep their own severity. */
const ESCALATIONS: Partial<Record<RuleId, (hits: ReadonlyMap<RuleId, RuleHit>, self: RuleHit) => RuleId[]>> = {
  BACKDATED_SPLIT: (hits) => [...STRONG_SIGNALS].filter((r) => hits.has(r)),
  RANDOM_ORDER_HISTORY: (hits) => (hits.has("BACKDATED_SPLIT") ? ["BACKDATED_SPLIT"] : []),
  PREDATES_REPO_OR_ACCOUNT: (hits, self) =>
    Number(self.evidence.share) > PREDATES_CRITICAL_SHARE
      ? (["CLOCK_TIME_MONOCULTURE", "IDENTICAL_AUTHOR_TIMESTAMPS"] as RuleId[]).filter((r) => hits.has(r))
      : [],
};

const LABEL: Partial<Record<RuleId, string>> = {
  FUTURE_AUTHOR_DATE: "future author dates",
  CLOCK_TIME_MONOCULTURE: "one clock time of day",
  IDENTICAL_AUTHOR_TIMESTAMPS: "identical author timestamps",
  RANDOM_ORDER_HISTORY: "random-order author dates",
  BACKDATED_SPLIT: "a backdated split between author and committer dates",
};

/**
 * Applies the cross-rule severities to one repository's hits (all computed from the same evidence):
 * BACKDATED_SPLIT is CRITICAL with a strong signal, RANDOM_ORDER_HISTORY with BACKDATED_SPLIT, and
 * PREDATES_REPO_OR_ACCOUNT when over half the commits predate and a painter's signature is present.
 * Escalation looks at the hits as the rules raised them, so the order of rules does not matter.
 */
export function corroborate(hits: RuleHit[]): RuleHit[] {
  const byRule = new Map<RuleId, RuleHit>(hits.map((h) => [h.rule, h]));
  return hits.map((h) => {
    const escalate = ESCALATIONS[h.rule];
    if (!escalate || h.severity === "CRITICAL") return h;
    const because = escalate(byRule, h);
    if (because.length === 0) return h;
    const words = because.map((r) => LABEL[r] ?? r).join(", ");
    return {
      ...h,
      severity: "CRITICAL",
      message: `${h.message}; together with ${words} in the same history this is forged`,
      evidence: { ...h.evidence, corroboratedBy: because.join(",") },
    };
  });
}
