import { ruleSpec, shapeOf } from "../rule-spec.ts";

export const CLAIM_BEFORE_ACCOUNT = ruleSpec({
  published: { list: "forensic", place: 14 },
  scope: "account",
  evidence: shapeOf<{
    claimStart?: string;
    accountCreated?: string;
    gapDays?: number;
    accountAgeDays?: number;
    totalCommits?: number;
  }>(),
  words: {
    title: "Claimed before the account existed",
    meaning:
      "The resume dates a project before the GitHub account was created and no commit backs it, or a very new account holds a very large number of commits.",
    innocent: "People write code before they sign up to GitHub, and move old work to new accounts.",
    ask: "Where did this work live before this GitHub account?",
    reading: "work done before an account existed (at school, on an employer's servers) is common",
    findingTitle: "work claimed from before the GitHub account existed",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    CLAIM_BEFORE_ACCOUNT: typeof CLAIM_BEFORE_ACCOUNT;
  }
}
