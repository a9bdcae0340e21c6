import { describe, expect, test } from "bun:test";
import { inflatedActivity } from "../../../src/analysis/rules/automated-commits.ts";
import type { RepoRuleContext } from "../../../src/analysis/rules/rule-context.ts";
import { hourly, human, ruleContext } from "../automation-fixtures.ts";

describe("INFLATED_ACTIVITY", () => {
  const ctxWith = (claim?: RepoRuleContext["claim"]) =>
    ruleContext([...human(117), ...hourly(400)], "price-tracker", 60, claim);

  test("a resume that does not sell the activity raises no inflation", () => {
    expect(
      inflatedActivity(ctxWith({ name: "Price tracker", dates: null, description: ["Tracks crypto prices"] })),
    ).toBeNull();
  });

  test.each([
    ["a claimed commit count", { claimedCommits: 4400, description: ["Tracks crypto prices"] }, '"4,400+ commits"'],
    ["a streak", { description: ["Kept a 450-day streak with daily updates"] }, '"450-day streak"'],
  ])("selling %s is inflation: WARNING with the automated share as its extent", (_, extra, quoted) => {
    const hit = inflatedActivity(ctxWith({ name: "Price tracker", dates: null, ...extra }))!;
    expect(hit.severity).toBe("WARNING");
    expect(hit.message).toContain(quoted);
    expect(hit.message).toContain(
      "400 of its 517 commits (77%) were made by a scheduled job; the candidate's own are 117",
    );
    expect(hit.message).toContain("is inflation");
    expect(hit.evidence.extent).toBe(0.77);
  });
});
