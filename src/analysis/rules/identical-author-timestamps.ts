import { about, historyRule } from "./rule-context.ts";
import { mode, ms, pct } from "./time-stats.ts";

/** Honest histories measured at most 3 commits on one author timestamp; painters 12-40. */
export const IDENTICAL_WARNING_MIN = 5;
export const IDENTICAL_CRITICAL_MIN = 10;
/**
 * A scheduled job that writes a few commits per run puts 2-6 commits on each of hundreds of seconds: no
 * single second reaches 10, but most commits share theirs. Real histories measured at most 4 % of
 * commits sharing an author second with another (a 1,907-commit CI action: 58 in 20 pairs and triples;
 * an SVN import 8 of 216); cron farms 35-96 %, date bots 18-90 %.
 */
export const SHARED_SECOND_MIN_COMMITS = 50;
export const SHARED_SECOND_MIN_SECONDS = 10;
export const SHARED_SECOND_CRITICAL_SHARE = 0.25;

/**
 * IDENTICAL_AUTHOR_TIMESTAMPS: many commits share one exact author timestamp. Author dates only (a rebase legitimately gives
 * many commits one committer date). WARNING at 5. At 10 on one second, or when a quarter of 50+ commits
 * share their second with another commit over 10 or more seconds (many small groups), the dates were
 * written by a tool or by hand: a painter's signature beside padding (corroborate.ts makes it CRITICAL
 * then), but alone it is what a log whose entries were dated by hand to the day they describe shows too.
 */
export const identicalAuthorTimestamps = historyRule((ctx) => {
  const times = ctx.commits.map((c) => ms(c.authorDate)).filter((t) => Number.isFinite(t));
  const top = mode(times);
  if (top.value === null) return null;
  const perSecond = new Map<number, number>();
  for (const t of times) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
  const groups = [...perSecond.values()].filter((k) => k > 1);
  const shared = groups.reduce((s, k) => s + k, 0);
  const sharedShare = times.length > 0 ? shared / times.length : 0;
  const many =
    times.length >= SHARED_SECOND_MIN_COMMITS &&
    groups.length >= SHARED_SECOND_MIN_SECONDS &&
    sharedShare >= SHARED_SECOND_CRITICAL_SHARE;
  if (top.count < IDENTICAL_WARNING_MIN && !many) return null;
  const when = new Date(top.value).toISOString().replace(".000Z", "Z");
  const spread = many
    ? `; ${shared} of ${times.length} commits (${pct(sharedShare)}) share their author second with another, over ${groups.length} seconds`
    : "";
  return {
    rule: "IDENTICAL_AUTHOR_TIMESTAMPS",
    severity: "WARNING",
    message: `${about(ctx)}${top.count} commits share the exact author timestamp ${when}${spread}; separate pieces of work are not written in the same second, so these dates were written by a tool or by hand (a log dated to the day each entry describes does this too)`,
    evidence: {
      sameTimestamp: top.count,
      examined: ctx.commits.length,
      timestamp: when,
      sharedSecondCommits: shared,
      sharedSeconds: groups.length,
      // a painter's signature, CRITICAL beside padding (corroborate.ts)
      setDates: top.count >= IDENTICAL_CRITICAL_MIN || many ? 1 : 0,
    },
  };
});
