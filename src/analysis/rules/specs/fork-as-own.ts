import { forkAsOwn } from "../fork-as-own.ts";
import { ruleSpec } from "../rule-spec.ts";

export const FORK_AS_OWN = ruleSpec({
  published: { list: "forensic", place: 12 },
  scope: "history",
  run: forkAsOwn,
  words: {
    title: "A fork with little of the candidate's work",
    meaning:
      "The repository is a copy (fork) of another project, and the candidate added few or no commits of their own to it.",
    innocent:
      "Contributions to the original are often made in the original repository; the fork may only be where they were prepared.",
    ask: "What did you contribute to the original project? Can you point to your pull requests?",
    reading: "a fork kept to study or patch someone else's project is common",
    findingTitle: "a fork with little of the candidate's work",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    FORK_AS_OWN: typeof FORK_AS_OWN;
  }
}
