import type { RuleId } from "../types.ts";
import { FUTURE_CRITICAL_MIN } from "./future-author-date.ts";
import { PREDATES_CRITICAL_SHARE } from "./predates-repo-or-account.ts";
import { evidenceOf, wordsOf } from "./registry.ts";
import type { Evidence, RuleHit } from "./rule-context.ts";

/**
 * Signals no honest history has shown (docs/analysis.md, "Corroboration"): future author dates,
 * one clock time of day (once corroborated, below), many identical author timestamps, random-order author
 * dates. Only these may turn a weaker rule CRITICAL. COMMIT_BURST is deliberately not one: a deliberate
 * honest rewrite measured 241 commits in one committer second with author dates over 16 months, which is
 * a burst plus a backdated split, and must stay below CRITICAL.
 */
export const STRONG_SIGNALS: ReadonlySet<RuleId> = new Set([
  "FUTURE_AUTHOR_DATE",
  "CLOCK_TIME_MONOCULTURE",
  "IDENTICAL_AUTHOR_TIMESTAMPS",
  "RANDOM_ORDER_HISTORY",
  "ANACHRONISTIC_EVIDENCE",
]);

/**
 * Padding: what a painting script adds that real work never does (empty or trivial one-file commits,
 * repeated or timestamp messages, dates before the repository, dates in the future). Regularity of the
 * hour of day is a habit on its own (people commit after a daily event), and dates set by hand to the
 * second are what a log dated to its days shows: each means painting only beside padding, and the two
 * never corroborate each other alone.
 */
export const PADDING: ReadonlySet<RuleId> = new Set([
  "TRIVIAL_CHURN",
  "REPEATED_OR_TIMESTAMP_MESSAGES",
  "PREDATES_REPO_OR_ACCOUNT",
  "UNANCHORED_HISTORY",
  "FUTURE_AUTHOR_DATE",
  "PUSHED_LONG_AFTER_DATES",
  "PADDED_ACTIVITY",
]);

/**
 * A scheduled job's own signature: its commits are trivial changes to the same files under a few message
 * templates. When a job on a clock made most of the history (AUTOMATED_COMMITS), that signature is the job's,
 * already named: it explains the regularity instead of corroborating it. Only padding a job never makes
 * (dates before the repository, dates in the future, commits that reached the host long after their dates)
 * still turns its clock into forgery.
 */
export const JOB_SIGNATURE: ReadonlySet<RuleId> = new Set(["TRIVIAL_CHURN", "REPEATED_OR_TIMESTAMP_MESSAGES"]);
/** A job explains the history's regularity when its commits are at least this share of it. */
export const JOB_EXPLAINS_SHARE = 0.5;

/** True when AUTOMATED_COMMITS names a job on a clock (or in runs) that made most of the history. */
export function jobExplainsHistory(automated: { rule: RuleId; evidence?: Evidence } | undefined): boolean {
  const e = evidenceOf(automated, "AUTOMATED_COMMITS");
  if (!e) return false;
  const job = Number(e.automatedCommits);
  const total = job + Number(e.humanCommits);
  return Number(e.onClock) + Number(e.inRuns ?? 0) > 0 && total > 0 && job >= JOB_EXPLAINS_SHARE * total;
}

/**
 * Evidence that does not depend on the clock: what the commits contain and say. Future author dates gain
 * a candidate nothing, so they are CRITICAL only beside one of these (a painter's padding), never beside
 * other date anomalies alone.
 */
export const CLOCK_INDEPENDENT: ReadonlySet<RuleId> = new Set([
  "TRIVIAL_CHURN",
  "REPEATED_OR_TIMESTAMP_MESSAGES",
  "PADDED_ACTIVITY",
]);

type Hits = ReadonlyMap<RuleId, RuleHit>;
/**
 * Traces that cannot exist at their dates, independent of the clock and of moving a repository
 * (anachronistic-evidence.ts): they corroborate every date rule. GitHub-made commits before the repository
 * alone do not (a history moved from another GitHub repository keeps its merges).
 */
const independentTraces = (hits: Hits) =>
  Number(evidenceOf(hits.get("ANACHRONISTIC_EVIDENCE"), "ANACHRONISTIC_EVIDENCE")?.independent ?? 0) > 0;
const TRACES: RuleId[] = ["ANACHRONISTIC_EVIDENCE"];
/** A hit that counts as evidence for escalation: padding at WARNING or above (an INFO note is not padding). */
const weighs = (h: RuleHit | undefined) => h !== undefined && h.severity !== "INFO";
/** A strong signal present; the regularity and the set dates only once corroborated into a CRITICAL. */
const strong = (hits: Hits, r: RuleId) =>
  r === "CLOCK_TIME_MONOCULTURE" || r === "IDENTICAL_AUTHOR_TIMESTAMPS"
    ? hits.get(r)?.severity === "CRITICAL"
    : r === "ANACHRONISTIC_EVIDENCE"
      ? independentTraces(hits)
      : hits.has(r);

/** Which other hits on the same repository make a rule CRITICAL; rules not listed keep their own severity. */
const ESCALATIONS: Partial<Record<RuleId, (hits: Hits, self: RuleHit) => RuleId[]>> = {
  FUTURE_AUTHOR_DATE: (hits, self) =>
    Number(self.evidence.futureCommits) >= FUTURE_CRITICAL_MIN
      ? [...CLOCK_INDEPENDENT].filter((r) => weighs(hits.get(r)))
      : [],
  BACKDATED_SPLIT: (hits) => [...STRONG_SIGNALS].filter((r) => strong(hits, r)),
  RANDOM_ORDER_HISTORY: (hits) => (hits.has("BACKDATED_SPLIT") ? ["BACKDATED_SPLIT"] : []),
  // over half the history predating the repository, with one clock time or identical author timestamps
  // (or any share, beside traces that carry their own time)
  PREDATES_REPO_OR_ACCOUNT: (hits, self) =>
    independentTraces(hits)
      ? TRACES
      : Number(evidenceOf(self, "PREDATES_REPO_OR_ACCOUNT")?.share) > PREDATES_CRITICAL_SHARE
        ? (["CLOCK_TIME_MONOCULTURE", "IDENTICAL_AUTHOR_TIMESTAMPS"] as RuleId[]).filter((r) =>
            r === "IDENTICAL_AUTHOR_TIMESTAMPS" ? hits.has(r) : strong(hits, r),
          )
        : [],
  // dates nothing confirms, contradicted by traces that carry their own time
  UNANCHORED_HISTORY: (hits, self) => (self.severity === "WARNING" && independentTraces(hits) ? TRACES : []),
  // dates the server's own push times contradict, over most of the history, beside a painter's signature
  PUSHED_LONG_AFTER_DATES: (hits, self) =>
    independentTraces(hits)
      ? TRACES
      : Number(evidenceOf(self, "PUSHED_LONG_AFTER_DATES")?.share) > PREDATES_CRITICAL_SHARE
        ? (["CLOCK_TIME_MONOCULTURE", "IDENTICAL_AUTHOR_TIMESTAMPS"] as RuleId[]).filter((r) =>
            r === "IDENTICAL_AUTHOR_TIMESTAMPS" ? hits.has(r) : strong(hits, r),
          )
        : [],
};

function escalate(h: RuleHit, because: RuleId[]): RuleHit {
  const words = because.map((r) => wordsOf(r).label ?? r).join(", ");
  return {
    ...h,
    severity: "CRITICAL",
    message: `${h.message}; together with ${words} in the same history this is forged`,
    evidence: { ...h.evidence, corroboratedBy: because.join(",") },
  };
}

/**
 * Applies the cross-rule severities to one repository's hits (all computed from the same evidence). First
 * the hour-of-day regularity (CLOCK_TIME_MONOCULTURE raised as an INFO observation) and dates set by a tool
 * or by hand (IDENTICAL_AUTHOR_TIMESTAMPS with `setDates`) become CRITICAL only with padding beside them
 * (one clock time to the second corroborates set dates). Then BACKDATED_SPLIT is CRITICAL with a strong signal, RANDOM_ORDER_HISTORY with
 * BACKDATED_SPLIT, and PREDATES_REPO_OR_ACCOUNT (or PUSHED_LONG_AFTER_DATES) when over half the commits
 * predate the repository (or arrived long after their dates) and a painter's signature is present. Escalation looks at the hits as the rules raised them (the regularity as
 * corroborated), so the order of rules does not matter.
 */
export function corroborate(hits: RuleHit[]): RuleHit[] {
  const raised = new Map<RuleId, RuleHit>(hits.map((h) => [h.rule, h]));
  const padding = [...PADDING].filter((r) => weighs(raised.get(r)));
  // a job's clock is explained by the job: only padding a job never makes corroborates it
  const explained = jobExplainsHistory(raised.get("AUTOMATED_COMMITS"));
  const clockPadding = explained ? padding.filter((r) => !JOB_SIGNATURE.has(r)) : padding;
  const clock = raised.get("CLOCK_TIME_MONOCULTURE");
  const stamps = raised.get("IDENTICAL_AUTHOR_TIMESTAMPS");
  // each is corroborated by the padding beside it, never by the other alone
  if (clock && clock.severity !== "CRITICAL" && clockPadding.length > 0)
    raised.set("CLOCK_TIME_MONOCULTURE", escalate(clock, clockPadding));
  if (stamps && stamps.severity !== "CRITICAL" && evidenceOf(stamps, "IDENTICAL_AUTHOR_TIMESTAMPS")?.setDates === 1) {
    // one clock time to the second (a script's date, CRITICAL on its own) corroborates set dates too
    const by = [...padding, ...(clock?.severity === "CRITICAL" ? (["CLOCK_TIME_MONOCULTURE"] as RuleId[]) : [])];
    if (by.length > 0) raised.set("IDENTICAL_AUTHOR_TIMESTAMPS", escalate(stamps, by));
  }
  const first = hits.map((h) => raised.get(h.rule) ?? h);
  return first.map((h) => {
    const rule = ESCALATIONS[h.rule];
    if (!rule || h.severity === "CRITICAL") return h;
    const because = rule(raised, h);
    return because.length === 0 ? h : escalate(h, because);
  });
}
