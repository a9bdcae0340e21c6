import { ruleSpec } from "../rule-spec.ts";

export const RENAMED_REPO = ruleSpec({
  published: { list: "claim", place: 6 },
  scope: "resume",
  words: {
    title: "Repository renamed",
    meaning: "The linked repository has a new name on GitHub; the link still leads there.",
    innocent: "Renaming a repository is normal.",
    ask: "(Nothing to ask: the link still works.)",
    reading: "repositories are renamed all the time; GitHub redirects the old name",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    RENAMED_REPO: typeof RENAMED_REPO;
  }
}
