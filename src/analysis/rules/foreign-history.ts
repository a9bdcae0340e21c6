import { isBotIdentity, sameLogin } from "../own-commits.ts";
import { about, historyRule, type RepoRuleContext, type RuleHit } from "./rule-context.ts";
import { DAY_MS, dayText, humanSpan, ms, pct } from "./time-stats.ts";

export const FOREIGN_MIN_SHARE = 0.5;
export const FOREIGN_PREDATES_MS = 30 * DAY_MS;

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * An identity linked to no account that is plausibly the candidate's own (a work laptop's email): its
 * author name is the candidate's login or display name, or its email's local part is the login. Such
 * commits are not counted for the candidate (UNLINKED_EMAIL_COMMITS reports them) but are not foreign either.
 */
export function selfLikeIdentity(ctx: RepoRuleContext, email: string, name?: string): boolean {
  const login = norm(ctx.login);
  const names = [login, norm(ctx.user.name ?? "")].filter((n) => n !== "");
  if (name !== undefined && names.includes(norm(name))) return true;
  return norm(email.split("@")[0] ?? "") === login;
}

/**
 * Other identities' commits over the whole branch. A long history read in part (its newest and oldest
 * pages) names the other authors of those pages only, while `total` counts the whole branch: their count
 * is then scaled to the commits that are not the candidate's (total less the candidate's exact count), by
 * the share the pages read show of them. Without this a long history re-pushed under new commits was
 * never foreign: 200 commits read of 1,800 can never be half of the branch.
 */
export function othersOverBranch(ctx: RepoRuleContext, foreignRead: number): number {
  const { evidence } = ctx;
  if (evidence.otherAuthorsComplete !== false) return foreignRead;
  const notMineRead = evidence.otherAuthors.reduce((s, o) => s + o.count, 0);
  const notMine = Math.max(0, evidence.totalCommitCount - evidence.candidateCommitCount);
  if (notMineRead === 0 || notMine <= notMineRead) return foreignRead;
  return Math.max(foreignRead, Math.round((notMine * foreignRead) / notMineRead));
}

/**
 * FOREIGN_HISTORY: someone else's history re-pushed as the candidate's own repository (not a fork): the root
 * commit and most commits come from other identities, long before the candidate's first commit.
 * Applies only to repositories the candidate owns (contributing to others' projects is normal). Other
 * identities are other accounts, or unlinked emails that do not look like the candidate's own; bots are
 * not identities here. WARNING; the candidate's own commits are still counted, the others' never are.
 */
/** " (created ..., last pushed ..., N stars)" of a repository the history came from. */
function originText(ctx: RepoRuleContext): string {
  const o = ctx.evidence.historyOrigin;
  if (!o) return "";
  const dates = `created ${dayText(o.createdAt)}${o.pushedAt ? `, last pushed ${dayText(o.pushedAt)}` : ""}${o.stargazers > 0 ? `, ${o.stargazers.toLocaleString("en-US")} stars` : ""}`;
  return `; its root commit ${o.rootSha.slice(0, 7)} is a commit of ${o.original} by ${o.owner} (${dates}), an older public repository: the history was cloned from there`;
}

export const foreignHistory = historyRule((ctx) => {
  const hit = foreignMajority(ctx);
  if (hit) return hit;
  // a cloned start under the candidate's own work: named, not held against them
  const o = ctx.evidence.historyOrigin;
  if (!o) return null;
  return {
    rule: "FOREIGN_HISTORY",
    severity: "INFO",
    message: `${about(ctx)}the history starts from another project's${originText(ctx)}; most commits since are the candidate's (${ctx.commitCount}), as when a project is continued from a clone`,
    evidence: { original: o.original, originCreated: dayText(o.createdAt), share: 0 },
  };
});

function foreignMajority(ctx: RepoRuleContext): RuleHit | null {
  const { repo, evidence } = ctx;
  if (repo.fork || !sameLogin(repo.owner, ctx.login)) return null;
  const root = evidence.rootCommit;
  if (!root || sameLogin(root.authorLogin, ctx.login)) return null;
  const rootSelf = root.authorLogin === null && selfLikeIdentity(ctx, root.authorEmail, root.authorName);
  if (rootSelf || isBotIdentity(root.authorLogin, root.authorEmail)) return null;
  const total = evidence.totalCommitCount;
  if (total === 0) return null;
  const foreign = evidence.otherAuthors.filter(
    (o) => !isBotIdentity(o.login, o.email) && (o.login !== null || !selfLikeIdentity(ctx, o.email)),
  );
  const others = othersOverBranch(
    ctx,
    foreign.reduce((s, o) => s + o.count, 0),
  );
  const share = others / total;
  if (share < FOREIGN_MIN_SHARE) return null;
  const mine = ctx.commits.map((c) => ms(c.authorDate)).filter((t) => Number.isFinite(t));
  const firstMine = mine.length > 0 ? Math.min(...mine) : Infinity;
  const firstOther = Math.min(
    ms(root.authorDate),
    ...foreign.map((o) => ms(o.earliestAuthorDate)).filter((t) => Number.isFinite(t)),
  );
  if (!(firstMine - firstOther > FOREIGN_PREDATES_MS)) return null;
  const rootWho = root.authorLogin ?? root.authorEmail;
  const lead = Number.isFinite(firstMine)
    ? `, ${humanSpan(firstMine - firstOther)} before the candidate's first commit`
    : "";
  return {
    rule: "FOREIGN_HISTORY",
    severity: "WARNING",
    message: `${about(ctx)}${evidence.otherAuthorsComplete === false ? "about " : ""}${others} of ${total} commits (${pct(share)}) including the root commit are by other identities (root by ${rootWho} on ${dayText(root.authorDate)})${lead}; only ${ctx.commitCount} are the candidate's${originText(ctx)}; a project adopted from its previous maintainer keeps their history too`,
    evidence: {
      otherCommits: others,
      total,
      share: Math.round(share * 100) / 100,
      rootAuthor: rootWho,
      ...(evidence.historyOrigin
        ? { original: evidence.historyOrigin.original, originCreated: dayText(evidence.historyOrigin.createdAt) }
        : {}),
    },
  };
}
