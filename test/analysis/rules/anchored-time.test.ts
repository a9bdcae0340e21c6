import { describe, expect, test } from "bun:test";
import { confidenceScore, EXTENT_CREDIT_CAP, type ScoredClaim } from "../../../src/analysis/confidence-score.ts";
import { matchStrength } from "../../../src/analysis/match-strength.ts";
import { futureAuthorDate } from "../../../src/analysis/rules/future-author-date.ts";
import type { Flag } from "../../../src/analysis/types.ts";
import { commit, DAY, MIN } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

/** Author dates over `days` before `end`, all committed within minutes at `session`. */
function _backdated(n: number, start: number, days: number, session: number) {
  return Array.from({ length: n }, (_, i) =>
    commit(LOGIN, start + Math.floor((i * days * DAY) / n) + 37 * MIN * (i % 11), session + i * 1000),
  );
}

describe("unparseable dates are anomalous, not skipped", () => {
  test("a year git allows but no calendar holds counts as a future date", () => {
    const t = Date.parse("2024-01-01T00:00:00Z");
    const odd = { ...commit(LOGIN, t), authorDate: "275760-09-14T00:00:00Z" };
    const hit = futureAuthorDate(ctxOf([commit(LOGIN, t), odd, { ...odd, sha: "f".repeat(40) }]));
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.message).toContain("no calendar holds");
    expect(hit?.evidence.unparseableDates).toBe(2);
  });
});

describe("the extent rule", () => {
  const claim: ScoredClaim = { name: "atlas", repo: "ana/atlas", matchStrength: "MEDIUM", commits: 300, linked: true };
  const flag = (extent: number): Flag => ({
    severity: "WARNING",
    rule: "UNANCHORED_HISTORY",
    repo: "ana/atlas",
    message: "m",
    evidence: { extent },
  });

  test("a flag discrediting most of a history caps the claim's credit at about half", () => {
    const capped = confidenceScore([claim], [flag(0.9)]);
    expect(capped.claims[0]!.credit).toBe(EXTENT_CREDIT_CAP);
    expect(capped.claims[0]!.extentCapped).toBe(true);
    expect(capped.score).toBe(50);
    const minor = confidenceScore([claim], [flag(0.2)]);
    expect(minor.claims[0]!.credit).toBe(0.638);
  });

  test("such a claim is never HIGH", () => {
    const base = {
      basis: "link" as const,
      commits: 300,
      totalCommits: 300,
      forkWithoutOwnWork: false,
      shortBulkDump: false,
      forgedHistory: false,
    };
    expect(matchStrength(base)).toBe("HIGH");
    expect(matchStrength({ ...base, mostlyDiscredited: true })).toBe("MEDIUM");
  });
});
