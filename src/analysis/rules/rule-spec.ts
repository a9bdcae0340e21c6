import type { Publication } from "../../contract/index.ts";
import type { EvidenceKind } from "../../forges/index.ts";
import type { FactId, RuleId } from "../types.ts";
import type { Evidence, RepoRule } from "./rule-context.ts";

/** A rule in words: the recruiter's glossary entry, the finding's words and the corroboration label. */
export interface RuleWords {
  /** a short name for the finding, in plain words (the glossary's title) */
  title: string;
  /** what the rule looks at and what its finding means */
  meaning: string;
  /** how an honest candidate's work can produce the same finding, for the recruiter */
  innocent: string;
  /** a question to ask the candidate about it */
  ask: string;
  /** the innocent reading of a finding of this flag alone, in one line (what an honest history with it usually is) */
  reading: string;
  /** the title of a finding of this flag alone; the id in words when unsaid */
  findingTitle?: string;
  /** how an escalated flag names this rule among the signs that corroborate it; the id when unsaid */
  label?: string;
}

/**
 * Where a rule looks, and so who raises its flag:
 * - `history`: a pure function of one repository's evidence (`run`), run by judgeRepository on every
 *   matched repository, told which of the evidence it `needs` the host does not give;
 * - `repository`: about a matched repository as a whole (empty, unreadable, none of the candidate's commits),
 *   raised by the repository's verdict;
 * - `account`: the resume's dates against a host account's age, raised once per account;
 * - `resume`: the resume's own links, profiles and text, raised while claims are matched.
 */
export type RuleScope = "history" | "repository" | "account" | "resume";

interface SpecBase {
  /**
   * where its id is published, written as a literal (`published: { list: "forensic", place: 22 }`: the
   * contract reads it from the file's text): the next place of its list, never changed once published
   */
  published: Publication;
  /** the facts a flag of this rule can be grouped under (findings.ts decides which one applies) */
  facts?: readonly FactId[];
  words: RuleWords;
}

/** A rule over one repository's history: its function and the host evidence it reads. */
export interface HistoryRuleSpec extends SpecBase {
  scope: "history";
  run: RepoRule;
  /** the evidence it reads beyond the commits every host lists */
  needs?: readonly EvidenceKind[];
}

/** A rule whose flag is raised by the analysis's flow (the verdict, the account check, the claim flags). */
export interface RaisedRuleSpec extends SpecBase {
  scope: Exclude<RuleScope, "history">;
  /** the keys and types of its flag's evidence (a history rule's come from its function's type) */
  evidence?: EvidenceShape<Evidence>;
}

/** An evidence shape as a spec declares it: a type only (`shapeOf<{ passages: number }>()`). */
export interface EvidenceShape<E extends Evidence> {
  readonly shape?: E;
}
export const shapeOf = <E extends Evidence>(): EvidenceShape<E> => ({});

export type RuleSpec = HistoryRuleSpec | RaisedRuleSpec;

/** A spec as written in its file, checked against the shape without losing its literal types. */
export const ruleSpec = <S extends RuleSpec>(spec: S): S => spec;

/** Every rule id, for `satisfies Record<RuleId, RuleSpec>`. */
export type RuleSpecs = Record<RuleId, RuleSpec>;
