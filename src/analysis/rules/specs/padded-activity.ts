import { paddedActivity } from "../padded-activity.ts";
import { ruleSpec } from "../rule-spec.ts";

export const PADDED_ACTIVITY = ruleSpec({
  published: { list: "forensic", place: 21 },
  scope: "history",
  run: paddedActivity,
  facts: ["forged-history"],
  words: {
    title: "Padding commits",
    meaning:
      "Most commits carry a machine's mark (a timestamp or their own commit time in the message, a random string, a numbered or stock message repeated, a date a script wrote to the minute) on changes that change nothing real: empty, one or two lines, one new file under a generated name, or the same few files rewritten each time. That is how contribution graphs are filled, on a schedule or at random times. The claim credits at most the commits that are not padding.",
    innocent:
      "A log, notes or counter repository is made of small, alike commits too; it is not authored work either way.",
    ask: "Which of these commits did you write by hand, and what made the others?",
    reading: "a log, notes or counter repository is made of small, alike commits too; it is not work either way",
    findingTitle: "most commits are padding",
    label: "padding commits",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    PADDED_ACTIVITY: typeof PADDED_ACTIVITY;
  }
}
