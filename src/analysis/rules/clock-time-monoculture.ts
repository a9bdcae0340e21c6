import { about, type RepoRule, sampleNote } from "./rule-context.ts";
import { clockSeconds, clockText, dayText, densestClockWindow, mode, pct } from "./time-stats.ts";

export const MONOCULTURE_MIN_COMMITS = 30;
export const MONOCULTURE_MIN_DAYS = 20;
/** Share of commits at one exact HH:MM:SS (a graph painter's fixed `--date ... 12:00:00`). */
export const MONOCULTURE_SAME_CLOCK_SHARE = 0.8;
/** Share of commits inside one 60-minute window of the day; honest projects measured at most 0.32. */
export const MONOCULTURE_WINDOW_SHARE = 0.5;
export const MONOCULTURE_WINDOW_SECONDS = 3600;

/**
 * Rule 2: one clock time of day. Real work spreads over the day; painters and cron farms write every
 * commit at one time. CRITICAL; needs 30 commits over 20 author days so a short project is never judged.
 */
export const clockTimeMonoculture: RepoRule = (ctx) => {
  const n = ctx.commits.length;
  if (n < MONOCULTURE_MIN_COMMITS) return null;
  const days = new Set(ctx.commits.map((c) => dayText(c.authorDate))).size;
  if (days < MONOCULTURE_MIN_DAYS) return null;
  const secs = ctx.commits.map((c) => clockSeconds(c.authorDate)).filter((s): s is number => s !== null);
  const top = mode(ctx.commits.map((c) => clockText(c.authorDate) ?? ""));
  const sameShare = top.count / n;
  const windowShare = densestClockWindow(secs, MONOCULTURE_WINDOW_SECONDS) / n;
  if (sameShare < MONOCULTURE_SAME_CLOCK_SHARE && windowShare < MONOCULTURE_WINDOW_SHARE) return null;
  const detail =
    sameShare >= MONOCULTURE_SAME_CLOCK_SHARE
      ? `${top.count} of ${n} commits${sampleNote(ctx)} across ${days} days were authored at exactly ${top.value}`
      : `${pct(windowShare)} of ${n} commits${sampleNote(ctx)} across ${days} days were authored within the same hour of the day`;
  return {
    rule: "CLOCK_TIME_MONOCULTURE",
    severity: "CRITICAL",
    message: `${about(ctx)}${detail}; real work spreads over the day`,
    evidence: {
      examined: n,
      authorDays: days,
      sameClockShare: Math.round(sameShare * 100) / 100,
      hourWindowShare: Math.round(windowShare * 100) / 100,
      topClockTime: top.value ?? "",
    },
  };
};
