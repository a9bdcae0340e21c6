import { identicalAuthorTimestamps } from "../identical-author-timestamps.ts";
import { ruleSpec } from "../rule-spec.ts";

export const IDENTICAL_AUTHOR_TIMESTAMPS = ruleSpec({
  published: { list: "forensic", place: 3 },
  scope: "history",
  run: identicalAuthorTimestamps,
  facts: ["forged-history"],
  words: {
    title: "Identical timestamps",
    meaning:
      "Many commits share the exact same second as their writing time. Work written by hand is spread out; generated commits are not.",
    innocent: "Tools that import or convert a history can give several commits one timestamp.",
    ask: "Was this history generated or imported by a tool?",
    reading: "a tool that splits one change into several commits stamps them alike, a few at most",
    label: "identical author timestamps",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    IDENTICAL_AUTHOR_TIMESTAMPS: typeof IDENTICAL_AUTHOR_TIMESTAMPS;
  }
}
