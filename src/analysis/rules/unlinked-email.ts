import { isBotIdentity } from "../own-commits.ts";
import { about, type RepoRule } from "./rule-context.ts";

/**
 * Commits in the candidate's own repository from emails that GitHub links to no account. They may well
 * be the candidate's (a work laptop's email), but nothing binds them to the account, so they are not
 * counted; reported as INFO so a recruiter can ask.
 */
export const unlinkedEmailCommits: RepoRule = (ctx) => {
  if (ctx.repo.owner.toLowerCase() !== ctx.login.toLowerCase()) return null;
  const unlinked = ctx.evidence.otherAuthors.filter((o) => o.login === null && !isBotIdentity(null, o.email));
  const count = unlinked.reduce((s, o) => s + o.count, 0);
  if (count === 0) return null;
  const emails = [...new Set(unlinked.map((o) => o.email))].sort();
  const partial = ctx.evidence.otherAuthorsComplete === false;
  const where = partial
    ? ` (counted over the newest and oldest pages of ${ctx.evidence.totalCommitCount.toLocaleString("en-US")})`
    : "";
  return {
    rule: "UNLINKED_EMAIL_COMMITS",
    severity: "INFO",
    message: `${about(ctx)}${partial ? "at least " : ""}${count} commits${where} come from ${emails.length === 1 ? "an email" : "emails"} linked to no GitHub account (${emails.slice(0, 3).join(", ")}${emails.length > 3 ? ", ..." : ""}); they are not counted, though they are often the candidate's own from a work laptop or an employer's email`,
    evidence: { unlinkedCommits: count, emails: emails.length, sampled: partial ? 1 : 0 },
  };
};
