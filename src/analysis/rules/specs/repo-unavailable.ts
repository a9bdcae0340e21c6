import { ruleSpec, shapeOf } from "../rule-spec.ts";

export const REPO_UNAVAILABLE = ruleSpec({
  published: { list: "claim", place: 11 },
  scope: "repository",
  evidence: shapeOf<{ status: number }>(),
  words: {
    title: "Repository could not be read",
    meaning: "GitHub would not serve the repository (blocked, gone or failing), so the claim could not be checked.",
    innocent: "This says nothing about the candidate: the claim is unverified, not refuted.",
    ask: "Is the repository still public? Can you send a current link?",
    reading: "GitHub blocks or fails on a repository for reasons that have nothing to do with the candidate",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    REPO_UNAVAILABLE: typeof REPO_UNAVAILABLE;
  }
}
