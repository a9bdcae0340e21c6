import { isBotIdentity } from "../own-commits.ts";
import { about, historyRule, hostOf, hostWord } from "./rule-context.ts";

/** How a host without account links tied commits to the candidate, in words (CommitIdentity.basis). */
const BASIS_WORDS: Record<string, string> = {
  "public-email": "the profile's public email",
  noreply: "the host's noreply address",
  pushed: "commits the account pushed itself",
  name: "the author name alone",
};

/**
 * Commits in the candidate's own repository from emails that GitHub links to no account. They may well
 * be the candidate's (a work laptop's email), but nothing binds them to the account, so they are not
 * counted; reported as INFO so a recruiter can ask. On a host that links no commit to any account (GitLab),
 * the flag says so and how commits were tied to the candidate instead: the emails are untied, not unlinked.
 */
/** UNLINKED_EMAIL_COMMITS's numbers; `hostLinksAccounts` is 0 on a host that links no commit to an account. */
export type UnlinkedEmailEvidence = {
  unlinkedCommits: number;
  emails: number;
  sampled: number;
  hostLinksAccounts?: number;
};

export const unlinkedEmailCommits = historyRule<UnlinkedEmailEvidence>((ctx) => {
  if (ctx.repo.owner.toLowerCase() !== ctx.login.toLowerCase()) return null;
  const unlinked = ctx.evidence.otherAuthors.filter((o) => o.login === null && !isBotIdentity(null, o.email));
  const count = unlinked.reduce((s, o) => s + o.count, 0);
  if (count === 0) return null;
  const emails = [...new Set(unlinked.map((o) => o.email))].sort();
  const partial = ctx.evidence.otherAuthorsComplete === false;
  const where = partial
    ? ` (counted over the newest and oldest pages of ${ctx.evidence.totalCommitCount.toLocaleString("en-US")})`
    : "";
  const list = `${emails.slice(0, 3).join(", ")}${emails.length > 3 ? ", ..." : ""}`;
  const noLinks = ctx.missing?.find((m) => m.evidence === "commit-accounts");
  if (noLinks) {
    const basis = (ctx.evidence.forge?.identity.basis ?? []).map((b) => BASIS_WORDS[b] ?? b);
    const tied = basis.length > 0 ? `by ${basis.join(", ")}` : "by nothing the host shows";
    return {
      rule: "UNLINKED_EMAIL_COMMITS",
      severity: "INFO",
      message: `${about(ctx)}${hostOf(ctx)} links no commit to an account, so the candidate's commits were tied to ${ctx.login} ${tied}; ${partial ? "at least " : ""}${count} commits${where} come from ${emails.length === 1 ? "an email" : "emails"} not tied that way (${list}); they are not counted, though they are often the candidate's own from a work laptop or an employer's email`,
      evidence: { unlinkedCommits: count, emails: emails.length, sampled: partial ? 1 : 0, hostLinksAccounts: 0 },
    };
  }
  return {
    rule: "UNLINKED_EMAIL_COMMITS",
    severity: "INFO",
    message: `${about(ctx)}${partial ? "at least " : ""}${count} commits${where} come from ${emails.length === 1 ? "an email" : "emails"} linked to no ${hostWord(ctx)} account (${list}); they are not counted, though they are often the candidate's own from a work laptop or an employer's email`,
    evidence: { unlinkedCommits: count, emails: emails.length, sampled: partial ? 1 : 0 },
  };
});
