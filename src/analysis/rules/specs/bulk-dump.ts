import { bulkDump } from "../bulk-dump.ts";
import { ruleSpec } from "../rule-spec.ts";

export const BULK_DUMP = ruleSpec({
  published: { list: "forensic", place: 10 },
  scope: "history",
  run: bulkDump,
  facts: ["copied"],
  words: {
    title: "Most of the code in one commit",
    meaning: "One commit adds most of the candidate's code, so the history does not show how the work was built up.",
    innocent:
      "Many developers write a project locally and push it when it is done; a first release often looks like this.",
    ask: "Where was this project developed before this commit? Can you walk through how it was built?",
    reading: "finished local work, a first release or earlier code is often pushed in one commit",
    findingTitle: "most of the code arrived in one commit",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    BULK_DUMP: typeof BULK_DUMP;
  }
}
