import { futureAuthorDate } from "../future-author-date.ts";
import { ruleSpec } from "../rule-spec.ts";

export const FUTURE_AUTHOR_DATE = ruleSpec({
  published: { list: "forensic", place: 1 },
  scope: "history",
  run: futureAuthorDate,
  facts: ["forged-history"],
  words: {
    title: "Dated in the future",
    meaning:
      "Commits say they were written after GitHub received them. A commit cannot be written after it was pushed, so the dates are wrong. A date in the future lengthens no experience on a resume, so alone this is an observation; it weighs as forgery only beside padding (trivial commits, machine-written messages).",
    innocent:
      "A computer whose clock was set wrong keeps writing such dates, on one commit or on many, until someone fixes it.",
    ask: "Was the clock of the machine these commits came from set right?",
    reading:
      "a machine whose clock was set wrong keeps writing such dates until someone fixes it; a future date lengthens no claimed experience",
    label: "future author dates",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    FUTURE_AUTHOR_DATE: typeof FUTURE_AUTHOR_DATE;
  }
}
