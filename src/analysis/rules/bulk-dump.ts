import { about, type RepoRule } from "./rule-context.ts";
import { sampledCommits } from "./sampled-stats.ts";
import { DAY_MS, HOUR_MS, median, ms, pct } from "./time-stats.ts";

export const BULK_SHARE = 0.6;
export const BULK_MIN_LINES = 2000;
export const BULK_MIN_FILES = 100;
/** A history shorter than this whose bulk is one commit caps matchStrength at LOW (see match-strength.ts). */
export const BULK_SHORT_HISTORY_MS = 2 * DAY_MS;
/** Changed lines of an ordinary commit when too few were sampled to measure: the top of the honest range (3-41). */
export const TYPICAL_COMMIT_LINES = 41;
const MIN_OTHERS_FOR_MEDIAN = 3;

/**
 * Rule 10: one commit holds most of the candidate's code. Honest developers often push finished local
 * work this way, so it is WARNING and never CRITICAL; lockfiles and vendored folders do not count.
 * A commit's lines are its additions outside lockfiles and generated files when GitHub gave each file's
 * additions (GET /commits/{sha}); otherwise they are scaled by its share of non-generated files, which
 * counts a generator's lockfile (17,000 lines among a new app's 18 files) as code.
 * The candidate's total is exact when every own commit was read (short histories) or when
 * /stats/contributors gave it (src/github/line-counts.ts); otherwise it is estimated as the sampled lines
 * plus each unsampled commit at the median of the other sampled commits (at least 3 of them), or else at
 * TYPICAL_COMMIT_LINES, and the message says "about".
 */
export const bulkDump: RepoRule = (ctx) => {
  const sample = sampledCommits(ctx);
  const unrendered = ctx.evidence.diffUnavailable ?? [];
  if (sample.length === 0) return unrendered.length > 0 ? unrenderedDump(ctx, unrendered) : null;
  const real = sample.map((x) => ({
    ...x,
    lines: x.ownAdditions ?? (x.allFiles === 0 ? x.additions : Math.round((x.additions * x.files.length) / x.allFiles)),
  }));
  const sorted = [...real].sort((a, b) => b.lines - a.lines || (a.commit.sha < b.commit.sha ? -1 : 1));
  const biggest = sorted[0];
  if (!biggest) return null;
  const others = sorted.slice(1).map((x) => x.lines);
  const typical = others.length >= MIN_OTHERS_FOR_MEDIAN ? median(others) : TYPICAL_COMMIT_LINES;
  const unsampled = Math.max(0, ctx.commitCount - real.length);
  const estimated = real.reduce((s, x) => s + x.lines, 0) + unsampled * typical;
  // /stats/contributors gives the candidate's exact additions: no estimate needed (line-counts.ts)
  // ... less the generated lines of the commits read, so both sides of the share leave them out
  const exactAll = ctx.evidence.lineCounts?.additions;
  const exact = exactAll === undefined ? undefined : exactAll - real.reduce((s, x) => s + (x.additions - x.lines), 0);
  const isExact = (exact !== undefined && exact >= biggest.lines) || unsampled === 0;
  const total = exact !== undefined && exact >= biggest.lines ? exact : estimated;
  if (total <= 0) return null;
  const share = biggest.lines / total;
  if (share < BULK_SHARE || (biggest.lines < BULK_MIN_LINES && biggest.files.length < BULK_MIN_FILES))
    return unrendered.length > 0 ? unrenderedDump(ctx, unrendered) : null;
  const dates = ctx.commits.map((c) => ms(c.authorDate)).filter((t) => Number.isFinite(t));
  const span = dates.length > 0 ? Math.max(...dates) - Math.min(...dates) : 0;
  const short = span < BULK_SHORT_HISTORY_MS;
  return {
    rule: "BULK_DUMP",
    severity: "WARNING",
    message:
      `${about(ctx)}one commit (${biggest.commit.sha.slice(0, 7)}) adds ${biggest.lines.toLocaleString("en-US")} lines in ${biggest.files.length} files, ${isExact ? "" : "about "}${pct(share)} of the candidate's code` +
      (short ? `, and the whole history spans ${Math.max(1, Math.round(span / HOUR_MS))} hours` : ""),
    evidence: {
      commitLines: biggest.lines,
      commitFiles: biggest.files.length,
      share: Math.round(share * 100) / 100,
      historySpanHours: Math.round(span / HOUR_MS),
      shortHistory: short ? 1 : 0,
      // the extent rule: the history of this share of the code is gone
      extent: Math.round(share * 100) / 100,
    },
  };
};

/**
 * GitHub answered 500 "this diff is taking too long to generate" for a commit of the candidate's: its size
 * cannot be read, but only very large commits do that. WARNING, like any dump; the size is left unknown.
 */
function unrenderedDump(ctx: Parameters<RepoRule>[0], shas: string[]) {
  const dates = ctx.commits.map((c) => ms(c.authorDate)).filter((t) => Number.isFinite(t));
  const span = dates.length > 0 ? Math.max(...dates) - Math.min(...dates) : 0;
  return {
    rule: "BULK_DUMP" as const,
    severity: "WARNING" as const,
    message: `${about(ctx)}GitHub could not render the diff of ${shas.length === 1 ? "commit" : "commits"} ${shas.map((s) => s.slice(0, 7)).join(", ")} (too large to generate); such a commit usually holds most of a repository's code`,
    evidence: {
      unrenderedCommits: shas.length,
      historySpanHours: Math.round(span / HOUR_MS),
      shortHistory: span < BULK_SHORT_HISTORY_MS ? 1 : 0,
    },
  };
}
