import { claimStartMs } from "./claim-before-account.ts";
import { about, type RepoRule, type RepoRuleContext } from "./rule-context.ts";
import { DAY_MS, dayText, humanSpan, ms, pct } from "./time-stats.ts";

/**
 * Anchored time. Commit dates are written by whoever commits; GitHub itself writes only the repository's
 * created_at and pushed_at (and push events). A commit dated inside the repository's life on GitHub is
 * anchored (nothing contradicts it); one dated before the repository existed has no outside witness.
 * This rule measures how much of the candidate's history is anchored and holds the resume's own dates
 * for the project against the time GitHub saw. WARNING with both readings: an honest import of years of
 * local work looks the same as a backdated history. Its `extent` (the unanchored share) feeds the
 * score's extent rule (confidence-score.ts): most of a history unanchored weighs like most evidence gone.
 */

/** Commits dated this long before the repository existed are unanchored (pushing recent local work is normal). */
export const UNANCHORED_GRACE_MS = 7 * DAY_MS;
export const UNANCHORED_MIN_SHARE = 0.5;
export const UNANCHORED_MIN_COMMITS = 3;
/** A claimed period starting this long before the repository existed is held against the time GitHub saw. */
export const CLAIM_LEAD_MS = 90 * DAY_MS;
/** ... and flagged when GitHub's time covers less than this share of the claimed period. */
export const CLAIM_MIN_COVERAGE = 0.5;
/** Anchored work continuing this long after the repository was created is what an honest import shows. */
export const CONTINUATION_MS = 30 * DAY_MS;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthText = (t: number) => `${MONTHS[new Date(t).getUTCMonth()]} ${new Date(t).getUTCFullYear()}`;

/** The end of a claimed period: the end of its last month, "present" = asOf. */
export function claimEndMs(end: string | undefined, asOf: number): number {
  if (!end || /^present$/i.test(end)) return asOf;
  const start = claimStartMs(end);
  if (!Number.isFinite(start)) return asOf;
  if (/^\d{4}-\d{2}$/.test(end)) {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - 1;
  }
  return start + DAY_MS - 1;
}

function claimWindow(ctx: RepoRuleContext, asOf: number): { start: number; end: number; text: string } | null {
  const dates = ctx.claim?.dates;
  if (!dates?.start) return null;
  const start = claimStartMs(dates.start);
  const end = claimEndMs(dates.end, asOf);
  if (!Number.isFinite(start) || !(end > start)) return null;
  const text = dates.end
    ? `${monthText(start)} - ${/^present$/i.test(dates.end) ? "present" : monthText(end)}`
    : dates.text;
  return { start, end, text };
}

export const unanchoredHistory: RepoRule = (ctx) => {
  const n = ctx.commits.length;
  const created = ms(ctx.repo.createdAt);
  if (n === 0 || !Number.isFinite(created)) return null;
  const pushed = Number.isFinite(ms(ctx.repo.pushedAt ?? "")) ? ms(ctx.repo.pushedAt ?? "") : created;
  const asOf = Math.max(pushed, created);
  const dates = ctx.commits.map((c) => ms(c.authorDate));
  // an unparseable date (git allows year 275760) has no witness either
  const unanchored = dates.filter((t) => !Number.isFinite(t) || t < created - UNANCHORED_GRACE_MS).length;
  const share = unanchored / n;
  const claim = claimWindow(ctx, asOf);
  const coverage = claim
    ? Math.max(0, Math.min(claim.end, asOf) - Math.max(claim.start, created)) / (claim.end - claim.start)
    : 1;
  const claimHeld = claim !== null && created - claim.start > CLAIM_LEAD_MS && coverage < CLAIM_MIN_COVERAGE;
  const mostUnanchored = unanchored >= UNANCHORED_MIN_COMMITS && share >= UNANCHORED_MIN_SHARE;
  if (!claimHeld && !mostUnanchored) return null;

  const total = ctx.commitCount;
  const all = unanchored === n && n === total;
  const lifeShort = pushed - created < 2 * DAY_MS;
  const count = `${total.toLocaleString("en-US")} commit${total === 1 ? "" : "s"}`;
  const seen = lifeShort
    ? `the repository and ${n === total ? "all " : ""}${count} appeared on ${dayText(ctx.repo.createdAt)}${pushed - created > DAY_MS ? ` - ${dayText(ctx.repo.pushedAt ?? "")}` : ""}`
    : `GitHub first saw the repository on ${dayText(ctx.repo.createdAt)}`;
  const earliest = Math.min(...dates.filter((t) => Number.isFinite(t)));
  const predating =
    unanchored > 0
      ? `${all ? "all" : `${unanchored} of ${n}`}${n < total ? " examined" : ""} commits are dated before it${Number.isFinite(earliest) && earliest < created ? ` (from ${dayText(new Date(earliest).toISOString())})` : ""}`
      : "";
  const continued = dates.filter((t) => t > created + CONTINUATION_MS).length;
  const lastAnchored = Math.max(...dates.filter((t) => Number.isFinite(t)));
  const innocent =
    continued > 0
      ? `; work went on for ${humanSpan(lastAnchored - created)} after it was created, as after an honest import of local work`
      : "; that is how an import of years of local work looks, and also how a backdated history looks";
  const head = claim && claimHeld ? `"${ctx.claim!.name}" claims ${claim.text}; ` : "";
  const extent = Math.max(share, claimHeld ? 1 - coverage : 0);
  return {
    rule: "UNANCHORED_HISTORY",
    severity: "WARNING",
    message:
      `${about(ctx)}${head}${seen}${predating ? `; ${predating}` : ""}. Only GitHub's own times can be checked, and they cover ` +
      `${claimHeld ? `${pct(coverage)} of the claimed period` : `${pct(1 - share)} of the history`}${innocent}`,
    evidence: {
      unanchoredCommits: unanchored,
      examined: n,
      anchoredShare: Math.round((1 - share) * 100) / 100,
      ...(claim ? { claimCoverage: Math.round(coverage * 100) / 100 } : {}),
      continuedCommits: continued,
      extent: Math.round(extent * 100) / 100,
    },
  };
};
