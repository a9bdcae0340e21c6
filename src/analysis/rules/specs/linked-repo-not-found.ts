import { ruleSpec } from "../rule-spec.ts";

export const LINKED_REPO_NOT_FOUND = ruleSpec({
  published: { list: "claim", place: 5 },
  scope: "resume",
  words: {
    title: "Linked repository not found",
    meaning: "The resume links a repository that does not exist or is not public.",
    innocent: "Repositories are made private, renamed or deleted after a resume is written.",
    ask: "Is the repository private or moved? Can you give access or a new link?",
    reading: "a repository made private, renamed or deleted since the resume was written",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    LINKED_REPO_NOT_FOUND: typeof LINKED_REPO_NOT_FOUND;
  }
}
