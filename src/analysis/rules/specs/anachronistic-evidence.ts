import { anachronisticEvidence } from "../anachronistic-evidence.ts";
import { ruleSpec } from "../rule-spec.ts";

export const ANACHRONISTIC_EVIDENCE = ruleSpec({
  published: { list: "forensic", place: 20 },
  scope: "history",
  run: anachronisticEvidence,
  facts: ["forged-history"],
  words: {
    title: "Traces that cannot exist at their dates",
    meaning:
      "Some parts of a history carry a time of their own that a commit's date cannot move: pull-request merges GitHub made, GitHub's private email addresses (which contain the account's number, issued in order), versions of libraries a lockfile pins. Here they are younger than the commits that hold them: merges dated before the repository or the account existed, an address before its account, a library version before it was published. Dates moved back would lengthen the experience the resume claims.",
    innocent:
      "A history moved from another GitHub repository keeps the merges made there, and people sometimes rewrite old commits' email to their private GitHub address later.",
    ask: "Where was this history before this repository, and when was it really written?",
    reading:
      "a history moved from another GitHub repository, or emails rewritten to the noreply address later, leaves such traces too",
    findingTitle: "traces younger than the commits that hold them",
    label: "traces younger than the commits that hold them",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    ANACHRONISTIC_EVIDENCE: typeof ANACHRONISTIC_EVIDENCE;
  }
}
