import { originContradicted } from "../claim-contradicted.ts";
import { ruleSpec } from "../rule-spec.ts";

export const ORIGIN_CONTRADICTED = ruleSpec({
  published: { list: "claim", place: 14 },
  scope: "history",
  run: originContradicted,
  facts: [],
  words: {
    title: "Claimed as original, started from someone else's",
    meaning:
      "The resume says the project was designed or built from scratch, but its history begins with someone else's commits (a course, a template, a tutorial or another author's tool). A claim whose origin the history contradicts is discredited: it credits at most 40 %.",
    innocent: "A course or template can be rebuilt beyond recognition; the history then still starts from it.",
    ask: "What did the course or template give you, and what did you add?",
    reading:
      "the candidate may have rebuilt the course or template beyond recognition; ask what was added and what was given",
    findingTitle: "claimed as built from scratch, but the history starts from someone else's",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    ORIGIN_CONTRADICTED: typeof ORIGIN_CONTRADICTED;
  }
}
