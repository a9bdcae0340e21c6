import { ruleSpec, shapeOf } from "../rule-spec.ts";

export const HIDDEN_TEXT = ruleSpec({
  published: { list: "claim", place: 3 },
  scope: "resume",
  evidence: shapeOf<{ passages: number; characters: number }>(),
  words: {
    title: "Hidden text in the resume",
    meaning:
      "The PDF contains text a reader cannot see (white, tiny or off the page), usually keywords meant for screening software.",
    innocent: "Some resume templates leave invisible leftovers.",
    ask: "Did you add hidden keywords to the resume?",
    reading: "some templates hide text by accident (white on white, tiny fonts)",
    findingTitle: "the PDF hides text from its reader",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    HIDDEN_TEXT: typeof HIDDEN_TEXT;
  }
}
