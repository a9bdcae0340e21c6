import { ruleSpec } from "../rule-spec.ts";
import { trivialChurn } from "../trivial-churn.ts";

export const TRIVIAL_CHURN = ruleSpec({
  published: { list: "forensic", place: 8 },
  scope: "history",
  run: trivialChurn,
  facts: ["forged-history"],
  words: {
    title: "Commits that change nothing real",
    meaning:
      "Most commits change one line of one file, or nothing at all: the trace of commits made to fill an activity graph.",
    innocent: "A notes or log repository updated daily can look similar.",
    ask: "What was this repository for, and why are the changes so small?",
    reading: "notes and dotfiles repositories are made of small edits",
    label: "trivial or empty commits",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    TRIVIAL_CHURN: typeof TRIVIAL_CHURN;
  }
}
