/** The analysis module's public surface: what other modules of src/ import from it (never the files behind it). */
export { reportText } from "./report-text.ts";
export { AnalysisFailure, runAnalysis } from "./run-analysis.ts";
export type { RuleId } from "./types.ts";
export { verdictOf } from "./verdict.ts";
