import { ruleSpec } from "../rule-spec.ts";
import { unlinkedEmailCommits } from "../unlinked-email.ts";

export const UNLINKED_EMAIL_COMMITS = ruleSpec({
  published: { list: "claim", place: 9 },
  scope: "history",
  run: unlinkedEmailCommits,
  needs: ["commit-accounts"],
  words: {
    title: "Commits from an unlinked email",
    meaning:
      "Some commits come from an email GitHub links to no account. They may well be the candidate's, but nothing ties them to the account, so they are not counted.",
    innocent: "A work computer or a second email address does this.",
    ask: "Is this email yours?",
    reading: "often the candidate's own commits from a work laptop or an employer's email",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    UNLINKED_EMAIL_COMMITS: typeof UNLINKED_EMAIL_COMMITS;
  }
}
