import { inflatedActivity } from "../automated-commits.ts";
import { ruleSpec } from "../rule-spec.ts";

export const INFLATED_ACTIVITY = ruleSpec({
  published: { list: "forensic", place: 18 },
  scope: "history",
  run: inflatedActivity,
  facts: ["scheduled-job"],
  words: {
    title: "Automated activity sold as work",
    meaning:
      "The resume sells this project by its activity (a commit count, a streak, a green contribution graph), but most of that activity was made by a scheduled job, not by the candidate.",
    innocent:
      "The automation itself can be a good piece of work; only the activity it generates should not be presented as the candidate's effort.",
    ask: "How many of these commits did you write yourself, and what did you build to automate the rest?",
    reading: "the automation itself may be a good project; the activity it makes is not work",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    INFLATED_ACTIVITY: typeof INFLATED_ACTIVITY;
  }
}
