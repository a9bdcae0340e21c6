import { claimContradicted } from "../claim-contradicted.ts";
import { ruleSpec } from "../rule-spec.ts";

export const CLAIM_CONTRADICTED = ruleSpec({
  published: { list: "claim", place: 13 },
  scope: "history",
  run: claimContradicted,
  facts: [],
  words: {
    title: "The claim says more than the history",
    meaning:
      "The resume asserts something about this project beyond its name (a team size, a period of years, a number of releases, commits or stars) that the repository's history contradicts: the message names what the resume says and what the history shows. The claim credits at most 60 %.",
    innocent:
      "Team work often lives in a private repository and the public one is a later extract; a resume's period includes design and work before the first commit; stars change over time.",
    ask: "Where did the rest of the work happen, and who was on the team?",
    reading:
      "the work may have lived in a private repository, the public one may be a later extract, and a resume's period includes work before the first commit",
    findingTitle: "the resume claims more than the history shows",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    CLAIM_CONTRADICTED: typeof CLAIM_CONTRADICTED;
  }
}
