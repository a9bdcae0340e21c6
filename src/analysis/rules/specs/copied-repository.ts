import { copiedRepository } from "../copied-repository.ts";
import { ruleSpec } from "../rule-spec.ts";

export const COPIED_REPOSITORY = ruleSpec({
  published: { list: "forensic", place: 15 },
  scope: "history",
  run: copiedRepository,
  needs: ["tree-identity"],
  facts: ["copied"],
  words: {
    title: "A copy of another repository",
    meaning:
      "The repository's files are identical, or mostly identical, to an older repository of another account, and it is not marked as a fork.",
    innocent: "A tutorial followed step by step, or a template project, can match its original closely.",
    ask: "Where did this code come from, and what did you change?",
    reading: "a course starter or a template can be identical to its source",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    COPIED_REPOSITORY: typeof COPIED_REPOSITORY;
  }
}
