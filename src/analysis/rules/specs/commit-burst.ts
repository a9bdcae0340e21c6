import { commitBurst } from "../commit-burst.ts";
import { ruleSpec } from "../rule-spec.ts";

export const COMMIT_BURST = ruleSpec({
  published: { list: "forensic", place: 7 },
  scope: "history",
  run: commitBurst,
  facts: ["committed-late", "forged-history"],
  words: {
    title: "Many commits at once",
    meaning: "Hundreds of commits were committed within one hour or one day.",
    innocent: "A rebase or an import of a finished project does this; it is not a sign of fraud on its own.",
    ask: "Was this history imported or rewritten in one go?",
    reading: "a rebase or an import re-commits a whole history within minutes",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    COMMIT_BURST: typeof COMMIT_BURST;
  }
}
