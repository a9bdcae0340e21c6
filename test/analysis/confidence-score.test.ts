import { describe, expect, test } from "bun:test";
import { activityFactor, confidenceScore, credibility, type ScoredClaim } from "../../src/analysis/confidence-score.ts";
import type { Flag } from "../../src/analysis/types.ts";

const high = (name: string, commits = 40): ScoredClaim => ({
  name,
  repo: `ana/${name}`,
  matchStrength: "HIGH",
  commits,
  linked: true,
});
const unmatched = (name: string, linked: boolean): ScoredClaim => ({
  name,
  repo: null,
  matchStrength: null,
  commits: 0,
  linked,
});
const flag = (severity: Flag["severity"], rule: Flag["rule"], repo?: string): Flag => ({
  severity,
  rule,
  message: rule,
  ...(repo ? { repo } : {}),
});

describe("activityFactor and credibility", () => {
  test.each([
    [0, 0],
    [1, 0.614],
    [20, 1],
    [500, 1],
  ])("activity(%i) = %p", (commits, want) => expect(Math.round(activityFactor(commits) * 1000) / 1000).toBe(want));
  test.each([
    [[], 1],
    [["INFO", "INFO"], 1],
    [["WARNING"], 0.85],
    [["WARNING", "WARNING"], 0.7225],
    [["WARNING", "WARNING", "WARNING", "WARNING", "WARNING", "WARNING"], 0.4],
    [["WARNING", "CRITICAL"], 0],
  ] as const)("credibility(%p) = %p", (sev, want) => expect(credibility([...sev])).toBeCloseTo(want, 10));
});

describe("confidenceScore", () => {
  test.each<[string, ScoredClaim[], Flag[], number]>([
    ["every claim verified with plenty of work", [high("a"), high("b")], [], 100],
    ["INFO flags cost nothing", [high("a")], [flag("INFO", "BOT_AUTHOR", "ana/a")], 100],
    ["a WARNING on the repository lowers its credit", [high("a")], [flag("WARNING", "BULK_DUMP", "ana/a")], 85],
    [
      "an unmatched linked claim credits 0 and costs nothing more",
      [high("a"), unmatched("x", true)],
      [flag("WARNING", "UNMATCHED_CLAIM")],
      50,
    ],
    [
      "an unmatched claim without a link weighs half",
      [high("a"), unmatched("x", false)],
      [flag("WARNING", "UNMATCHED_CLAIM")],
      67,
    ],
    ["a resume-level WARNING costs 5", [high("a")], [flag("WARNING", "HIDDEN_TEXT")], 95],
    [
      "a CRITICAL zeroes its claim and costs 45",
      [high("a"), high("b")],
      [flag("CRITICAL", "FUTURE_AUTHOR_DATE", "ana/b")],
      5,
    ],
    [
      "CRITICAL penalties stop at 45",
      [high("a"), high("b"), high("c"), high("d")],
      ["e", "f", "g", "h"].map(() => flag("CRITICAL", "CLOCK_TIME_MONOCULTURE", "ana/d")),
      30,
    ],
    ["never below 0", [high("a")], [flag("CRITICAL", "FUTURE_AUTHOR_DATE", "ana/a")], 0],
    ["LOW with one commit", [{ name: "a", repo: "ana/a", matchStrength: "LOW", commits: 1, linked: false }], [], 25],
    ["no claims", [], [], 0],
  ])("%s -> %i", (_, claims, flags, want) => {
    expect(confidenceScore(claims, flags).score).toBe(want);
  });

  test("the breakdown explains the arithmetic", () => {
    const b = confidenceScore([high("a", 1), unmatched("x", true)], [flag("WARNING", "PROFILE_MISMATCH")], 1);
    expect(b.claims.map((c) => [c.name, c.credit, c.activityFactor, c.credibility])).toEqual([
      ["a", 0.614, 0.614, 1],
      ["x", 0, 0, 0],
    ]);
    expect(b.evidence).toBe(30.7);
    expect(b.penalties).toEqual([{ rule: "PROFILE_MISMATCH", severity: "WARNING", points: 5 }]);
    expect(b.score).toBe(26);
    expect(b.mentionsSkipped).toBe(1);
    expect(b.formula).toContain("evidence - penalties");
  });

  test("a mostly copied repository credits at most its share of files that is not copied", () => {
    const copied: Flag = {
      severity: "WARNING",
      rule: "COPIED_REPOSITORY",
      repo: "ana/a",
      message: "m",
      evidence: { extent: 0.84, creditCap: 0.16 },
    };
    const b = confidenceScore([high("a")], [copied]);
    expect(b.claims[0]!.credit).toBe(0.16);
    expect(b.claims[0]!.extentCapped).toBe(true);
    expect(b.score).toBe(16);
  });

  test("equal input gives byte-identical output", () => {
    const claims = [high("a", 7), high("b", 13)];
    const flags = [flag("WARNING", "BULK_DUMP", "ana/a"), flag("CRITICAL", "FUTURE_AUTHOR_DATE", "ana/b")];
    expect(JSON.stringify(confidenceScore(claims, flags))).toBe(
      JSON.stringify(confidenceScore(structuredClone(claims), structuredClone(flags))),
    );
  });
});
