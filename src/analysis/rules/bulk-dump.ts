import { addedComponent, followUp } from "./large-commit.ts";
import { about, historyRule, hostWord, type RepoRule, type RepoRuleContext } from "./rule-context.ts";
import { sampledCommits } from "./sampled-stats.ts";
import { DAY_MS, HOUR_MS, humanSpan, median, ms, pct } from "./time-stats.ts";

export const BULK_SHARE = 0.6;
export const BULK_MIN_LINES = 2000;
export const BULK_MIN_FILES = 100;
/** A history shorter than this whose bulk is one commit caps matchStrength at LOW (see match-strength.ts). */
export const BULK_SHORT_HISTORY_MS = 2 * DAY_MS;
/** Changed lines of an ordinary commit when too few were sampled to measure: the top of the honest range (3-41). */
export const TYPICAL_COMMIT_LINES = 41;
const MIN_OTHERS_FOR_MEDIAN = 3;
/** Words by which a resume describes a project's starting point: then a large first commit is explained. */
const STARTING_POINT =
  /\b(based on|built on top of|started (?:from|as)|forked from|fork of|ported from|port of|migrated from|moved from|imported from|continuation of|successor (?:to|of)|rewrite of|rewritten from|evolved from|grew out of|derived from|originally (?:written|developed|built|made)|open[- ]sourced)\b/i;

/** The phrase of the claim's description that names the project's starting point, if any. */
export function describedStartingPoint(ctx: RepoRuleContext): string | null {
  for (const line of ctx.claim?.description ?? []) {
    const m = STARTING_POINT.exec(line);
    if (m) {
      const from = Math.max(0, m.index - 20);
      return line.slice(from, m.index + m[0].length + 40).trim();
    }
  }
  return null;
}

/**
 * BULK_DUMP: one commit holds most of the candidate's code. Honest developers often push finished local
 * work this way, so it is WARNING and never CRITICAL, and it is judged by the work around it
 * (large-commit.ts): a large commit followed by ordinary anchored work spread over weeks is a first
 * release or a starting point, one followed by ten or more commits that grow it by a quarter is where a
 * small project started, and a tree of its own added to a project already under way is something brought
 * in whole (an example, a library); each is only INFO, as is a starting point the resume itself describes
 * ("ported from my earlier engine"). Only code the candidate wrote
 * counts as their lines (authored-files.ts): lockfiles, vendored and built trees, documents, images and
 * data never make a dump.
 * A commit's lines are its additions to authored files when GitHub gave each file's additions
 * (GET /commits/{sha}); otherwise they are scaled by its share of authored files, which counts a
 * generator's lockfile (17,000 lines among a new app's 18 files) as code.
 * The candidate's total is exact when every own commit was read (short histories) or when
 * /stats/contributors gave it (src/github/line-counts.ts); otherwise it is estimated as the sampled lines
 * plus each unsampled commit at the median of the other sampled commits (at least 3 of them), or else at
 * TYPICAL_COMMIT_LINES, and the message says "about".
 */
/** BULK_DUMP's numbers: of the largest commit, or (`unrenderedCommits`) of the commits the host would not diff. */
export type BulkDumpEvidence = {
  commitLines?: number;
  commitFiles?: number;
  share?: number;
  historySpanHours: number;
  /** 1 when the history is too short to show how the code was built up */
  shortHistory: number;
  followingCommits?: number;
  followingWeeks?: number;
  explainedBy?: string;
  extent?: number;
  unrenderedCommits?: number;
};

export const bulkDump = historyRule<BulkDumpEvidence>((ctx) => {
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
  // ... less the lines of files they did not write in the commits read, so both sides of the share leave them out
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
  const otherLines = Math.max(0, total - biggest.lines);
  const follow = followUp(ctx, biggest, biggest.lines, otherLines);
  const component = addedComponent(ctx, biggest, real, follow, otherLines);
  const described = describedStartingPoint(ctx);
  const about_ = isExact ? "" : "about ";
  const head = `${about(ctx)}one commit (${biggest.commit.sha.slice(0, 7)}) adds ${biggest.lines.toLocaleString("en-US")} lines in ${biggest.files.length} files, ${about_}${pct(share)} of the candidate's code`;
  const after =
    follow.commits === 0
      ? "nothing follows it"
      : `${follow.commits} commit${follow.commits === 1 ? "" : "s"} over ${humanSpan(follow.span)} (${follow.weeks} active week${follow.weeks === 1 ? "" : "s"}, ${about_}${otherLines.toLocaleString("en-US")} lines) follow it`;
  // what explains the large commit, in the order the resume, the project's shape, then the work after it
  const explainedBy = described
    ? "resume"
    : component
      ? "added-component"
      : follow.spread
        ? "following-work"
        : follow.growing
          ? "growing-work"
          : "";
  const explained = explainedBy !== "";
  const readings: Record<string, () => string> = {
    resume: () => `; the resume describes this starting point ("${described}")`,
    "added-component": () =>
      `, almost all of it under ${component}: a tree of its own added to a project already under way on ${hostWord(ctx)} (${follow.before} commits over ${humanSpan(follow.beforeSpan)} before it), as when an example program, a library or a sub-project is brought in whole; the project's own history is around it`,
    "following-work": () =>
      `; ${after} on ${hostWord(ctx)}, as after a first release or a project started from earlier code`,
    "growing-work": () =>
      `; ${after} on ${hostWord(ctx)}, growing it by ${pct(otherLines / biggest.lines)}: the work started with this commit and went on in the open, as a small project often does in a day`,
    "": () =>
      `${short ? `, and the whole history spans ${Math.max(1, Math.round(span / HOUR_MS))} hours` : ""}; ${after}. Honest developers also push finished local work in one commit; what cannot be checked here is how it was written`,
  };
  const reading = readings[explainedBy]!();
  return {
    rule: "BULK_DUMP",
    severity: explained ? "INFO" : "WARNING",
    message: `${head}${reading}`,
    evidence: {
      commitLines: biggest.lines,
      commitFiles: biggest.files.length,
      share: Math.round(share * 100) / 100,
      historySpanHours: Math.round(span / HOUR_MS),
      shortHistory: short && !explained ? 1 : 0,
      followingCommits: follow.commits,
      followingWeeks: follow.weeks,
      explainedBy,
      // the extent rule: the history of this share of the code is gone, unless what follows explains it
      extent: explained ? 0 : Math.round(share * 100) / 100,
    },
  };
});

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
    message: `${about(ctx)}GitHub could not render the diff of ${shas.length === 1 ? "commit" : "commits"} ${shas.map((s) => s.slice(0, 7)).join(", ")} (too large to generate); such a commit usually holds most of a repository's code, often generated files or data rather than code anyone typed`,
    evidence: {
      unrenderedCommits: shas.length,
      historySpanHours: Math.round(span / HOUR_MS),
      shortHistory: span < BULK_SHORT_HISTORY_MS ? 1 : 0,
    },
  };
}
