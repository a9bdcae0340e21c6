import { about, type RepoRule } from "./rule-context.ts";
import { mode, ms } from "./time-stats.ts";

/** Honest histories measured at most 3 commits on one author timestamp; painters 12-40. */
export const IDENTICAL_WARNING_MIN = 5;
export const IDENTICAL_CRITICAL_MIN = 10;

/**
 * Rule 3: many commits share one exact author timestamp. Author dates only (a rebase legitimately gives
 * many commits one committer date). WARNING at 5, CRITICAL at 10.
 */
export const identicalAuthorTimestamps: RepoRule = (ctx) => {
  const top = mode(ctx.commits.map((c) => ms(c.authorDate)).filter((t) => Number.isFinite(t)));
  if (top.count < IDENTICAL_WARNING_MIN || top.value === null) return null;
  const when = new Date(top.value).toISOString().replace(".000Z", "Z");
  return {
    rule: "IDENTICAL_AUTHOR_TIMESTAMPS",
    severity: top.count >= IDENTICAL_CRITICAL_MIN ? "CRITICAL" : "WARNING",
    message: `${about(ctx)}${top.count} commits share the exact author timestamp ${when}; separate pieces of work are not written in the same second`,
    evidence: { sameTimestamp: top.count, examined: ctx.commits.length, timestamp: when },
  };
};
