import { describe, expect, test } from "bun:test";
import { confidenceScore, DISCREDITED_SCORE_CAP, type ScoredClaim } from "../../src/analysis/confidence-score.ts";
import { groupFindings, INNOCENT_READING } from "../../src/analysis/findings.ts";
import { sortFlags } from "../../src/analysis/flag-order.ts";
import type { Flag, RuleId, Severity } from "../../src/analysis/types.ts";
import { verdictOf } from "../../src/analysis/verdict.ts";

const f = (rule: RuleId, severity: Severity = "WARNING", repo = "ana/tool", evidence: Flag["evidence"] = {}): Flag => ({
  rule,
  severity,
  repo,
  message: `${repo}: ${rule.toLowerCase()}`,
  evidence,
});
const claim = (repo: string, matchStrength: ScoredClaim["matchStrength"] = "HIGH"): ScoredClaim => ({
  name: repo,
  repo,
  matchStrength,
  commits: 300,
  linked: true,
});

describe("one fact, one finding", () => {
  test("a whole-history rewrite: four WARNINGs that say one thing are one finding", () => {
    const flags = [
      f("BACKDATED_SPLIT"),
      f("COMMIT_BURST"),
      f("PREDATES_REPO_OR_ACCOUNT", "WARNING", "ana/tool", { share: 0.9, extent: 0.9 }),
      f("UNANCHORED_HISTORY", "WARNING", "ana/tool", { extent: 0.9 }),
    ];
    const { flags: tagged, findings } = groupFindings(flags);
    expect(new Set(tagged.map((x) => x.finding))).toEqual(new Set(["ana/tool#committed-late"]));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      id: "ana/tool#committed-late",
      fact: "committed-late",
      severity: "WARNING",
      repo: "ana/tool",
      title: "the history was committed long after it was written",
    });
    expect(findings[0]!.innocentReading).toContain("a rebase or a history clean-up");
    // weighed once: 0.85 credibility, not 0.85^4
    const grouped = confidenceScore([claim("ana/tool")], tagged);
    const ungrouped = confidenceScore([claim("ana/tool")], flags);
    expect(grouped.claims[0]!.credibility).toBe(0.85);
    expect(ungrouped.claims[0]!.credibility).toBe(0.522);
  });

  test("one late-commit flag alone is a finding of its own rule", () => {
    const { findings } = groupFindings([f("COMMIT_BURST")]);
    expect(findings.map((x) => [x.id, x.fact])).toEqual([["ana/tool#COMMIT_BURST", "COMMIT_BURST"]]);
    expect(findings[0]!.innocentReading).toBe(INNOCENT_READING.COMMIT_BURST!);
  });

  test("a forged history is one CRITICAL finding: its flags weigh once and are shown together", () => {
    const flags: Flag[] = [
      f("CLOCK_TIME_MONOCULTURE", "CRITICAL", "ana/art"),
      f("IDENTICAL_AUTHOR_TIMESTAMPS", "CRITICAL", "ana/art"),
      f("TRIVIAL_CHURN", "WARNING", "ana/art"),
      f("PREDATES_REPO_OR_ACCOUNT", "CRITICAL", "ana/art"),
      f("BULK_DUMP", "WARNING", "ana/other"),
      { rule: "HIDDEN_TEXT", severity: "WARNING", message: "hidden text" },
    ];
    const { flags: tagged, findings } = groupFindings(flags);
    expect(findings.map((x) => [x.id, x.severity])).toEqual([
      ["ana/art#forged-history", "CRITICAL"],
      ["ana/other#BULK_DUMP", "WARNING"],
      ["resume#HIDDEN_TEXT", "WARNING"],
    ]);
    const b = confidenceScore([claim("ana/art"), claim("ana/other")], tagged);
    expect(b.penalties.filter((p) => p.severity === "CRITICAL")).toEqual([
      {
        rule: "CLOCK_TIME_MONOCULTURE",
        severity: "CRITICAL",
        repo: "ana/art",
        finding: "ana/art#forged-history",
        points: 45,
      },
    ]);
    // the WARNING of the forged history sorts with its finding, before the other repository's WARNING
    expect(sortFlags(tagged).map((x) => x.rule)).toEqual([
      "CLOCK_TIME_MONOCULTURE",
      "IDENTICAL_AUTHOR_TIMESTAMPS",
      "PREDATES_REPO_OR_ACCOUNT",
      "TRIVIAL_CHURN",
      "HIDDEN_TEXT",
      "BULK_DUMP",
    ]);
  });

  test("a scheduled job's commits, the inflation sold on them and the job's clock are one finding", () => {
    const flags = [
      f("AUTOMATED_COMMITS", "INFO", "ana/bot", { onClock: 277 }),
      f("INFLATED_ACTIVITY", "WARNING", "ana/bot", { extent: 0.85 }),
      f("CLOCK_TIME_MONOCULTURE", "INFO", "ana/bot"),
    ];
    const { findings } = groupFindings(flags);
    expect(findings.map((x) => [x.id, x.severity, x.rules])).toEqual([
      ["ana/bot#scheduled-job", "WARNING", ["INFLATED_ACTIVITY", "AUTOMATED_COMMITS", "CLOCK_TIME_MONOCULTURE"]],
    ]);
  });

  test("ids are stable: the same flags in another order give the same findings", () => {
    const flags = [f("BACKDATED_SPLIT"), f("COMMIT_BURST"), f("BULK_DUMP", "WARNING", "ana/x")];
    const a = groupFindings(sortFlags(flags))
      .findings.map((x) => x.id)
      .sort();
    const b = groupFindings(sortFlags([...flags].reverse()))
      .findings.map((x) => x.id)
      .sort();
    expect(a).toEqual(b);
  });
});

describe("verdict calibration: half or more of the claim weight discredited reads mixed at most", () => {
  const dump = f("BULK_DUMP", "WARNING", "ana/dump", { extent: 0.95 });

  test("one honest project beside one that is mostly a dump: held in the mixed band", () => {
    const b = confidenceScore([claim("ana/good"), claim("ana/dump", "MEDIUM")], [dump]);
    expect(b.discreditedShare).toBe(0.5);
    expect(b.score).toBe(DISCREDITED_SCORE_CAP);
    expect(b.cappedAt).toBe(69);
    expect(verdictOf(b.score, [dump])).toBe("mixed");
  });

  test("two honest projects beside one discredited: a third is not half, no cap", () => {
    const b = confidenceScore([claim("ana/good"), claim("ana/fine"), claim("ana/dump", "MEDIUM")], [dump]);
    expect(b.discreditedShare).toBe(0.333);
    expect(b.cappedAt).toBeUndefined();
    expect(b.score).toBe(83);
  });

  test("an unverifiable claim is not a discredited one", () => {
    const b = confidenceScore(
      [claim("ana/good"), { name: "closed", repo: null, matchStrength: null, commits: 0, linked: false }],
      [],
    );
    expect(b.discreditedShare).toBe(0);
    expect(b.score).toBe(67);
  });
});

describe("every finding says its innocent reading", () => {
  test("each rule has one, and a finding of any rule carries it", () => {
    for (const [rule, reading] of Object.entries(INNOCENT_READING)) {
      expect(reading.length).toBeGreaterThan(20);
      const { findings } = groupFindings([f(rule as RuleId)]);
      // a finding of one flag reads its rule's; a fact's (a scheduled job is one even alone) reads the fact's
      if (findings[0]!.fact === rule) expect(findings[0]!.innocentReading).toBe(reading);
      else expect(findings[0]!.innocentReading.length).toBeGreaterThan(20);
    }
  });
});
