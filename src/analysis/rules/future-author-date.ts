import { about, historyRule, sampleNote } from "./rule-context.ts";
import { DAY_MS, dayText, humanSpan, ms } from "./time-stats.ts";

/** An author date this far after its own committer date (or after the last push) cannot be honest. */
export const FUTURE_TOLERANCE_MS = DAY_MS;
/** Future dates on this many commits may turn CRITICAL, and only with corroboration (corroborate.ts). */
export const FUTURE_CRITICAL_MIN = 2;

/**
 * FUTURE_AUTHOR_DATE: author dates in the future. Git lets a client write any author date, but a commit cannot be
 * authored after it was committed, nor after the server received the last push. Where the host recorded
 * when each commit arrived (push times), a commit cannot be authored after its own arrival either.
 * Severity follows gain: a date in the future lengthens no experience a resume claims (a forger
 * backdates), and a clock set wrong stays wrong, for one commit or a hundred, until someone fixes it. So
 * the rule raises a WARNING worded as an observation; it becomes CRITICAL only beside evidence that does
 * not depend on the clock (padding: trivial commits, machine-written messages; corroborate.ts).
 */
export const futureAuthorDate = historyRule((ctx) => {
  const pushed = ctx.repo.pushedAt ? ms(ctx.repo.pushedAt) : NaN;
  const arrivals = ctx.evidence.forge?.anchoredTimes?.arrivals ?? {};
  let count = 0;
  let worst = 0;
  let worstSha = "";
  let worstDate = "";
  let unparseable = 0;
  let oddExample = "";
  for (const c of ctx.commits) {
    const a = ms(c.authorDate);
    if (!Number.isFinite(a)) {
      // git stores any number of seconds (year 275760 and beyond): a date no calendar holds is not skipped
      if (unparseable++ === 0) oddExample = `${c.sha.slice(0, 7)} dated "${c.authorDate}"`;
      count++;
      continue;
    }
    const arrived = arrivals[c.sha] ? ms(arrivals[c.sha]!) : NaN;
    const ahead = Math.max(
      a - ms(c.committerDate),
      Number.isFinite(pushed) ? a - pushed : -Infinity,
      Number.isFinite(arrived) ? a - arrived : -Infinity,
    );
    if (ahead > FUTURE_TOLERANCE_MS) {
      count++;
      if (ahead > worst) {
        worst = ahead;
        worstSha = c.sha.slice(0, 7);
        worstDate = dayText(c.authorDate);
      }
    }
  }
  if (count === 0) return null;
  return {
    rule: "FUTURE_AUTHOR_DATE",
    severity: "WARNING",
    message:
      `${about(ctx)}${count} of ${ctx.commits.length} commits${sampleNote(ctx)} claim an author date after they were committed or pushed` +
      (unparseable > 0 ? ` (${unparseable} with a date no calendar holds, e.g. ${oddExample})` : "") +
      (worst > 0 ? `; the worst (${worstSha}) is dated ${worstDate}, ${humanSpan(worst)} in its own future` : "") +
      "; a date in the future lengthens no experience a resume claims, and a machine whose clock was set wrong keeps writing such dates until someone fixes it, so alone this is an observation, not evidence of forgery",
    evidence: {
      futureCommits: count,
      examined: ctx.commits.length,
      maxAheadHours: Math.round(worst / 3_600_000),
      unparseableDates: unparseable,
    },
  };
});
