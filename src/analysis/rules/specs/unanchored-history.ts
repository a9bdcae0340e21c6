import { ruleSpec } from "../rule-spec.ts";
import { unanchoredHistory } from "../unanchored-history.ts";

export const UNANCHORED_HISTORY = ruleSpec({
  published: { list: "forensic", place: 16 },
  scope: "history",
  run: unanchoredHistory,
  needs: ["pushed-at"],
  facts: ["committed-late", "forged-history"],
  words: {
    title: "Dates nothing can confirm",
    meaning:
      "Commit dates are written by whoever commits; GitHub only confirms when a repository was created and pushed. Most of this history, or of the period the resume claims, lies before GitHub saw the repository.",
    innocent: "Pushing years of local work to a new repository looks the same as a backdated history.",
    ask: "Where was this work before it was pushed, and can anything else confirm its dates?",
    reading: "an import of years of local work looks the same as a backdated history",
    label: "a history dated before GitHub saw it",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    UNANCHORED_HISTORY: typeof UNANCHORED_HISTORY;
  }
}
