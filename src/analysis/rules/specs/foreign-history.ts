import { foreignHistory } from "../foreign-history.ts";
import { ruleSpec } from "../rule-spec.ts";

export const FOREIGN_HISTORY = ruleSpec({
  published: { list: "forensic", place: 11 },
  scope: "history",
  run: foreignHistory,
  facts: ["copied"],
  words: {
    title: "Someone else's history",
    meaning:
      "The repository is under the candidate's account, but its first commit and most of its commits are by other people, from long before the candidate's first commit.",
    innocent: "Taking over maintenance of a project, or moving a team project to one's own account, looks the same.",
    ask: "Who wrote the original project, and which parts did you add?",
    reading: "a project adopted from its previous maintainer keeps their history",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    FOREIGN_HISTORY: typeof FOREIGN_HISTORY;
  }
}
