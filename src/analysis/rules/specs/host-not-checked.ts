import { ruleSpec, shapeOf } from "../rule-spec.ts";

export const HOST_NOT_CHECKED = ruleSpec({
  published: { list: "claim", place: 12 },
  scope: "resume",
  evidence: shapeOf<{ host: string; profiles: number; repositories: number }>(),
  words: {
    title: "An account that was not checked",
    meaning:
      "The resume links a profile or a repository on a host (GitHub, GitLab, Codeberg or another configured host) for which the verification was given no account, so nothing there was read.",
    innocent: "The request simply named the candidate's accounts on other hosts.",
    ask: "Which account on this host is yours? Verify again with it to have that work checked.",
    reading: "the verification was asked for accounts on other hosts only",
  },
});

declare module "../../../contract/index.ts" {
  interface RuleSpecOfId {
    HOST_NOT_CHECKED: typeof HOST_NOT_CHECKED;
  }
}
