import { allRules, type RuleId } from "../analysis/index.ts";

/** One rule in words a recruiter reads: what it found, how it can be innocent, and what to ask. */
export interface GlossaryEntry {
  /** a short name for the finding, in plain words */
  title: string;
  /** what the rule looks at and what its finding means */
  meaning: string;
  /** how an honest candidate's work can produce the same finding */
  innocent: string;
  /** a question to ask the candidate about it */
  ask: string;
}

/**
 * Every rule the analysis can raise, keyed by its id: a view of the analysis's rule registry, where each
 * rule's spec holds its words (analysis/rules/specs/), so a rule without words does not compile.
 */
export const GLOSSARY: Readonly<Record<RuleId, GlossaryEntry>> = Object.fromEntries(
  allRules().map(({ id, words }) => [
    id,
    { title: words.title, meaning: words.meaning, innocent: words.innocent, ask: words.ask },
  ]),
) as Record<RuleId, GlossaryEntry>;

/** The entry of a rule id read from a stored result; a rule this build does not know gets neutral words. */
export function glossaryEntry(rule: string): GlossaryEntry {
  return (
    (GLOSSARY as Record<string, GlossaryEntry>)[rule] ?? {
      title: rule
        .toLowerCase()
        .replace(/_/g, " ")
        .replace(/^./, (c) => c.toUpperCase()),
      meaning: "A finding of a rule this version of the report does not describe; the message says what was measured.",
      innocent: "Read the message: every finding has an innocent reading.",
      ask: "Ask the candidate about the finding's message.",
    }
  );
}
