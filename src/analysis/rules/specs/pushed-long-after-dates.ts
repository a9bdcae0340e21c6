import { pushedLongAfterDates } from "../pushed-long-after-dates.ts";
import { ruleSpec } from "../rule-spec.ts";

export const PUSHED_LONG_AFTER_DATES = ruleSpec({
  published: { list: "forensic", place: 19 },
  scope: "history",
  run: pushedLongAfterDates,
  needs: ["push-times"],
  facts: ["committed-late", "forged-history"],
  words: {
    title: "Work that reached the host long after its dates",
    meaning:
      "The host (GitLab's push events, a Gitea or Forgejo activity feed) recorded when each commit arrived. Most of this history is dated to a time when the repository already existed, yet it arrived weeks or months later, all at once: the repository received none of it while it was supposedly being written.",
    innocent:
      "A project developed on another host, a company server or an offline machine and then pushed into an older, empty repository looks the same.",
    ask: "Where was this project developed before it was pushed here, and can that place show its history?",
    reading:
      "a history developed on another host, a company server or an offline machine and pushed at once looks the same",
    label: "commits that reached the host long after their dates",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    PUSHED_LONG_AFTER_DATES: typeof PUSHED_LONG_AFTER_DATES;
  }
}
