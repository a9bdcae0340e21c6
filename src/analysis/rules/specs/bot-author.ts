import { botAuthor } from "../bot-author.ts";
import { ruleSpec } from "../rule-spec.ts";

export const BOT_AUTHOR = ruleSpec({
  published: { list: "forensic", place: 13 },
  scope: "history",
  run: botAuthor,
  words: {
    title: "Commits by bots",
    meaning: "Some commits are by automated tools (dependency updates, CI). They are not counted as the candidate's.",
    innocent: "Normal in a maintained project.",
    ask: "(Nothing to ask: this only explains the commit count.)",
    reading: "dependency and release bots are normal in a maintained project",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    BOT_AUTHOR: typeof BOT_AUTHOR;
  }
}
