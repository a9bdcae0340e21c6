import { isBotIdentity } from "../own-commits.ts";
import { about, historyRule } from "./rule-context.ts";

/**
 * BOT_AUTHOR: commits by bots (dependabot, renovate, github-actions ...). Normal in a maintained project,
 * so INFO; bot commits are never counted as the candidate's.
 */
export const botAuthor = historyRule((ctx) => {
  const bots = ctx.evidence.otherAuthors.filter((o) => isBotIdentity(o.login, o.email));
  const count = bots.reduce((s, o) => s + o.count, 0);
  if (count === 0) return null;
  const partial = ctx.evidence.otherAuthorsComplete === false;
  const names = [...new Set(bots.map((o) => o.login ?? o.email))].sort();
  return {
    rule: "BOT_AUTHOR",
    severity: "INFO",
    message: `${about(ctx)}${partial ? "at least " : ""}${count} commits${partial ? ` (counted over the newest and oldest pages of ${ctx.evidence.totalCommitCount.toLocaleString("en-US")})` : ""} are by bots (${names.join(", ")}); they are not counted as the candidate's work, and are normal in a maintained project`,
    evidence: { botCommits: count, bots: names.join(","), sampled: partial ? 1 : 0 },
  };
});
