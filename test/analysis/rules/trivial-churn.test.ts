import { describe, expect, test } from "bun:test";
import { trivialChurn } from "../../../src/analysis/rules/trivial-churn.ts";
import type { GhCommit } from "../../../src/github/types.ts";
import { commit, DAY, HOUR, withStats } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T09:00:00Z");
const series = (n: number, msg: (i: number) => string = (i) => `work item ${i}`) =>
  Array.from({ length: n }, (_, i) => commit(LOGIN, T0 + i * DAY + (i % 7) * HOUR, undefined, { message: msg(i) }));

describe("TRIVIAL_CHURN", () => {
  const farm = series(60);
  const sampleOf = (cs: GhCommit[], f: (c: GhCommit, i: number) => GhCommit) => cs.slice(0, 20).map(f);
  test.each([
    [
      "one line of one file, again and again",
      sampleOf(farm, (c) => withStats(c, 1, 1, ["contributions.txt"])),
      "WARNING",
    ],
    [
      "empty commits",
      sampleOf(farm, (c, i) => (i % 2 === 0 ? withStats(c, 0, 0, []) : withStats(c, 40, 3, ["src/a.ts", "src/b.ts"]))),
      "WARNING",
    ],
    ["real changes across files", sampleOf(farm, (c, i) => withStats(c, 10 + i, 4, [`src/f${i % 4}.ts`])), null],
    ["too few sampled commits", sampleOf(farm, (c) => withStats(c, 1, 0, ["x.txt"])).slice(0, 9), null],
  ])("%s", (_, sample, severity) => {
    expect(trivialChurn(ctxOf(farm, { evidence: { sampledWithStats: sample } }))?.severity ?? null).toBe(
      severity as never,
    );
  });

  test("fewer than 50 commits are never judged", () => {
    const few = series(49);
    expect(
      trivialChurn(
        ctxOf(few, { evidence: { sampledWithStats: few.slice(0, 20).map((c) => withStats(c, 1, 0, ["x"])) } }),
      ),
    ).toBeNull();
  });
});
