import { ruleSpec } from "../rule-spec.ts";

export const UNMATCHED_CLAIM = ruleSpec({
  published: { list: "claim", place: 1 },
  scope: "resume",
  words: {
    title: "No public repository found",
    meaning: "No public GitHub repository of the candidate matches this project.",
    innocent: "Work for employers, under NDA or in private repositories is not public. This is not evidence against.",
    ask: "Can you show this work another way: a demo, a private repository, or a reference?",
    reading: "closed-source or employer work has no public repository",
    findingTitle: "a claimed project with no public repository",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    UNMATCHED_CLAIM: typeof UNMATCHED_CLAIM;
  }
}
