/** The analysis module's public surface: what other modules of src/ import from it (never the files behind it). */
export { reportText } from "./report-text.ts";
export { ALL_RULES, wordsOf } from "./rules/registry.ts";
export type { RuleScope, RuleSpec, RuleWords } from "./rules/rule-spec.ts";
export { AnalysisFailure, runAnalysis } from "./run-analysis.ts";
export type { RuleId } from "./types.ts";
export { verdictOf } from "./verdict.ts";
