import { repeatedOrTimestampMessages } from "../repeated-messages.ts";
import { ruleSpec } from "../rule-spec.ts";

export const REPEATED_OR_TIMESTAMP_MESSAGES = ruleSpec({
  published: { list: "forensic", place: 9 },
  scope: "history",
  run: repeatedOrTimestampMessages,
  facts: ["forged-history"],
  words: {
    title: "Repeated or date-only messages",
    meaning: "Commit messages repeat the same few words, or are only dates: typical of scripted commits.",
    innocent: "Some people write terse messages such as 'update' out of habit.",
    ask: "How do you usually write commit messages?",
    reading: "GitHub's web editor and terse habits ('fix', 'update') repeat messages",
    label: "repeated or timestamp messages",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    REPEATED_OR_TIMESTAMP_MESSAGES: typeof REPEATED_OR_TIMESTAMP_MESSAGES;
  }
}
