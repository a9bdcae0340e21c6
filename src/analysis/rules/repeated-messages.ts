import { about, type RepoRule, type RuleHit } from "./rule-context.ts";
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

/** Messages that tools and the web UI write by default: repeating them is normal. */
const DEFAULT_MESSAGE =
  /^(initial commit|first commit|init|wip|add files via upload|(update|create|delete|rename|add) \S+|merge\b.*)$/i;
/** A message that is (almost) only a date, e.g. "Contribution: 2023-01-05 20:01" or "2024-03-02". */
const DATE_MESSAGE = /^[^\d]{0,30}\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?[^\d]{0,12}$/;

function subject(message: string): string {
  return (message.split("\n")[0] ?? "").trim();
}

/**
 * Rule 9: one message over and over, or messages that are timestamps (templated backdating scripts).
 * INFO at 25 % repeated, WARNING at 50 % repeated or 50 % date-only messages, or a few messages
 * repeated over 50 or more commits (MESSAGES_VOCABULARY_MAX_RATIO).
 */
export const repeatedOrTimestampMessages: RepoRule = (ctx): RuleHit | null => {
  const n = ctx.commits.length;
  if (n < MESSAGES_MIN_COMMITS) return null;
  const subjects = ctx.commits.map((c) => subject(c.message));
  const dated = subjects.filter((s) => DATE_MESSAGE.test(s)).length;
  const dateShare = dated / n;
  const own = subjects.filter((s) => s !== "" && !DEFAULT_MESSAGE.test(s)).map((s) => s.toLowerCase());
  const top = mode(own);
  const topShare = top.count / n;
  const distinct = new Set(own).size;
  if (dateShare >= MESSAGES_DATE_SHARE) {
    return {
      rule: "REPEATED_OR_TIMESTAMP_MESSAGES",
      severity: "WARNING",
      message: `${about(ctx)}${dated} of ${n} commit messages are just a date or timestamp, the output of a backdating script`,
      evidence: { dateMessages: dated, examined: n, topMessageShare: Math.round(topShare * 100) / 100 },
    };
  }
  if (topShare < MESSAGES_WARNING_SHARE && own.length >= MESSAGES_MIN_COMMITS) {
    const ratio = distinct / own.length;
    if (ratio <= MESSAGES_VOCABULARY_MAX_RATIO)
      return {
        rule: "REPEATED_OR_TIMESTAMP_MESSAGES",
        severity: "WARNING",
        message: `${about(ctx)}${own.length} commit messages are drawn from only ${distinct} distinct ones (the most frequent "${top.value}"), the output of a script`,
        evidence: {
          distinctMessages: distinct,
          examined: n,
          topMessageShare: Math.round(topShare * 100) / 100,
        },
      };
  }
  if (topShare < MESSAGES_INFO_SHARE) return null;
  return {
    rule: "REPEATED_OR_TIMESTAMP_MESSAGES",
    severity: topShare >= MESSAGES_WARNING_SHARE ? "WARNING" : "INFO",
    message: `${about(ctx)}${pct(topShare)} of ${n} commits carry the same message "${top.value}"`,
    evidence: { topMessageCount: top.count, examined: n, topMessageShare: Math.round(topShare * 100) / 100 },
  };
};
