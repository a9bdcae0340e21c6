import { about, historyRule } from "./rule-context.ts";
import { mode, pct } from "./time-stats.ts";

export const MESSAGES_MIN_COMMITS = 50;
export const MESSAGES_INFO_SHARE = 0.25;
export const MESSAGES_WARNING_SHARE = 0.5;
export const MESSAGES_DATE_SHARE = 0.5;
/**
 * A job that picks its message from a short list ("Staying consistent", "Daily update", ...) repeats no
 * one message a quarter of the time but writes few distinct ones: cron painters measured 14-32 distinct
 * subjects over 328-3,166 commits (ratio 0.01-0.10); real histories at least 0.48 (a CI action with 912
 * over 1,907 commits; notes, dotfiles and libraries 0.87-0.99). Defaults are left out of both counts.
 */
export const MESSAGES_VOCABULARY_MAX_RATIO = 0.15;

/**
 * Messages GitHub's web editor and git tools write by default ("Update README.md", "Create index.html",
 * "Add files via upload", "Rename a.js to b.js", "Merge pull request #3 from ..."): a junior editing in the
 * browser repeats them dozens of times. Repetition is judged only on the messages a person wrote.
 */
export const DEFAULT_MESSAGE =
  /^(initial commit|first commit|init|wip|add files via upload|rename \S+ to \S+|(update|create|delete|add) \S+|revert ".*"|merge\b.*)$/i;
/** A message that is (almost) only a date, e.g. "Contribution: 2023-01-05 20:01" or "2024-03-02". */
export const DATE_MESSAGE =
  /^[^\d]{0,30}\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?[^\d]{0,12}$/;

function subject(message: string): string {
  return (message.split("\n")[0] ?? "").trim();
}

/**
 * REPEATED_OR_TIMESTAMP_MESSAGES: one message over and over, or messages that are timestamps (templated backdating scripts).
 * Repetition is judged on the messages a person wrote (GitHub's and git's default messages left out, at
 * least 50 of them): INFO at 25 % one message, WARNING at 50 %, or a few messages repeated over all of
 * them (MESSAGES_VOCABULARY_MAX_RATIO); WARNING at 50 % date-only messages. Each message gives the
 * innocent reading: terse habits repeat messages too.
 */
/** REPEATED_OR_TIMESTAMP_MESSAGES's numbers: date-only messages, or the vocabulary of the messages a person wrote. */
export type RepeatedMessagesEvidence = {
  examined: number;
  topMessageShare: number;
  dateMessages?: number;
  distinctMessages?: number;
  topMessageCount?: number;
  personWritten?: number;
};

export const repeatedOrTimestampMessages = historyRule<RepeatedMessagesEvidence>((ctx) => {
  const n = ctx.commits.length;
  if (n < MESSAGES_MIN_COMMITS) return null;
  const subjects = ctx.commits.map((c) => subject(c.message));
  const dated = subjects.filter((s) => DATE_MESSAGE.test(s)).length;
  const dateShare = dated / n;
  if (dateShare >= MESSAGES_DATE_SHARE) {
    return {
      rule: "REPEATED_OR_TIMESTAMP_MESSAGES",
      severity: "WARNING",
      message: `${about(ctx)}${dated} of ${n} commit messages are just a date or timestamp, what backdating scripts write; a person who logs a diary or a daily note by date writes them too`,
      evidence: { dateMessages: dated, examined: n, topMessageShare: 0 },
    };
  }
  const own = subjects.filter((s) => s !== "" && !DEFAULT_MESSAGE.test(s)).map((s) => s.toLowerCase());
  const defaults = n - own.length;
  if (own.length < MESSAGES_MIN_COMMITS) return null;
  const top = mode(own);
  const topShare = top.count / own.length;
  const distinct = new Set(own).size;
  const written = `${own.length} messages a person wrote${defaults > 0 ? ` (${defaults} of GitHub's or git's defaults left out)` : ""}`;
  if (topShare < MESSAGES_WARNING_SHARE && distinct / own.length <= MESSAGES_VOCABULARY_MAX_RATIO)
    return {
      rule: "REPEATED_OR_TIMESTAMP_MESSAGES",
      severity: "WARNING",
      message: `${about(ctx)}${written} are drawn from only ${distinct} distinct ones (the most frequent "${top.value}"), as when a script picks from a short list; a person who reuses a few short messages ("fix", "update") writes this too`,
      evidence: {
        distinctMessages: distinct,
        examined: n,
        personWritten: own.length,
        topMessageShare: Math.round(topShare * 100) / 100,
      },
    };
  if (topShare < MESSAGES_INFO_SHARE) return null;
  return {
    rule: "REPEATED_OR_TIMESTAMP_MESSAGES",
    severity: topShare >= MESSAGES_WARNING_SHARE ? "WARNING" : "INFO",
    message: `${about(ctx)}${pct(topShare)} of ${written} are the same message "${top.value}"; terse habits repeat a message too, a script repeats it by design`,
    evidence: {
      topMessageCount: top.count,
      examined: n,
      personWritten: own.length,
      topMessageShare: Math.round(topShare * 100) / 100,
    },
  };
});
