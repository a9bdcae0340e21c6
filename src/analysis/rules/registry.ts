import { CLAIM_RULES, FORENSIC_RULES, RULES, type RuleSpecOfId } from "../../contract/index.ts";
import type { FactId, Flag, RuleId } from "../types.ts";
import type { Evidence, RepoRule } from "./rule-context.ts";
import type { EvidenceShape, HistoryRuleSpec, RuleSpec, RuleSpecs, RuleWords } from "./rule-spec.ts";
import { SPEC_MODULES } from "./spec-modules.ts";
import { specTableOf } from "./spec-table.ts";

/** Each spec's type, by its id, as its file declares it (`interface RuleSpecOfId { RULE_ID: typeof RULE_ID }`). */
type SpecTable = { [R in RuleId]: RuleSpecOfId[R] };

/**
 * The one registry of the analysis's rules: one spec per rule id, one file per spec (specs/<rule-id>.ts,
 * loaded from the directory: spec-modules.ts), checked at load to be the contract's published ids (which the
 * contract reads from the same files), and by tsc to be a `RuleSpec` each. Every table about rules (the
 * repository rules that run, the words of findings and of the glossary, the corroboration labels, the
 * fact groups) is a view of it, below.
 */
export const RULE_SPECS = specTableOf(SPEC_MODULES, {
  forensic: FORENSIC_RULES,
  claim: CLAIM_RULES,
}) as SpecTable satisfies RuleSpecs;

/** Every spec with its id, in the contract's order (the order rules were added; a stored result keeps it). */
export const ALL_RULES: readonly (RuleSpec & { id: RuleId })[] = RULES.map((id) => ({
  id,
  ...(RULE_SPECS as RuleSpecs)[id],
}));

/** The rules run on every matched repository's history, in the contract's order. */
export const HISTORY_RULES: readonly (HistoryRuleSpec & { id: RuleId })[] = ALL_RULES.filter(
  (s): s is HistoryRuleSpec & { id: RuleId } => s.scope === "history",
);

/** A rule's words. */
export function wordsOf(rule: RuleId): RuleWords {
  return (RULE_SPECS as RuleSpecs)[rule].words;
}

/** The rules whose flags can be grouped under `fact`. */
export function rulesOfFact(fact: FactId): ReadonlySet<RuleId> {
  return new Set(ALL_RULES.filter((s) => s.facts?.includes(fact)).map((s) => s.id));
}

type SpecOf<R extends RuleId> = SpecTable[R];

/**
 * A rule's evidence shape: its function's (a history rule), or its spec's `evidence` (a flag the flow
 * raises). Readers of a key go through it, so renaming a key in a rule fails to compile where it is read.
 */
export type EvidenceOf<R extends RuleId> =
  SpecOf<R> extends { run: RepoRule<infer E> }
    ? E
    : SpecOf<R> extends { evidence: EvidenceShape<infer E> }
      ? E
      : Record<never, never>;

/** Evidence keys several rules share, read across rules: the extent rule's share and cap, and escalation's cause. */
export interface SharedEvidence {
  /** the share of the claim's history the flag discredits (the extent rule, confidence-score.ts) */
  extent?: number;
  /** the share of the history that may still be credited (a mostly copied repository) */
  creditCap?: number;
  /** the rules whose hits made this one CRITICAL (corroborate.ts) */
  corroboratedBy?: string;
}

/** A flag the analysis raises for `rule`, its evidence in the rule's shape. */
export type FlagOf<R extends RuleId> = Omit<Flag, "rule" | "evidence"> & {
  rule: R;
  evidence?: EvidenceOf<R> & SharedEvidence;
};

/** Every flag the analysis's flow raises goes through here: the rule's id decides its evidence's type. */
export function raise<R extends RuleId>(flag: FlagOf<R>): Flag {
  return flag as Flag;
}

/** The evidence of a flag or a hit of `rule`, by the rule's keys (undefined for another rule's); a stored result may lack a key. */
export function evidenceOf<R extends RuleId>(
  flag: { rule: RuleId; evidence?: Evidence } | undefined,
  rule: R,
): Partial<EvidenceOf<R>> | undefined {
  return flag?.rule === rule ? (flag.evidence as Partial<EvidenceOf<R>> | undefined) : undefined;
}

/** The keys several rules share (SharedEvidence) of any flag. */
export function sharedEvidence(flag: { evidence?: Evidence }): SharedEvidence {
  return (flag.evidence ?? {}) as SharedEvidence;
}
