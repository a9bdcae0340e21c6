import { randomOrderHistory } from "../random-order-history.ts";
import { ruleSpec } from "../rule-spec.ts";

export const RANDOM_ORDER_HISTORY = ruleSpec({
  published: { list: "forensic", place: 5 },
  scope: "history",
  run: randomOrderHistory,
  facts: ["forged-history"],
  words: {
    title: "Dates out of order",
    meaning:
      "Along the history, the writing dates jump back and forth in time. Commits made one after another have dates that go forward.",
    innocent: "Merging long-lived branches or rebasing old work can reorder some dates.",
    ask: "How was this history assembled: merges, rebases, or something else?",
    reading: "interleaving branches during a rewrite makes some steps go back in time",
    label: "random-order author dates",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    RANDOM_ORDER_HISTORY: typeof RANDOM_ORDER_HISTORY;
  }
}
