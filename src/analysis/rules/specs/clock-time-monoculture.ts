import { clockTimeMonoculture } from "../clock-time-monoculture.ts";
import { ruleSpec } from "../rule-spec.ts";

export const CLOCK_TIME_MONOCULTURE = ruleSpec({
  published: { list: "forensic", place: 2 },
  scope: "history",
  run: clockTimeMonoculture,
  facts: ["forged-history"],
  words: {
    title: "One time of day",
    meaning:
      "Almost every commit, over many different days, carries the same clock time. People commit at varied times; scripts that fill a contribution graph do not.",
    innocent: "A scheduled job that commits on its own (a bot, a backup) writes one time of day too.",
    ask: "Were these commits made by you or by a scheduled script?",
    reading: "people who commit right after a daily event or at a set time of day show this too",
    label: "one clock time of day",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    CLOCK_TIME_MONOCULTURE: typeof CLOCK_TIME_MONOCULTURE;
  }
}
