import { about, historyRule } from "./rule-context.ts";
import { densestWindow, HOUR_MS, mode, ms, utcDay, withinText } from "./time-stats.ts";

/** Honest projects measured at most 10 commits in one committer hour (a deliberate rewrite: 251). */
export const BURST_HOUR_MIN = 200;
export const BURST_DAY_MIN = 500;

/**
 * COMMIT_BURST: hundreds of commits committed in one hour or one day. A rewrite of real history does this
 * too, so WARNING only, and it does not corroborate other rules (see corroborate.ts).
 */
export const commitBurst = historyRule((ctx) => {
  const times = ctx.commits.map((c) => ms(c.committerDate));
  const hour = densestWindow(times, HOUR_MS);
  const day = mode(times.filter((t) => Number.isFinite(t)).map(utcDay));
  if (hour.count < BURST_HOUR_MIN && day.count < BURST_DAY_MIN) return null;
  const n = ctx.commits.length;
  const detail =
    hour.count >= BURST_HOUR_MIN
      ? `${hour.count} of ${n} commits were committed ${withinText(hour.end - hour.start)} on ${utcDay(hour.start)}`
      : `${day.count} of ${n} commits were committed on one day, ${day.value}`;
  return {
    rule: "COMMIT_BURST",
    severity: "WARNING",
    message: `${about(ctx)}${detail}; a rebase or an import re-commits a whole history at once`,
    evidence: { inOneHour: hour.count, inOneDay: day.count, examined: n },
  };
});
