import { automatedCommits } from "../automated-commits.ts";
import { ruleSpec } from "../rule-spec.ts";

export const AUTOMATED_COMMITS = ruleSpec({
  published: { list: "forensic", place: 17 },
  scope: "history",
  run: automatedCommits,
  facts: ["scheduled-job"],
  words: {
    title: "Commits made by a scheduled job",
    meaning:
      "Many commits under the candidate's name were made by an automated workflow on a timer (data or badge updates, the same few messages, committed by a CI identity or at a fixed time). They are left out of the candidate's commit count.",
    innocent:
      "Keeping data, a badge or a status page fresh with a workflow is ordinary automation; it says nothing against the candidate, it is simply not authored work.",
    ask: "What does the workflow in this repository do, and which parts of the project did you write by hand?",
    reading: "keeping data or a badge fresh with a workflow is ordinary",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    AUTOMATED_COMMITS: typeof AUTOMATED_COMMITS;
  }
}
