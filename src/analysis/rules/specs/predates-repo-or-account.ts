import { predatesRepoOrAccount } from "../predates-repo-or-account.ts";
import { ruleSpec } from "../rule-spec.ts";

export const PREDATES_REPO_OR_ACCOUNT = ruleSpec({
  published: { list: "forensic", place: 6 },
  scope: "history",
  run: predatesRepoOrAccount,
  facts: ["committed-late", "forged-history"],
  words: {
    title: "Older than the repository",
    meaning:
      "Much of the history is dated before the repository or the GitHub account existed, so nothing outside the commits confirms those dates.",
    innocent: "Developers often push years of local work to a new repository at once.",
    ask: "Where was this project kept before it was on GitHub, and since when?",
    reading: "work kept locally before the repository was created is pushed with it",
    label: "commits dated before the repository existed",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    PREDATES_REPO_OR_ACCOUNT: typeof PREDATES_REPO_OR_ACCOUNT;
  }
}
