import { about, historyRule, hostOf } from "./rule-context.ts";
import { DAY_MS, dayText, humanSpan, ms, pct } from "./time-stats.ts";

/** A commit that reached the host this long after its committer date was kept somewhere else first. */
export const LATE_ARRIVAL_MS = 30 * DAY_MS;
/** Commits dated this long before the repository existed are an import's, judged by UNANCHORED_HISTORY. */
export const LATE_GRACE_MS = 7 * DAY_MS;
/** Most of the history, not a branch merged after a long review: finished work moved in from elsewhere. */
export const LATE_MIN_SHARE = 0.5;
export const LATE_MIN_COMMITS = 3;

/**
 * Server-recorded time against commit dates. Commit dates are written by whoever commits; a host that
 * records pushes (GitLab's push events, kept three years; a Gitea/Forgejo activity feed) says when each
 * commit really arrived. A history dated inside the repository's life that arrived weeks after those dates
 * claims work the repository never received while it was supposedly done: every date in git can look
 * honest, the server's time does not. WARNING, never more on its own: a history developed on another host,
 * a company server or an offline machine and pushed at once into an older project looks the same. Its
 * `extent` (the late share of the candidate's commits) feeds the score's extent rule. Commits dated before
 * the repository existed are an import's (UNANCHORED_HISTORY), and commits without a recorded arrival
 * (older than the host keeps events) are unknown, never late.
 */
export const pushedLongAfterDates = historyRule((ctx) => {
  const anchored = ctx.evidence.forge?.anchoredTimes;
  const n = ctx.commits.length;
  if (!anchored || n === 0) return null;
  const created = ms(ctx.repo.createdAt);
  const late = ctx.commits.flatMap((c) => {
    const at = anchored.arrivals[c.sha];
    const dated = ms(c.committerDate);
    if (!at || !Number.isFinite(dated) || dated < created - LATE_GRACE_MS) return [];
    const lag = ms(at) - dated;
    return lag > LATE_ARRIVAL_MS ? [{ dated, at, lag }] : [];
  });
  const share = late.length / n;
  if (late.length < LATE_MIN_COMMITS || share < LATE_MIN_SHARE) return null;
  const first = Math.min(...late.map((l) => l.dated));
  const last = Math.max(...late.map((l) => l.dated));
  const arrivals = [...new Set(late.map((l) => l.at))].sort();
  // pushes recorded while the late commits were supposedly being written: none means the repository received nothing
  const between = anchored.pushes.filter((p) => ms(p.at) > first && ms(p.at) < ms(arrivals[0]!)).length;
  const pushes =
    arrivals.length === 1
      ? `in one push on ${dayText(arrivals[0]!)}`
      : `in ${arrivals.length} pushes between ${dayText(arrivals[0]!)} and ${dayText(arrivals[arrivals.length - 1]!)}`;
  const host = hostOf(ctx);
  const minLag = Math.min(...late.map((l) => l.lag));
  return {
    rule: "PUSHED_LONG_AFTER_DATES",
    severity: "WARNING",
    message: `${about(ctx)}${late.length} of ${n} commits (${pct(share)}) are dated from ${dayText(new Date(first).toISOString())} to ${dayText(new Date(last).toISOString())}, while the repository existed, but ${host} recorded them arriving ${pushes}, at least ${humanSpan(minLag)} after their dates${between === 0 ? "; the repository received no push while they were supposedly written" : ""}. A history developed on another host, a company server or an offline machine and pushed at once into an older repository looks the same, so ask where it was developed`,
    evidence: {
      lateCommits: late.length,
      examined: n,
      share: Math.round(share * 100) / 100,
      pushes: arrivals.length,
      pushesBetween: between,
      minLagDays: Math.round(minLag / DAY_MS),
      maxLagDays: Math.round(Math.max(...late.map((l) => l.lag)) / DAY_MS),
      source: anchored.source,
      extent: Math.round(share * 100) / 100,
    },
  };
});
