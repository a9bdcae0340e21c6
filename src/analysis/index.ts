/**
 * The analysis module's public surface: what other modules of src/ import from it (never the files behind it).
 * The analysis and its rule registry (every rule's spec module) are evaluated on first use, not when this
 * surface is imported: a server starts without them and loads them with its first verification or report.
 */
// Evaluated here, as an ES module, before anything below is required: the contract expands a Bun macro, and a
// macro expanded beneath require() waits forever on the module loader (oven-sh/bun#42778, open in 1.4.5).
import "../contract/index.ts";
import { onFirstUse } from "../lib/index.ts";
import type * as Registry from "./rules/registry.ts";
import type * as Run from "./run-analysis.ts";

const registry = onFirstUse(() => require("./rules/registry.ts") as typeof Registry);
const analysis = onFirstUse(() => require("./run-analysis.ts") as typeof Run);

export { reportText } from "./report-text.ts";
/** Every rule, in the registry's order (the registry is loaded by the first call). */
export const allRules = (): typeof Registry.ALL_RULES => registry().ALL_RULES;
export const wordsOf: typeof Registry.wordsOf = (rule) => registry().wordsOf(rule);
export type { RuleScope, RuleSpec, RuleWords } from "./rules/rule-spec.ts";
export const runAnalysis: typeof Run.runAnalysis = (...args) => analysis().runAnalysis(...args);
export type { RuleId } from "./types.ts";
export { AnalysisFailure } from "./types.ts";
export { verdictOf } from "./verdict.ts";
