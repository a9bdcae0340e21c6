import { describe, expect, test } from "bun:test";
import { corroborate } from "../../../src/analysis/rules/corroborate.ts";
import type { RuleHit } from "../../../src/analysis/rules/rule-context.ts";
import type { RuleId, Severity } from "../../../src/analysis/types.ts";

const hit = (
  rule: RuleId,
  severity: Severity = "WARNING",
  evidence: Record<string, number | string> = {},
): RuleHit => ({ rule, severity, message: rule.toLowerCase(), evidence });
const severities = (hits: RuleHit[]) => Object.fromEntries(corroborate(hits).map((h) => [h.rule, h.severity]));

describe("corroborate", () => {
  test.each<[string, RuleHit[], Record<string, Severity>]>([
    // future dates gain nothing: CRITICAL only beside evidence independent of the clock
    [
      "future dates beside other date anomalies stay a WARNING",
      [
        hit("FUTURE_AUTHOR_DATE", "WARNING", { futureCommits: 12 }),
        hit("PREDATES_REPO_OR_ACCOUNT"),
        hit("COMMIT_BURST"),
      ],
      { FUTURE_AUTHOR_DATE: "WARNING", PREDATES_REPO_OR_ACCOUNT: "WARNING", COMMIT_BURST: "WARNING" },
    ],
    [
      "future dates beside trivial churn (padding) are CRITICAL",
      [hit("FUTURE_AUTHOR_DATE", "WARNING", { futureCommits: 12 }), hit("TRIVIAL_CHURN")],
      { FUTURE_AUTHOR_DATE: "CRITICAL", TRIVIAL_CHURN: "WARNING" },
    ],
    [
      "one future date beside padding stays a WARNING",
      [hit("FUTURE_AUTHOR_DATE", "WARNING", { futureCommits: 1 }), hit("PADDED_ACTIVITY")],
      { FUTURE_AUTHOR_DATE: "WARNING", PADDED_ACTIVITY: "WARNING" },
    ],
    ["a backdated split alone stays a WARNING", [hit("BACKDATED_SPLIT")], { BACKDATED_SPLIT: "WARNING" }],
    [
      "a backdated split with a burst stays a WARNING (an honest rewrite)",
      [hit("BACKDATED_SPLIT"), hit("COMMIT_BURST")],
      { BACKDATED_SPLIT: "WARNING", COMMIT_BURST: "WARNING" },
    ],
    [
      "a backdated split with future dates is CRITICAL",
      [hit("BACKDATED_SPLIT"), hit("FUTURE_AUTHOR_DATE", "CRITICAL")],
      { BACKDATED_SPLIT: "CRITICAL", FUTURE_AUTHOR_DATE: "CRITICAL" },
    ],
    [
      "a backdated split with one clock time is CRITICAL",
      [hit("BACKDATED_SPLIT"), hit("CLOCK_TIME_MONOCULTURE", "CRITICAL")],
      { BACKDATED_SPLIT: "CRITICAL", CLOCK_TIME_MONOCULTURE: "CRITICAL" },
    ],
    [
      "random order and a backdated split corroborate each other",
      [hit("RANDOM_ORDER_HISTORY"), hit("BACKDATED_SPLIT")],
      { RANDOM_ORDER_HISTORY: "CRITICAL", BACKDATED_SPLIT: "CRITICAL" },
    ],
    ["random order alone stays a WARNING", [hit("RANDOM_ORDER_HISTORY")], { RANDOM_ORDER_HISTORY: "WARNING" }],
    [
      "predating by most commits with identical timestamps is CRITICAL",
      [hit("PREDATES_REPO_OR_ACCOUNT", "WARNING", { share: 0.9 }), hit("IDENTICAL_AUTHOR_TIMESTAMPS")],
      { PREDATES_REPO_OR_ACCOUNT: "CRITICAL", IDENTICAL_AUTHOR_TIMESTAMPS: "WARNING" },
    ],
    [
      "predating by half the commits is not enough",
      [hit("PREDATES_REPO_OR_ACCOUNT", "WARNING", { share: 0.5 }), hit("CLOCK_TIME_MONOCULTURE", "CRITICAL")],
      { PREDATES_REPO_OR_ACCOUNT: "WARNING", CLOCK_TIME_MONOCULTURE: "CRITICAL" },
    ],
    [
      "predating with only a burst stays a WARNING",
      [hit("PREDATES_REPO_OR_ACCOUNT", "WARNING", { share: 1 }), hit("COMMIT_BURST")],
      { PREDATES_REPO_OR_ACCOUNT: "WARNING", COMMIT_BURST: "WARNING" },
    ],
    [
      "one hour of the day alone stays an observation (a habit)",
      [hit("CLOCK_TIME_MONOCULTURE", "INFO")],
      { CLOCK_TIME_MONOCULTURE: "INFO" },
    ],
    [
      "one hour of the day with a burst and a backdated split (an honest rewrite) stays an observation",
      [hit("CLOCK_TIME_MONOCULTURE", "INFO"), hit("COMMIT_BURST"), hit("BACKDATED_SPLIT")],
      { CLOCK_TIME_MONOCULTURE: "INFO", COMMIT_BURST: "WARNING", BACKDATED_SPLIT: "WARNING" },
    ],
    [
      "one hour of the day with trivial commits is painting",
      [hit("CLOCK_TIME_MONOCULTURE", "INFO"), hit("TRIVIAL_CHURN")],
      { CLOCK_TIME_MONOCULTURE: "CRITICAL", TRIVIAL_CHURN: "WARNING" },
    ],
    [
      "one hour of the day with repeated messages is painting, and then corroborates a backdated split",
      [hit("CLOCK_TIME_MONOCULTURE", "INFO"), hit("REPEATED_OR_TIMESTAMP_MESSAGES"), hit("BACKDATED_SPLIT")],
      { CLOCK_TIME_MONOCULTURE: "CRITICAL", REPEATED_OR_TIMESTAMP_MESSAGES: "WARNING", BACKDATED_SPLIT: "CRITICAL" },
    ],
    [
      "an INFO note about messages is not padding",
      [hit("CLOCK_TIME_MONOCULTURE", "INFO"), hit("REPEATED_OR_TIMESTAMP_MESSAGES", "INFO")],
      { CLOCK_TIME_MONOCULTURE: "INFO", REPEATED_OR_TIMESTAMP_MESSAGES: "INFO" },
    ],
    [
      "one hour of the day over commits dated before the repository is painting both ways",
      [hit("CLOCK_TIME_MONOCULTURE", "INFO"), hit("PREDATES_REPO_OR_ACCOUNT", "WARNING", { share: 0.9 })],
      { CLOCK_TIME_MONOCULTURE: "CRITICAL", PREDATES_REPO_OR_ACCOUNT: "CRITICAL" },
    ],
    [
      "dates set by hand alone (a log dated to its days) stay a WARNING",
      [hit("IDENTICAL_AUTHOR_TIMESTAMPS", "WARNING", { setDates: 1 })],
      { IDENTICAL_AUTHOR_TIMESTAMPS: "WARNING" },
    ],
    [
      "dates set by a tool beside repeated messages are a painter's",
      [hit("IDENTICAL_AUTHOR_TIMESTAMPS", "WARNING", { setDates: 1 }), hit("REPEATED_OR_TIMESTAMP_MESSAGES")],
      { IDENTICAL_AUTHOR_TIMESTAMPS: "CRITICAL", REPEATED_OR_TIMESTAMP_MESSAGES: "WARNING" },
    ],
    [
      "set dates and one hour of the day do not corroborate each other alone",
      [hit("IDENTICAL_AUTHOR_TIMESTAMPS", "WARNING", { setDates: 1 }), hit("CLOCK_TIME_MONOCULTURE", "INFO")],
      { IDENTICAL_AUTHOR_TIMESTAMPS: "WARNING", CLOCK_TIME_MONOCULTURE: "INFO" },
    ],
    [
      "a bulk dump is never raised",
      [hit("BULK_DUMP"), hit("FUTURE_AUTHOR_DATE", "CRITICAL")],
      { BULK_DUMP: "WARNING", FUTURE_AUTHOR_DATE: "CRITICAL" },
    ],
  ])("%s", (_, hits, want) => {
    expect(severities(hits)).toEqual(want);
  });

  test("an escalated message says what corroborated it", () => {
    const [h] = corroborate([hit("BACKDATED_SPLIT"), hit("FUTURE_AUTHOR_DATE", "CRITICAL")]);
    expect(h?.message).toBe("backdated_split; together with future author dates in the same history this is forged");
    expect(h?.evidence.corroboratedBy).toBe("FUTURE_AUTHOR_DATE");
  });

  test("the order of hits does not change the outcome", () => {
    const a = [hit("RANDOM_ORDER_HISTORY"), hit("BACKDATED_SPLIT"), hit("COMMIT_BURST")];
    expect(severities(a)).toEqual(severities([...a].reverse()));
  });
});
