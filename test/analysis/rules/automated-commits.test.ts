import { describe, expect, test } from "bun:test";
import { automatedCommits } from "../../../src/analysis/rules/automated-commits.ts";
import type { RepoRuleContext } from "../../../src/analysis/rules/rule-context.ts";
import { hourly, human, ruleContext } from "../automation-fixtures.ts";
import { ctxOf } from "./rule-fixtures.ts";

describe("AUTOMATED_COMMITS", () => {
  const ctxWith = (claim?: RepoRuleContext["claim"]) =>
    ruleContext([...human(117), ...hourly(400)], "price-tracker", 60, claim);

  test("automation is named, left out, and given its innocent reading: INFO", () => {
    const hit = automatedCommits(ctxWith())!;
    expect(hit.severity).toBe("INFO");
    expect(hit.message).toContain(
      "400 commits under the candidate's identity were made by a scheduled job (400 committed by github-actions[bot]",
    );
    expect(hit.message).toContain("400 marked [skip ci]");
    expect(hit.message).toContain("they are not counted as the candidate's work, 117 are");
    expect(hit.message).toContain("it is automation, not authorship");
    expect(hit.evidence.extent).toBe(0);
  });
  test("a person's history without a job raises nothing", () => {
    expect(automatedCommits(ctxOf(human(117)))).toBeNull();
  });
});
