import { ruleSpec } from "../rule-spec.ts";

export const LINK_TEXT_MISMATCH = ruleSpec({
  published: { list: "claim", place: 4 },
  scope: "resume",
  words: {
    title: "A link that points elsewhere",
    meaning: "A link's visible text names one repository but the link goes to another.",
    innocent: "A renamed or moved repository, with the text left unchanged, does this.",
    ask: "Which repository is the project really in?",
    reading: "a link copied from an older resume can point to the wrong place",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    LINK_TEXT_MISMATCH: typeof LINK_TEXT_MISMATCH;
  }
}
