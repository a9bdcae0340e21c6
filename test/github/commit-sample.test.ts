import { describe, expect, test } from "bun:test";
import {
  CHURN_SAMPLE_MIN_COMMITS,
  looksMachineMade,
  planStatsSample,
  timeOfDayWindowShare,
} from "../../src/github/commit-sample.ts";
import { commit } from "./fixtures.ts";

const DAY = 86_400_000;
const base = Date.parse("2025-01-01T00:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, "Z");
/** "b", "c" ... "ba": a word per number, so that messages differ in words, not only in a number */
const word = (i: number): string =>
  i < 25 ? "bcdfghjklmnpqrstvwxyzaeio"[i]! : word(Math.floor(i / 25) - 1) + word(i % 25);
/** n commits, one a day, at a time of day that varies from 08:00 to 23:xx (seconds as git's clock gives), distinct messages */
const honest = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    commit({
      sha: `h${i}`.padEnd(40, "0"),
      at: iso(base + i * DAY + ((i * 7919) % 15) * 3_600_000 + ((i * 37) % 60) * 60_000 + (((i * 13) % 59) + 1) * 1000),
      message: `Fix the ${word(i)} case`,
    }),
  ).reverse();

describe("timeOfDayWindowShare", () => {
  test("all at one time -> 1", () =>
    expect(timeOfDayWindowShare([commit({ at: "2025-01-01T12:00:00Z" }), commit({ at: "2025-02-01T12:00:00Z" })])).toBe(
      1,
    ));
  test("a window wraps around midnight", () => {
    const cs = ["23:40", "23:55", "00:10", "00:30", "12:00"].map((t) => commit({ at: `2025-01-01T${t}:00Z` }));
    expect(timeOfDayWindowShare(cs)).toBe(0.8);
  });
  test("spread over the day stays low", () => expect(timeOfDayWindowShare(honest(60))).toBeLessThan(0.2));
  test("empty -> 0", () => expect(timeOfDayWindowShare([])).toBe(0));
});

describe("looksMachineMade", () => {
  const painted = Array.from({ length: 60 }, (_, i) =>
    commit({ at: iso(base + Math.floor(i / 20) * DAY + 12 * 3_600_000), message: `c${i}` }),
  );
  const templated = Array.from({ length: 60 }, (_, i) =>
    commit({ at: iso(base + i * DAY + ((i * 7919) % 15) * 3_600_000), message: i % 3 === 0 ? "update" : `work ${i}` }),
  );
  // a job rotating a few numbered templates, no one message repeated: "Routine entry #7", "Cycle commit #8"
  const rotating = Array.from({ length: 60 }, (_, i) =>
    commit({
      at: iso(base + i * DAY + ((i * 7919) % 15) * 3_600_000),
      message: `${["Routine entry", "Cycle commit", "Scheduled tick", "Daily log"][i % 4]} #${i}`,
    }),
  );
  const split = honest(60).map((c, i) =>
    i % 2 ? { ...c, committerDate: iso(Date.parse(c.authorDate) + 10 * DAY) } : c,
  );
  // an auto-committer writing its own time into every message: "system maintenance update | 2026-03-16 17:37:45"
  const stamped = honest(60).map((c, i) =>
    i % 2 ? { ...c, message: `system update | ${c.authorDate.slice(0, 10)} ${c.authorDate.slice(11, 19)}` } : c,
  );
  // a generator setting dates to the minute (`--date "2025-10-14 23:52"`): git's clock puts 1 in 60 there
  const minuteDates = honest(60).map((c) => ({ ...c, authorDate: `${c.authorDate.slice(0, 17)}00Z` }));
  // a day-dated log ("2025-01-05") is not a stamp to the minute
  const dayLog = honest(60).map((c) => ({ ...c, message: `Notes ${c.authorDate.slice(0, 10)}: ${c.message}` }));
  const burst = honest(120).map((c, i) => ({ ...c, committerDate: iso(base + 400 * DAY + i * 1000) }));
  const cases: Array<[string, ReturnType<typeof honest>, boolean]> = [
    ["honest", honest(80), false],
    ["identical author timestamps", painted, true],
    ["repeated message", templated, true],
    ["a few numbered templates rotated", rotating, true],
    ["author/committer split", split, true],
    ["messages stating their commit time to the minute", stamped, true],
    ["author dates at whole minutes", minuteDates, true],
    ["a log dated by the day", dayLog, false],
    ["commit burst in one committer hour", burst, true],
    ["empty", [], false],
  ];
  for (const [name, cs, expected] of cases) test(name, () => expect(looksMachineMade(cs)).toBe(expected));
});

describe("planStatsSample", () => {
  test("always the oldest own commit; nothing else for an honest history", () => {
    const cs = honest(80);
    expect(planStatsSample(cs, 80, 10)).toEqual([cs[79]!.sha]);
  });
  test("merges are never sampled", () => {
    const cs = [commit({ sha: "b".repeat(40) }), commit({ sha: "m".repeat(40), parents: 2 })];
    expect(planStatsSample(cs, 2, 10)).toEqual(["b".repeat(40)]);
  });
  test("a machine-made history of >= 50 commits gets an even spread of sampleSize, newest first", () => {
    const cs = Array.from({ length: 300 }, (_, i) =>
      commit({ sha: `p${i}`.padEnd(40, "0"), at: iso(base + Math.floor(i / 20) * DAY + 12 * 3_600_000) }),
    );
    const plan = planStatsSample(cs, 300, 10);
    expect(plan).toHaveLength(10);
    expect(plan[0]).toBe(cs[0]!.sha);
    expect(plan[9]).toBe(cs[299]!.sha);
    expect(new Set(plan).size).toBe(10);
  });
  test("below the rule's minimum, or with sampleSize 0, only the oldest", () => {
    const cs = Array.from({ length: CHURN_SAMPLE_MIN_COMMITS - 1 }, (_, i) =>
      commit({ sha: `q${i}`.padEnd(40, "0"), at: "2025-01-01T12:00:00Z" }),
    );
    expect(planStatsSample(cs, cs.length, 10)).toHaveLength(1);
    const many = Array.from({ length: 60 }, (_, i) =>
      commit({ sha: `r${i}`.padEnd(40, "0"), at: "2025-01-01T12:00:00Z" }),
    );
    expect(planStatsSample(many, 60, 0)).toEqual([many[59]!.sha]);
  });
  test("no commits -> nothing", () => expect(planStatsSample([], 0, 10)).toEqual([]));
});
