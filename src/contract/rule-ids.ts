/**
 * The published rule ids, as types. Nothing here names a rule: each rule's spec file,
 * src/analysis/rules/specs/<rule-id>.ts, adds its own id to `RuleSpecOfId` by declaration merging
 * (`declare module "../../../contract/index.ts" { interface RuleSpecOfId { RULE_ID: typeof RULE_ID } }`), so
 * the ids are the directory's files and a spec file is the only place an id is written. The runtime lists
 * and their order (`FORENSIC_RULES`, `CLAIM_RULES`) are read from the same files (published-rules.ts).
 */

/** Which published list a rule belongs to, and its place there (1 for the first; the lists only grow). */
export interface Publication {
  /** `forensic`: about a repository's history; `claim`: about the resume and the matching */
  list: PublishedList;
  place: number;
}
export type PublishedList = "forensic" | "claim";

/** One member per rule id, its spec's type as the spec file declares it (the analysis reads evidence types from it). */
// biome-ignore lint/suspicious/noEmptyInterface: every member is added by a spec file's declaration merging
export interface RuleSpecOfId {}

/** Every rule id a spec file declares. */
export type RuleId = keyof RuleSpecOfId & string;

/** The ids of one published list. */
export type RuleIdOf<L extends PublishedList> = {
  [K in RuleId]: RuleSpecOfId[K] extends { published: { list: L } } ? K : never;
}[RuleId];
