import { describe, expect, test } from "bun:test";
import { detectAutomation, messageTemplate } from "../../src/analysis/automation.ts";
import { stampsItsOwnTime } from "../../src/analysis/automation-late.ts";
import { groupFindings } from "../../src/analysis/findings.ts";
import { corroborate } from "../../src/analysis/rules/corroborate.ts";
import type { RuleHit } from "../../src/analysis/rules/rule-context.ts";
import type { Flag, RuleId, Severity } from "../../src/analysis/types.ts";
import type { GhCommit } from "../../src/github/types.ts";
import { commit, DAY, HOUR, honestHistory, MIN, rng } from "./fixtures.ts";

const L = "uma";
const T0 = Date.parse("2024-03-01T00:00:00Z");
const EMOJI = ["🚀", "🙈", "😂", "💩", "🐐", "😱", "🙏", "👿"];
const newestFirst = (cs: GhCommit[]) =>
  [...cs].sort((a, b) => Date.parse(b.committerDate) - Date.parse(a.committerDate));

/**
 * A daily job scheduled at 07:00 UTC under the owner's identity, as GitHub runs one: most runs start within
 * minutes, one in three is queued late (20 minutes to five hours), the message picks an emoji at random.
 */
function lateDailyJob(days: number, seed = 5): GhCommit[] {
  const r = rng(seed);
  return Array.from({ length: days }, (_, i) => {
    const late = r() < 0.35 ? 20 * MIN + Math.floor(r() * 280) * MIN : Math.floor(r() * 4 * 60) * 1000;
    return commit(L, T0 + 30 * DAY + i * DAY + 7 * HOUR + 30_000 + late, undefined, {
      message: `feat: ${EMOJI[Math.floor(r() * EMOJI.length)]} auto commit`,
    });
  });
}
const person = (n: number, start = T0, days = 200) => honestHistory(L, start, days, n, 9);

describe("a daily job's late runs", () => {
  test("runs queued late (minutes to hours after the schedule) are the job's, every one of them", () => {
    const job = lateDailyJob(120);
    const mine = person(25);
    const found = detectAutomation(newestFirst([...mine, ...job]))!;
    expect([...found.shas].sort()).toEqual(job.map((c) => c.sha).sort());
    expect(found.late).toBeGreaterThan(20);
    expect(found.templates).toBe(1);
    expect(found.topTemplate).toBe("feat: # auto commit");
  });

  test("a person's commits of the job's template are not runs: another committer, before the job, or on a day it already ran", () => {
    const job = lateDailyJob(120);
    const template = (t: number, extra: Partial<GhCommit> = {}) =>
      commit(L, t, undefined, { message: "feat: 🚀 auto commit", ...extra });
    const webEditor = template(T0 + 60 * DAY + 9 * HOUR, {
      committerLogin: "web-flow",
      committerName: "GitHub",
      committerEmail: "noreply@github.com",
    });
    const beforeTheJob = template(T0 + 10 * DAY + 8 * HOUR);
    // the job ran on time that day (07:00:30-07:04), and a second commit an hour later is no run of it
    const onTimeDay = job.find((c) => Date.parse(c.committerDate) % DAY < 7 * HOUR + 5 * MIN)!;
    const secondThatDay = template(Date.parse(onTimeDay.committerDate) + HOUR);
    // long after the schedule (seven hours): a person at their desk
    const evening = template(T0 + 70 * DAY + 14 * HOUR + 30 * MIN);
    const extra = [webEditor, beforeTheJob, secondThatDay, evening];
    const found = detectAutomation(newestFirst([...person(25), ...job, ...extra]))!;
    for (const c of extra) expect(found.shas.has(c.sha)).toBe(false);
    expect(found.count).toBe(job.length);
  });

  test("a developer committing at a regular hour is not a job, late or on time", () => {
    const r = rng(31);
    // right after a daily puzzle opens at 05:00 UTC, for 25 days a year over four years, distinct work
    const cs = Array.from({ length: 100 }, (_, i) => {
      const day = Math.floor(i / 25) * 365 + (i % 25);
      return commit(
        L,
        T0 + day * DAY + 5 * HOUR + Math.floor(r() * 50) * MIN + Math.floor(r() * 60) * 1000,
        undefined,
        {
          message: `Day ${(i % 25) + 1}: ${["two pointers", "parse grid", "BFS", "memoize"][i % 4]}`,
        },
      );
    });
    expect(detectAutomation(newestFirst(cs))).toBeNull();
  });

  test("once a job is found, messages stating their own commit time join it; alone they are no job", () => {
    const stamp = (t: number) =>
      commit(L, t, undefined, { message: `Periodical update posts ${new Date(t).toISOString().slice(0, 19)}` });
    const posts = [3, 50, 97, 140].map((d) => stamp(T0 + 40 * DAY + d * DAY + 15 * HOUR + 17 * MIN));
    const job = lateDailyJob(120);
    const found = detectAutomation(newestFirst([...person(25), ...job, ...posts]))!;
    expect(found.stamped).toBe(4);
    for (const c of posts) expect(found.shas.has(c.sha)).toBe(true);
    expect(detectAutomation(newestFirst([...person(40), ...posts]))).toBeNull();
  });

  test("a message states its own time only to the minute of its commit, in any zone", () => {
    const at = (message: string, iso: string) => commit(L, Date.parse(iso), undefined, { message });
    expect(stampsItsOwnTime(at("Update 2021-01-18T11:14:43", "2021-01-18T11:14:44Z"))).toBe(true);
    expect(stampsItsOwnTime(at("Backup 2021-01-18 16:44", "2021-01-18T11:14:50Z"))).toBe(true);
    expect(stampsItsOwnTime(at("notes for 2021-01-18 09:00", "2021-01-18T11:14:44Z"))).toBe(false);
    expect(stampsItsOwnTime(at("Day 5 notes 2021-01-18", "2021-01-18T11:14:44Z"))).toBe(false);
  });

  test("emoji picked at random make one template", () => {
    expect(messageTemplate("feat: 😱 auto commit")).toBe(messageTemplate("feat: 👍🏽 auto commit"));
    expect(messageTemplate("✨ add parser")).not.toBe(messageTemplate("✨ add lexer"));
  });
});

describe("a job's clock is the job's, not a forged history", () => {
  const hit = (
    rule: RuleId,
    severity: Severity = "WARNING",
    evidence: Record<string, number | string> = {},
  ): RuleHit => ({
    rule,
    severity,
    message: rule.toLowerCase(),
    evidence,
  });
  const job = (automatedCommits: number, humanCommits: number) =>
    hit("AUTOMATED_COMMITS", "INFO", { automatedCommits, humanCommits, onClock: automatedCommits, inRuns: 0 });
  const severities = (hits: RuleHit[]) => Object.fromEntries(corroborate(hits).map((h) => [h.rule, h.severity]));

  test("a job that made most of the history: its trivial commits and template messages do not make its clock CRITICAL", () => {
    const s = severities([
      hit("CLOCK_TIME_MONOCULTURE", "INFO"),
      hit("TRIVIAL_CHURN"),
      hit("REPEATED_OR_TIMESTAMP_MESSAGES"),
      job(1686, 5),
      hit("INFLATED_ACTIVITY"),
    ]);
    expect(s.CLOCK_TIME_MONOCULTURE).toBe("INFO");
    expect(Object.values(s)).not.toContain("CRITICAL");
  });

  test("forgery a job never makes (dates before the repository, future dates) still makes its clock CRITICAL", () => {
    for (const forged of ["PREDATES_REPO_OR_ACCOUNT", "FUTURE_AUTHOR_DATE", "UNANCHORED_HISTORY"] as RuleId[])
      expect(
        severities([hit("CLOCK_TIME_MONOCULTURE", "INFO"), hit("TRIVIAL_CHURN"), hit(forged), job(900, 10)])
          .CLOCK_TIME_MONOCULTURE,
      ).toBe("CRITICAL");
  });

  test("a painting script at one clock second stays CRITICAL whatever the automation", () => {
    expect(
      severities([hit("CLOCK_TIME_MONOCULTURE", "CRITICAL"), hit("BACKDATED_SPLIT"), job(900, 10)]).BACKDATED_SPLIT,
    ).toBe("CRITICAL");
  });

  test("a clock with padding and a job that made only a little of the history is still corroborated", () => {
    expect(
      severities([hit("CLOCK_TIME_MONOCULTURE", "INFO"), hit("TRIVIAL_CHURN"), job(30, 300)]).CLOCK_TIME_MONOCULTURE,
    ).toBe("CRITICAL");
  });

  test("the job's signature is one finding with the job: one fact, one weight", () => {
    const flags: Flag[] = (
      [
        ["AUTOMATED_COMMITS", "INFO"],
        ["INFLATED_ACTIVITY", "WARNING"],
        ["CLOCK_TIME_MONOCULTURE", "INFO"],
        ["TRIVIAL_CHURN", "WARNING"],
        ["REPEATED_OR_TIMESTAMP_MESSAGES", "WARNING"],
      ] as Array<[RuleId, Severity]>
    ).map(([rule, severity]) => ({
      rule,
      severity,
      repo: "uma/actions",
      message: rule,
      ...(rule === "AUTOMATED_COMMITS" ? { evidence: { automatedCommits: 1686, humanCommits: 5, onClock: 1193 } } : {}),
    }));
    const { findings } = groupFindings(flags);
    expect(findings.map((f) => [f.id, f.severity])).toEqual([["uma/actions#scheduled-job", "WARNING"]]);
  });
});
