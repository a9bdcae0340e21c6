import { describe, expect, test } from "bun:test";
import { matchStrength, type StrengthInput } from "../../src/analysis/match-strength.ts";
import type { MatchStrength } from "../../src/analysis/types.ts";

const base: StrengthInput = {
  basis: "link",
  commits: 40,
  totalCommits: 40,
  forkWithoutOwnWork: false,
  shortBulkDump: false,
  forgedHistory: false,
};

describe("matchStrength", () => {
  test.each<[string, Partial<StrengthInput>, MatchStrength]>([
    ["linked, all the work", {}, "HIGH"],
    ["named exactly, all the work", { basis: "name" }, "HIGH"],
    ["homepage, all the work", { basis: "homepage" }, "HIGH"],
    ["linked, 20 commits in a big project of others", { commits: 20, totalCommits: 5000 }, "HIGH"],
    ["linked, 3 of 5 commits", { commits: 3, totalCommits: 5 }, "HIGH"],
    ["linked, 2 of 2 commits (too little to call substantial)", { commits: 2, totalCommits: 2 }, "MEDIUM"],
    ["linked, 5 of 500 commits", { commits: 5, totalCommits: 500 }, "MEDIUM"],
    ["only the description fits, substantial work", { basis: "fuzzy" }, "MEDIUM"],
    ["only the description fits, little work", { basis: "fuzzy", commits: 2, totalCommits: 50 }, "LOW"],
    ["no commits by the candidate", { commits: 0 }, "LOW"],
    ["a fork without own work", { forkWithoutOwnWork: true }, "LOW"],
    ["one bulk commit spanning under two days", { shortBulkDump: true }, "LOW"],
    ["a forged history (a CRITICAL flag)", { forgedHistory: true }, "LOW"],
  ])("%s -> %s", (_, over, want) => {
    expect(matchStrength({ ...base, ...over })).toBe(want);
  });
});
