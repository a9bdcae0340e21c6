import { ruleSpec, shapeOf } from "../rule-spec.ts";

export const NO_CANDIDATE_COMMITS = ruleSpec({
  published: { list: "claim", place: 7 },
  scope: "repository",
  evidence: shapeOf<{ totalCommits: number }>(),
  words: {
    title: "No commits linked to the candidate",
    meaning: "None of the repository's commits are linked to the candidate's GitHub account.",
    innocent:
      "Commits made with an email that is not added to the GitHub account are not linked, for example from a work computer.",
    ask: "Which email did you commit with? Can you add it to your GitHub account?",
    reading: "commits under an email not linked to the account do not count here",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    NO_CANDIDATE_COMMITS: typeof NO_CANDIDATE_COMMITS;
  }
}
