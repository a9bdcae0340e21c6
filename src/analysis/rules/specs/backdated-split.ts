import { backdatedSplit } from "../backdated-split.ts";
import { ruleSpec } from "../rule-spec.ts";

export const BACKDATED_SPLIT = ruleSpec({
  published: { list: "forensic", place: 4 },
  scope: "history",
  run: backdatedSplit,
  facts: ["committed-late", "forged-history"],
  words: {
    title: "Dates written afterwards",
    meaning:
      "Commits claim to be written over a long period, but were all committed in a few sessions, long after. Their dates were written afterwards.",
    innocent:
      "Rewriting a history (a rebase, moving a project to a new repository) also commits old work at once; that is normal unless other findings point to forgery.",
    ask: "Was this history rewritten or moved? Where did the work happen first?",
    reading: "a rebase, a history rewrite or a maintainer committing old pull requests looks the same",
    label: "a backdated split between author and committer dates",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    BACKDATED_SPLIT: typeof BACKDATED_SPLIT;
  }
}
