import { describe, expect, test } from "bun:test";
import { readAssertions, readNumber } from "../../src/analysis/claim-assertions.ts";
import { findPadding, machineMessage } from "../../src/analysis/padding.ts";
import type { SizedCommit } from "../../src/analysis/rules/sampled-stats.ts";
import { commit } from "./fixtures.ts";

describe("what a claim asserts beyond its name", () => {
  test.each([
    ["Led a team of 8 over 3 years", { team: 8, years: 3 }],
    ["Led 10 contributors building a Git history tool", { team: 10 }],
    ["Managed eight engineers", { team: 8 }],
    ["Part of a 5-person team", { team: 5 }],
    ["7 years of development; 270+ commits", { years: 7, commits: 270 }],
    ["Shipped 40+ releases", { releases: 40 }],
    ["2,000+ stars; 20+ releases", { stars: 2000, releases: 20 }],
    ["1.2k stars", { stars: 1200 }],
  ])("%s", (line, want) => {
    const a = readAssertions("Project", [line]);
    const got = Object.fromEntries(
      Object.entries(a)
        .filter(([k]) => k !== "origin")
        .map(([k, v]) => [k, (v as { value: number }).value]),
    );
    expect(got).toEqual(want);
  });

  test("origin words are read with the words they came from; ordinary verbs are not origin claims", () => {
    expect(readAssertions("Blog", ["Designed and built from scratch a blog engine"]).origin?.words).toBe(
      "Designed and built",
    );
    expect(readAssertions("Renderer", ["A software renderer written from scratch in C89"]).origin?.words).toBe(
      "from scratch",
    );
    expect(readAssertions("Library", ["Built a small library", "Maintainer since 2015"]).origin).toBeUndefined();
  });

  test("loose words are no assertion: several years, since a year, a community", () => {
    expect(readAssertions("Advent of Code", ["Solutions, several years", "All years since 2015"])).toEqual({});
    expect(readAssertions("Site", ["Portfolio built with Next.js"])).toEqual({});
  });

  test("numbers as written", () => {
    expect([readNumber("1,200"), readNumber("2.5k"), readNumber("eight"), readNumber("many")]).toEqual([
      1200,
      2500,
      8,
      Number.NaN,
    ]);
  });
});

describe("padding without a clock", () => {
  test.each([
    ["2021-09-30T18:19:58+00:00", 1, "timestamp"],
    ["sU9dENNfe7EzEEKiRGeZclcoazgJq7a1", 1, "random"],
    ["Random commit #2624", 1, "numbered"],
    ["Routine entry #615", 40, "template"],
    ["Update README.md", 90, null],
    ["v2.0.11", 40, null],
    ["Fix the parser's handling of tabs", 1, null],
    ["supercalifragilistic", 1, null],
  ])("%s", (subject, templateCount, kind) => expect(machineMessage(subject, templateCount)).toBe(kind as never));

  const sized = (message: string, files: string[], changed: number): SizedCommit => {
    const c = { ...commit("ana", Date.parse("2026-01-01T00:00:00Z")), message };
    return {
      commit: { ...c, stats: { additions: changed, deletions: 0, files } },
      changed,
      additions: changed,
      files,
      allFiles: files.length,
    };
  };

  test("a job rewriting the same two files under rotating numbered templates is padding", () => {
    const names = ["Routine entry", "Cycle commit", "Scheduled tick"];
    const sample = Array.from({ length: 30 }, (_, i) =>
      sized(`${names[i % 3]} #${i}`, ["README.md", "commit-log.md"], 7),
    );
    const p = findPadding(
      sample.map((s) => s.commit),
      sample,
    );
    expect(p.share).toBe(1);
    expect(p.sampledPadding).toBe(30);
    expect(p.sameFiles).toBe("README.md, commit-log.md");
  });

  test("real work with repeated messages is not: its changes are not trivial", () => {
    const sample = Array.from({ length: 30 }, (_, i) =>
      sized(i % 2 ? "Fix tests" : "Refactor", [`src/m${i}.ts`, `test/m${i}.test.ts`], 40 + i),
    );
    const p = findPadding(
      sample.map((s) => s.commit),
      sample,
    );
    expect(p.share).toBe(1);
    expect(p.sampledPadding).toBe(0);
  });
});
