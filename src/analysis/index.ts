/** The analysis domain's public surface: what other parts of src/ may import from it. */
export { reportText } from "./report-text.ts";
export { AnalysisFailure, runAnalysis } from "./run-analysis.ts";
export type { RuleId } from "./types.ts";
export { verdictOf } from "./verdict.ts";
