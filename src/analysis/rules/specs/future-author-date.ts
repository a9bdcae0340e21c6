import { futureAuthorDate } from "../future-author-date.ts";
import { ruleSpec } from "../rule-spec.ts";

export const FUTURE_AUTHOR_DATE = ruleSpec({
  scope: "history",
  run: futureAuthorDate,
  facts: ["forged-history"],
  words: {
    title: "Dated in the future",
    meaning:
      "Commits say they were written after GitHub received them. A commit cannot be written after it was pushed, so these dates were set by hand.",
    innocent:
      "A single such commit can come from a computer whose clock was wrong; several in one history do not happen by accident.",
    ask: "How were the dates of these commits set?",
    reading: "a machine whose clock was set wrong makes one such commit, not many",
    label: "future author dates",
  },
});
