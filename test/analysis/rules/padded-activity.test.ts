import { describe, expect, test } from "bun:test";
import { PADDING_MIN_COMMITS, paddedActivity } from "../../../src/analysis/rules/padded-activity.ts";
import type { GhCommit } from "../../../src/github/types.ts";
import { commit, DAY, HOUR, withStats } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T09:00:00Z");
const MINUTE = 60_000;
/**
 * `n` commits at irregular times, each with the message `msg(i)`; minutes and seconds vary as git's clock
 * writes them (a date a script wrote to the whole minute is a machine's mark of its own).
 */
const series = (n: number, msg: (i: number) => string) =>
  Array.from({ length: n }, (_, i) =>
    commit(
      LOGIN,
      T0 + i * DAY + ((i * 7) % 13) * HOUR + ((i * 11) % 60) * MINUTE + (1 + ((i * 37) % 59)) * 1000,
      undefined,
      {
        message: msg(i),
      },
    ),
  );
/** Every commit sampled with its size: `lines` changed in `file`. */
const sampled = (cs: GhCommit[], lines: (i: number) => number, file = "log.txt") =>
  cs.map((c, i) => withStats(c, lines(i), 0, [file]));
const ctxWith = (cs: GhCommit[], sample: GhCommit[]) => ctxOf(cs, { evidence: { sampledWithStats: sample } });
/** The rule over `cs`, every commit sampled with `lines(i)` changed lines. */
const judged = (cs: GhCommit[], lines: (i: number) => number) => paddedActivity(ctxWith(cs, sampled(cs, lines)));

const randomToken = (i: number) =>
  `a${(i * 7919).toString(36).padStart(6, "0")}x${(i * 104729).toString(36).padStart(10, "7")}`;

describe("PADDED_ACTIVITY", () => {
  test("random-string messages on one-line changes are padding: a WARNING whose credit cap is the work left", () => {
    const cs = series(80, randomToken);
    const hit = judged(cs, () => 1);
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.evidence).toMatchObject({
      paddingCommits: 80,
      examined: 80,
      sampled: 80,
      sampledPadding: 80,
      creditCap: 0,
    });
    expect(hit?.message).toContain("a random string");
    expect(hit?.message).toContain("A log, notes or counter repository is made of small, alike commits too");
  });

  test("machine messages on real changes are not padding", () => {
    const cs = series(80, randomToken);
    expect(judged(cs, () => 120)).toBeNull();
  });

  test("a person's messages on small changes are not padding", () => {
    const verbs = ["fix", "add", "rename", "tidy", "test", "document", "speed up", "simplify", "split", "guard"];
    const things = ["the parser", "the cache", "login", "the report", "paging", "the config", "errors", "the cli"];
    const cs = series(80, (i) => `${verbs[i % 10]} ${things[Math.floor(i / 10)]}`);
    expect(judged(cs, () => 1)).toBeNull();
  });

  test(`fewer than ${PADDING_MIN_COMMITS} commits are never judged`, () => {
    const cs = series(PADDING_MIN_COMMITS - 1, randomToken);
    expect(judged(cs, () => 1)).toBeNull();
  });

  test("without a sample of sizes nothing says the changes are trivial: no flag", () => {
    expect(paddedActivity(ctxWith(series(80, randomToken), []))).toBeNull();
  });
});
