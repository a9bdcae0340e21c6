import { describe, expect, test } from "bun:test";
import { isCopySuspect } from "../../src/github/copy-search.ts";
import { authoredInWeek, candidateWeeks, heavyWeeks } from "../../src/github/line-counts.ts";
import { commit, repo, withStats } from "../analysis/fixtures.ts";

const W = 1_700_000_000 - (1_700_000_000 % 604_800);

describe("/stats/contributors", () => {
  const stats = [
    { author: { login: "someone" }, weeks: [{ w: W, a: 9, d: 0, c: 1 }] },
    {
      author: { login: "Ana" },
      weeks: [
        { w: W, a: 100, d: 5, c: 3 },
        { w: W + 604_800, a: 0, d: 0, c: 0 },
        { w: W + 2 * 604_800, a: 5000, d: 10, c: 1 },
      ],
    },
  ];

  test("the candidate's exact totals and commit count, weeks without commits dropped", () => {
    expect(candidateWeeks(stats, "ana")).toEqual({
      weeks: [
        { w: W, a: 100, d: 5, c: 3 },
        { w: W + 2 * 604_800, a: 5000, d: 10, c: 1 },
      ],
      additions: 5100,
      deletions: 15,
      commits: 4,
      lines: true,
    });
  });

  test("zeros past 10,000 commits: no line counts, the commit count still holds", () => {
    const zeros = [{ author: { login: "ana" }, weeks: [{ w: W, a: 0, d: 0, c: 12_000 }] }];
    expect(candidateWeeks(zeros, "ana")).toMatchObject({ lines: false, commits: 12_000 });
  });

  test("absent statistics or an absent candidate give nothing", () => {
    expect(candidateWeeks(null, "ana")).toBeNull();
    expect(candidateWeeks(stats, "bob")).toBeNull();
  });

  test("a heavy week could hold a dump: 60 % of the additions and 2,000 lines", () => {
    const weeks = [
      { w: 1, a: 10 },
      { w: 2, a: 5000 },
      { w: 3, a: 300 },
    ];
    expect(heavyWeeks(weeks, 5310)).toEqual([2]);
    expect(heavyWeeks([{ w: 1, a: 1500 }], 1500)).toEqual([]); // all of it, but too small to be a dump
    expect(
      heavyWeeks(
        [
          { w: 1, a: 3000 },
          { w: 2, a: 3000 },
        ],
        6000,
      ),
    ).toEqual([]); // half: no one commit holds 60 %
  });

  test("commits authored in a week", () => {
    const inside = commit("ana", W * 1000 + 3_600_000);
    const outside = commit("ana", (W + 604_800) * 1000 + 1);
    expect(authoredInWeek([inside, outside], W)).toEqual([inside]);
  });
});

describe("copy suspects", () => {
  const t = Date.parse("2025-01-01T10:00:00Z");
  const small = [commit("ana", t), commit("ana", t + 600_000)];
  test("a short history holding real code is a suspect; an ordinary history is not", () => {
    const dump = withStats(commit("ana", t), 4000, 0, ["a.ts"]);
    expect(isCopySuspect(repo("ana/x"), small, 2, [dump])).toBe(true);
    expect(isCopySuspect(repo("ana/x", { size: 10 }), small, 2, [withStats(small[0]!, 40, 0, ["a.ts"])])).toBe(false);
    const long = Array.from({ length: 30 }, (_, i) => commit("ana", t + i * 86_400_000));
    expect(isCopySuspect(repo("ana/x"), long, 30, [dump])).toBe(false);
    expect(isCopySuspect(repo("ana/x", { fork: true }), small, 2, [dump])).toBe(false);
  });
});
