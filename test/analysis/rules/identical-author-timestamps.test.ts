import { describe, expect, test } from "bun:test";
import { identicalAuthorTimestamps } from "../../../src/analysis/rules/identical-author-timestamps.ts";
import { commit, DAY, MIN } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T00:00:00Z");

describe("IDENTICAL_AUTHOR_TIMESTAMPS", () => {
  const same = (n: number) => Array.from({ length: n }, (_, i) => commit(LOGIN, T0, T0 + i * MIN));
  test.each([
    [3, null, 0],
    [4, null, 0],
    [5, "WARNING", 0],
    [9, "WARNING", 0],
    // dates set by a tool or by hand: CRITICAL only beside padding (corroborate.ts)
    [10, "WARNING", 1],
  ])("%i commits on one author timestamp -> %p", (n, severity, setDates) => {
    const hit = identicalAuthorTimestamps(ctxOf(same(n as number)));
    expect(hit?.severity ?? null).toBe(severity as never);
    if (hit) expect(hit.evidence.setDates).toBe(setDates as number);
  });

  test("a scheduled job writing 2-3 commits per run: most commits share their second, none reaches 5", () => {
    // 120 runs over 120 days, each writing 2 or 3 commits in the same second
    const runs = Array.from({ length: 120 }, (_, d) =>
      Array.from({ length: 2 + (d % 2) }, () => commit(LOGIN, T0 + d * DAY + (d % 7) * 3600_000)),
    ).flat();
    const hit = identicalAuthorTimestamps(ctxOf(runs));
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.evidence.setDates).toBe(1);
    expect(hit?.message).toContain("a log dated to the day each entry describes does this too");
    expect(hit?.message).toContain(
      "300 of 300 commits (100%) share their author second with another, over 120 seconds",
    );
  });

  test("a few pairs in a long honest history (4 %, measured at most) are not flagged", () => {
    // 200 commits 5 hours apart; 8 pairs (16 commits, 8 %) share a second: under a quarter, and < 10 seconds
    const honest = Array.from({ length: 200 }, (_, i) =>
      commit(LOGIN, T0 + (i < 16 && i % 2 === 1 ? i - 1 : i) * 5 * 3600_000),
    );
    expect(identicalAuthorTimestamps(ctxOf(honest))).toBeNull();
  });

  test("many commits sharing a committer timestamp (a rebase) are not flagged", () => {
    const rebased = Array.from({ length: 30 }, (_, i) => commit(LOGIN, T0 + i * DAY, T0 + 40 * DAY));
    expect(identicalAuthorTimestamps(ctxOf(rebased))).toBeNull();
  });
});
