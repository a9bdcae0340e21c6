import { describe, expect, test } from "bun:test";
import { ORIGIN_CREDIT_CAP, originContradicted } from "../../../src/analysis/rules/claim-contradicted.ts";
import type { RepoRuleContext } from "../../../src/analysis/rules/rule-context.ts";
import { commit, DAY } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2023-01-01T09:00:00Z");
const mine = (n: number, start = T0) => Array.from({ length: n }, (_, i) => commit(LOGIN, start + i * DAY));
const fromScratch = { name: "Renderer", dates: null, description: ["A software renderer written from scratch in C89"] };

/** The candidate's commits over a history whose root commit is `root`'s, `before` ms before the candidate's first. */
function over(root: string, before: number, claim: RepoRuleContext["claim"] = fromScratch): RepoRuleContext {
  const ctx = ctxOf(mine(30), { evidence: { rootCommit: commit(root, T0 - before), totalCommitCount: 80 } });
  return { ...ctx, claim };
}

describe("ORIGIN_CONTRADICTED", () => {
  test("'from scratch' over a course's root commit a year older is a WARNING that discredits the claim", () => {
    const hit = originContradicted(over("course-staff", 365 * DAY));
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.evidence).toMatchObject({
      rootAuthor: "course-staff",
      says: "from scratch",
      creditCap: ORIGIN_CREDIT_CAP,
    });
    expect(hit?.message).toContain("so ask what was given and what was added");
  });

  test("the candidate's own root commit is their origin: no flag", () => {
    expect(originContradicted(over(LOGIN, 365 * DAY))).toBeNull();
  });

  test("a collaborator who started it days before the candidate is no contradicted origin", () => {
    expect(originContradicted(over("bob", 2 * DAY))).toBeNull();
  });

  test("a claim that says nothing about its origin raises nothing over a foreign root", () => {
    expect(
      originContradicted(over("course-staff", 365 * DAY, { ...fromScratch, description: ["A renderer in C89"] })),
    ).toBeNull();
  });
});
