import { ruleSpec } from "../rule-spec.ts";

export const EMPTY_REPO = ruleSpec({
  published: { list: "claim", place: 8 },
  scope: "repository",
  words: {
    title: "Empty repository",
    meaning: "The repository has no commits: there is nothing to check.",
    innocent: "A project that was planned but not started, or whose code lives elsewhere.",
    ask: "Where is the code of this project?",
    reading: "a repository created for work that has not been pushed yet",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    EMPTY_REPO: typeof EMPTY_REPO;
  }
}
