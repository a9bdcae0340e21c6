import { readAssertions } from "../claim-assertions.ts";
import { isBotIdentity, sameLogin } from "../own-commits.ts";
import { FOREIGN_PREDATES_MS, selfLikeIdentity } from "./foreign-history.ts";
import { about, historyRule, type RepoRuleContext } from "./rule-context.ts";
import { DAY_MS, dayText, humanSpan, ms } from "./time-stats.ts";

/**
 * Claims weighed against the history. What a claim asserts beyond its name (claim-assertions.ts) is
 * compared with what the repository shows: a team size with the people who made its commits, a duration
 * with the span of the candidate's own commits, releases with commits, a commit count with the
 * candidate's own, stars with GitHub's; an origin ("from scratch") with whose root commit the history
 * starts from. A contradicted claim is a WARNING naming both sides and the innocent reading.
 */

/** A claim whose scale the history contradicts credits at most this: the work is real, its size is not. */
export const SCALE_CREDIT_CAP = 0.6;
/** A claim whose origin the history contradicts is discredited: it credits at most this (the fraud band's top). */
export const ORIGIN_CREDIT_CAP = 0.4;
/** A team is contradicted when at most half of the claimed people made commits (a claim of 3 or more). */
export const TEAM_MIN_CLAIMED = 3;
/** A duration is contradicted when the candidate's commits span under a sixth of it, and under this at most. */
export const DURATION_SHARE = 1 / 6;
export const DURATION_MIN_MS = 30 * DAY_MS;
/** Claimed commits beyond the candidate's own by this factor (and 10 more) are contradicted. */
export const COMMITS_SLACK = 1.2;
/** Claimed stars beyond twice GitHub's count (and 10 more) are contradicted. */
export const STARS_SLACK = 2;

/** The other people (not bots, not the candidate's own unlinked emails) who made commits, or null if unknown. */
function otherPeople(ctx: RepoRuleContext): number | null {
  if (ctx.evidence.otherAuthorsComplete === false) return null;
  const ids = new Set(
    ctx.evidence.otherAuthors
      .filter((o) => !isBotIdentity(o.login, o.email) && (o.login !== null || !selfLikeIdentity(ctx, o.email)))
      .map((o) => (o.login ?? o.email).toLowerCase()),
  );
  return ids.size;
}

const quote = (words: string) => `"${words}"`;

export const claimContradicted = historyRule((ctx) => {
  const claim = ctx.claim;
  if (!claim) return null;
  const a = readAssertions(claim.name, claim.description ?? []);
  const found: Array<{ says: string; shows: string }> = [];
  const others = otherPeople(ctx);
  if (a.team && a.team.value >= TEAM_MIN_CLAIMED && others !== null && (others + 1) * 2 <= a.team.value)
    found.push({
      says: quote(a.team.words),
      shows: others === 0 ? "one person, the candidate, made every commit" : `${others + 1} people made its commits`,
    });
  const dates = ctx.commits.map((c) => ms(c.authorDate)).filter((t) => Number.isFinite(t));
  if (a.years && ctx.commits.length >= ctx.commitCount && dates.length > 0) {
    const span = Math.max(...dates) - Math.min(...dates);
    const claimed = a.years.value * 365 * DAY_MS;
    if (span < Math.max(DURATION_MIN_MS, claimed * DURATION_SHARE))
      found.push({
        says: quote(a.years.words),
        shows: `the candidate's ${ctx.commitCount} commits span ${span < DAY_MS ? "less than a day" : humanSpan(span)} (${dayText(new Date(Math.min(...dates)).toISOString())} to ${dayText(new Date(Math.max(...dates)).toISOString())})`,
      });
  }
  if (a.releases && a.releases.value > ctx.commitCount)
    found.push({
      says: quote(a.releases.words),
      shows: `${ctx.commitCount} commits by the candidate, fewer than the releases claimed`,
    });
  const claimedCommits = claim.claimedCommits ?? a.commits?.value;
  if (!ctx.automation && claimedCommits !== undefined && claimedCommits > ctx.commitCount * COMMITS_SLACK + 10)
    found.push({
      says: quote(a.commits?.words ?? `${claimedCommits} commits`),
      shows: `${ctx.commitCount} of the repository's ${ctx.evidence.totalCommitCount} commits are the candidate's`,
    });
  if (a.stars && a.stars.value > ctx.repo.stargazers * STARS_SLACK + 10)
    found.push({ says: quote(a.stars.words), shows: `GitHub shows ${ctx.repo.stargazers} stars` });
  if (found.length === 0) return null;
  return {
    rule: "CLAIM_CONTRADICTED",
    severity: "WARNING",
    message: `${about(ctx)}the resume claims of "${claim.name}" ${found.map((f) => `${f.says}, but ${f.shows}`).join("; ")}. The work may have lived in a private repository and the public one be a later extract, or the period include work before the first commit: a question for the interview`,
    evidence: {
      contradicted: found.length,
      says: found.map((f) => f.says).join("; "),
      shows: found.map((f) => f.shows).join("; "),
      creditCap: SCALE_CREDIT_CAP,
    },
  };
});

export const originContradicted = historyRule((ctx) => {
  const claim = ctx.claim;
  if (!claim) return null;
  const origin = readAssertions(claim.name, claim.description ?? []).origin;
  const root = ctx.evidence.rootCommit;
  if (!origin || !root || sameLogin(root.authorLogin, ctx.login)) return null;
  if (root.authorLogin === null && selfLikeIdentity(ctx, root.authorEmail, root.authorName)) return null;
  if (isBotIdentity(root.authorLogin, root.authorEmail)) return null;
  const mine = ctx.commits.map((c) => ms(c.authorDate)).filter((t) => Number.isFinite(t));
  if (mine.length === 0) return null;
  const gap = Math.min(...mine) - ms(root.authorDate);
  if (!(gap > FOREIGN_PREDATES_MS)) return null;
  const rootWho = root.authorLogin ?? root.authorName ?? root.authorEmail;
  const others = ctx.evidence.totalCommitCount - ctx.commitCount;
  const original = ctx.evidence.historyOrigin ? `, a commit of ${ctx.evidence.historyOrigin.original}` : "";
  return {
    rule: "ORIGIN_CONTRADICTED",
    severity: "WARNING",
    message: `${about(ctx)}the resume says "${claim.name}" was ${quote(origin.words)}, but the history starts with ${rootWho}'s root commit of ${dayText(root.authorDate)}${original}, ${humanSpan(gap)} before the candidate's first commit, and ${Math.max(0, others)} of its ${ctx.evidence.totalCommitCount} commits are not the candidate's: a course, a template or another author's project it was cloned from. A claim whose origin the history contradicts is discredited; the candidate may still have rebuilt it beyond recognition, so ask what was given and what was added`,
    evidence: {
      rootAuthor: rootWho,
      rootDate: dayText(root.authorDate),
      says: origin.words,
      creditCap: ORIGIN_CREDIT_CAP,
    },
  };
});
