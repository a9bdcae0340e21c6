import { describe, expect, test } from "bun:test";
import { claimContradicted, SCALE_CREDIT_CAP } from "../../../src/analysis/rules/claim-contradicted.ts";
import type { RepoRuleContext } from "../../../src/analysis/rules/rule-context.ts";
import { commit, DAY } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2022-01-01T09:00:00Z");
/** `n` of the candidate's commits, one every `every` ms. */
const mine = (n: number, every = DAY) => Array.from({ length: n }, (_, i) => commit(LOGIN, T0 + i * every));
const claimed = (description: string[], extra: Partial<NonNullable<RepoRuleContext["claim"]>> = {}) => ({
  claim: { name: "Tracker", dates: null, description, ...extra },
});
const withClaim = (ctx: RepoRuleContext, claim: RepoRuleContext["claim"]): RepoRuleContext => ({ ...ctx, claim });

describe("CLAIM_CONTRADICTED", () => {
  test("a team of eight where the candidate alone committed is a WARNING naming both sides, its credit capped", () => {
    const ctx = ctxOf(mine(200));
    const hit = claimContradicted(withClaim(ctx, claimed(["Led a team of 8 engineers"]).claim));
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.evidence.contradicted).toBe(1);
    expect(hit?.evidence.shows).toBe("one person, the candidate, made every commit");
    expect(hit?.evidence.creditCap).toBe(SCALE_CREDIT_CAP);
    expect(hit?.message).toContain("a question for the interview");
  });

  test("three years claimed over commits of two weeks is contradicted; over two years of commits it is not", () => {
    const short = claimContradicted(withClaim(ctxOf(mine(14)), claimed(["Developed over 3 years"]).claim));
    expect(short?.evidence.says).toContain("3 years");
    expect(short?.evidence.shows).toContain("the candidate's 14 commits span");
    const long = claimContradicted(withClaim(ctxOf(mine(100, 8 * DAY)), claimed(["Developed over 3 years"]).claim));
    expect(long).toBeNull();
  });

  test("more commits claimed than the candidate made, and more stars than the host shows, are two contradictions", () => {
    const ctx = ctxOf(mine(40), { repo: { stargazers: 3 } });
    const hit = claimContradicted(withClaim(ctx, claimed(["2,000+ stars"], { claimedCommits: 500 }).claim));
    expect(hit?.evidence.contradicted).toBe(2);
    expect(hit?.evidence.shows).toContain("GitHub shows 3 stars");
  });

  test("a claim that asserts nothing beyond its name, or no claim at all, raises nothing", () => {
    const ctx = ctxOf(mine(40));
    expect(claimContradicted(withClaim(ctx, claimed(["A tracker for my runs"]).claim))).toBeNull();
    expect(claimContradicted(ctx)).toBeNull();
  });
});
