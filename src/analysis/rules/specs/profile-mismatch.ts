import { ruleSpec, shapeOf } from "../rule-spec.ts";

export const PROFILE_MISMATCH = ruleSpec({
  published: { list: "claim", place: 2 },
  scope: "resume",
  evidence: shapeOf<{ profiles: string; host?: string }>(),
  words: {
    title: "Another GitHub profile in the resume",
    meaning: "The resume links a GitHub profile other than the account that was checked.",
    innocent: "People keep a work and a personal account, or link a former username.",
    ask: "Which GitHub accounts are yours?",
    reading: "an old or a work account linked by mistake",
    findingTitle: "the resume links another GitHub profile",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    PROFILE_MISMATCH: typeof PROFILE_MISMATCH;
  }
}
