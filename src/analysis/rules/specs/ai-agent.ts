import { aiAssisted } from "../ai-assisted.ts";
import { ruleSpec } from "../rule-spec.ts";

export const AI_AGENT = ruleSpec({
  published: { list: "claim", place: 10 },
  scope: "history",
  run: aiAssisted,
  words: {
    title: "AI assistance",
    meaning: "The repository shows that an AI coding agent took part (agent instruction files, co-author lines).",
    innocent: "Using AI tools is common and not fraud; it only changes what the history says about the candidate.",
    ask: "How did you use AI tools in this project, and which parts did you write yourself?",
    reading: "using AI tools is no misconduct; ask how the work was done",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    AI_AGENT: typeof AI_AGENT;
  }
}
