import { describe, expect, test } from "bun:test";
import { claimBeforeAccount } from "../../../src/analysis/rules/claim-before-account.ts";
import type { DateRange } from "../../../src/resume/types.ts";
import { user } from "../fixtures.ts";
import { LOGIN } from "./rule-fixtures.ts";

describe("CLAIM_BEFORE_ACCOUNT", () => {
  const u = user(LOGIN, "2022-01-01T00:00:00Z");
  const range = (text: string, start: string, precision?: "year" | "season" | "month") => ({
    text,
    start,
    ...(precision ? { precision: { start: precision } } : {}),
  });
  test.each([
    ["a project starting a year before the account, no commits", range("Jan 2021", "2021-01", "month"), false, 1],
    ["the same project backed by commits", range("Jan 2021", "2021-01", "month"), true, 0],
    ["starting 2 months before the account", range("Nov 2021", "2021-11", "month"), false, 0],
    ["a day-precise date", range("17 May 2020", "2020-05-17"), false, 1],
    ["no usable start", { text: "spring" }, false, 0],
    // a year is any time in that year: "2021" may be December 2021, a month before the account
    ["a year, read as any time in it", range("2021", "2021", "year"), false, 0],
    ["a year written before precision was kept (read from its form)", range("2021", "2021"), false, 0],
    ["a year two years before", range("2019", "2019", "year"), false, 1],
    // "Fall 2021" may be November 2021
    ["a season, read as any time in it", range("Fall 2021", "2021-09", "season"), false, 0],
  ])("%s", (_, dates, backed, n) => {
    const hits = claimBeforeAccount({
      user: u,
      asOf: "2025-01-01T00:00:00Z",
      claims: [{ name: "X", dates: dates as DateRange, backedByCommits: backed as boolean }],
      totalCommits: 10,
    });
    expect(hits.length).toBe(n as number);
    for (const h of hits) {
      expect(h.severity).toBe("WARNING");
      expect(h.message).toContain("is common, so ask where it lives");
    }
  });

  test("a new account with over a thousand commits", () => {
    const hits = claimBeforeAccount({ user: u, asOf: "2022-02-01T00:00:00Z", claims: [], totalCommits: 1500 });
    expect(hits.map((h) => h.message)).toEqual([
      "the GitHub account ana is 31 days old but the matched repositories hold 1,500 of its commits; an older history imported into a new account looks the same, so ask where the work was kept before",
    ]);
  });
  test("an old account with many commits is fine", () => {
    expect(claimBeforeAccount({ user: u, asOf: "2024-02-01T00:00:00Z", claims: [], totalCommits: 1500 })).toEqual([]);
  });
});
