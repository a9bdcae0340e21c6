import { about, historyRule, sampleNote } from "./rule-context.ts";
import { clockSeconds, clockText, dayText, densestClockWindowAt, mode, pct } from "./time-stats.ts";

export const MONOCULTURE_MIN_COMMITS = 30;
export const MONOCULTURE_MIN_DAYS = 20;
/** Share of commits at one exact HH:MM:SS (a graph painter's fixed `--date ... 12:00:00`). */
export const MONOCULTURE_SAME_CLOCK_SHARE = 0.8;
/** Share of commits inside one 60-minute window of the day; honest projects measured at most 0.32. */
export const MONOCULTURE_WINDOW_SHARE = 0.5;
export const MONOCULTURE_WINDOW_SECONDS = 3600;

/**
 * CLOCK_TIME_MONOCULTURE: one clock time of day. Real work spreads over the day; painters and cron farms write every
 * commit at one time. The same HH:MM:SS on most commits over weeks is a date a script wrote: CRITICAL on
 * its own. Most commits inside one hour of the day is a habit as often as a script (people commit right
 * after a daily event or a commute), so it is raised as an INFO observation and becomes CRITICAL only
 * beside padding (corroborate.ts). Needs 30 commits over 20 author days so a short project is never judged.
 */
export const clockTimeMonoculture = historyRule((ctx) => {
  const n = ctx.commits.length;
  if (n < MONOCULTURE_MIN_COMMITS) return null;
  const days = new Set(ctx.commits.map((c) => dayText(c.authorDate))).size;
  if (days < MONOCULTURE_MIN_DAYS) return null;
  const secs = ctx.commits.map((c) => clockSeconds(c.authorDate)).filter((s): s is number => s !== null);
  const top = mode(ctx.commits.map((c) => clockText(c.authorDate) ?? ""));
  const sameShare = top.count / n;
  const window = densestClockWindowAt(secs, MONOCULTURE_WINDOW_SECONDS);
  const windowShare = window.count / n;
  if (sameShare < MONOCULTURE_SAME_CLOCK_SHARE && windowShare < MONOCULTURE_WINDOW_SHARE) return null;
  const exact = sameShare >= MONOCULTURE_SAME_CLOCK_SHARE;
  const hh = (s: number) =>
    `${String(Math.floor((s % 86_400) / 3600)).padStart(2, "0")}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}`;
  const message = exact
    ? `${about(ctx)}${top.count} of ${n} commits${sampleNote(ctx)} across ${days} days were authored at exactly ${top.value}; no person commits at the same second day after day, a script that sets the date does`
    : `${about(ctx)}${pct(windowShare)} of ${n} commits${sampleNote(ctx)} across ${days} days were authored between ${hh(window.start)} and ${hh(window.start + MONOCULTURE_WINDOW_SECONDS)} (the clock the dates were written in). People who commit right after a daily event or at a set time of day do this too; on its own it is an observation, not a forgery`;
  return {
    rule: "CLOCK_TIME_MONOCULTURE",
    severity: exact ? "CRITICAL" : "INFO",
    message,
    evidence: {
      examined: n,
      authorDays: days,
      sameClockShare: Math.round(sameShare * 100) / 100,
      hourWindowShare: Math.round(windowShare * 100) / 100,
      topClockTime: top.value ?? "",
    },
  };
});
