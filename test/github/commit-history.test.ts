import { describe, expect, test } from "bun:test";
import { middlePages, tallyOtherAuthors } from "../../src/github/commit-history.ts";
import { commit } from "./fixtures.ts";

describe("middlePages", () => {
  const cases: Array<[number, number, number[]]> = [
    [2, 10, []],
    [3, 10, [2]],
    [8, 10, [2, 3, 4, 5, 6, 7]],
    [100, 5, [2, 51, 99]],
    [100, 2, []],
    [12, 4, [2, 11]],
    [1, 10, []],
  ];
  for (const [last, budget, expected] of cases)
    test(`last=${last} budget=${budget}`, () => expect(middlePages(last, budget)).toEqual(expected));
});

test("tallyOtherAuthors groups by login, or by email when unlinked, and keeps the earliest date", () => {
  const cs = [
    commit({ authorLogin: "me", at: "2025-01-05T00:00:00Z" }),
    commit({ authorLogin: "Other", authorEmail: "o@x", at: "2025-01-04T00:00:00Z" }),
    commit({ authorLogin: "other", authorEmail: "o2@x", at: "2025-01-01T00:00:00Z" }),
    commit({ authorLogin: null, authorEmail: "Me@Laptop.local", at: "2025-01-03T00:00:00Z" }),
    commit({ authorLogin: null, authorEmail: "me@laptop.local", at: "2025-01-02T00:00:00Z" }),
    commit({ authorLogin: "dependabot[bot]", authorEmail: "bot@x", at: "2025-01-06T00:00:00Z" }),
  ];
  expect(tallyOtherAuthors(cs, "ME")).toEqual([
    {
      login: null,
      email: "Me@Laptop.local",
      count: 2,
      earliestAuthorDate: "2025-01-02T00:00:00Z",
      earliestSha: cs[4]!.sha,
    },
    { login: "Other", email: "o@x", count: 2, earliestAuthorDate: "2025-01-01T00:00:00Z", earliestSha: cs[2]!.sha },
    {
      login: "dependabot[bot]",
      email: "bot@x",
      count: 1,
      earliestAuthorDate: "2025-01-06T00:00:00Z",
      earliestSha: cs[5]!.sha,
    },
  ]);
});
