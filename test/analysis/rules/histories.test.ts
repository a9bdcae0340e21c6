import { describe, expect, test } from "bun:test";
import { judgeRepository } from "../../../src/analysis/rules/repo-rules.ts";
import type { GhCommit } from "../../../src/github/types.ts";
import { commit, DAY, HOUR, honestHistory } from "../fixtures.ts";
import {
  goProjectRebase,
  honestRewrite,
  oldPullRequests,
  paintedGraph,
  randomDateBot,
  sequentialBackdater,
  shortProject,
} from "../histories.ts";
import { ctxOf } from "./rule-fixtures.ts";

const PUSH = Date.parse("2024-03-02T09:00:00Z");
const judge = (commits: GhCommit[], createdAt = new Date(PUSH - 3600_000).toISOString()) =>
  judgeRepository(ctxOf(commits, { repo: { createdAt, pushedAt: new Date(PUSH + DAY).toISOString() } }));
const bySeverity = (commits: GhCommit[], createdAt?: string) =>
  Object.fromEntries(judge(commits, createdAt).map((h) => [h.rule, h.severity]));

describe("faking techniques are CRITICAL", () => {
  test("graph painter", () => {
    const s = bySeverity(paintedGraph(PUSH));
    expect(s.CLOCK_TIME_MONOCULTURE).toBe("CRITICAL");
    expect(s.IDENTICAL_AUTHOR_TIMESTAMPS).toBe("CRITICAL");
    expect(s.PREDATES_REPO_OR_ACCOUNT).toBe("CRITICAL");
    expect(s.BACKDATED_SPLIT).toBe("CRITICAL");
  });
  test("random author-date bot", () => {
    const s = bySeverity(randomDateBot(PUSH));
    // its future dates gain it nothing; the backdating (split, random order) is what is forged
    expect(s.FUTURE_AUTHOR_DATE).toBe("WARNING");
    expect(s.RANDOM_ORDER_HISTORY).toBe("CRITICAL");
    expect(s.BACKDATED_SPLIT).toBe("CRITICAL");
  });
  test("sequential backdater", () => {
    const s = bySeverity(sequentialBackdater(PUSH));
    expect(s.CLOCK_TIME_MONOCULTURE).toBe("CRITICAL");
    expect(s.BACKDATED_SPLIT).toBe("CRITICAL");
    expect(s.REPEATED_OR_TIMESTAMP_MESSAGES).toBe("WARNING");
  });
});

describe("measured honest histories are never CRITICAL", () => {
  const start = Date.parse("2022-01-03T00:00:00Z");
  test.each<[string, GhCommit[], string | undefined]>([
    ["a deliberate rewrite of a tutorial repository", honestRewrite(start), "2022-01-01T00:00:00Z"],
    ["a maintained Go project with a rebase and late-committed PRs", goProjectRebase(start), "2022-01-01T00:00:00Z"],
    ["an editor whose 2016 PRs were committed in 2020", oldPullRequests(), "2016-02-01T00:00:00Z"],
    [
      "a rewrite that re-committed the whole history in one afternoon",
      honestRewrite(start).map((c, i) => ({
        ...c,
        committerDate: new Date(start + 500 * DAY + (i >= 241 ? i * 30_000 : 0)).toISOString(),
      })),
      "2022-01-01T00:00:00Z",
    ],
    ["a 6-day project with 24 commits", shortProject(start), "2022-01-02T00:00:00Z"],
    [
      "work pushed months after it began",
      shortProject(start).concat(goProjectRebase(start + 10 * DAY)),
      "2023-06-01T00:00:00Z",
    ],
  ])("%s", (_, commits, created) => {
    const hits = judge(commits, created);
    expect(hits.filter((h) => h.severity === "CRITICAL").map((h) => h.message)).toEqual([]);
  });

  test("a whole-history rewrite shows as a backdated split and a burst, both WARNING", () => {
    const all = honestRewrite(start).map((c) => ({ ...c, committerDate: new Date(start + 500 * DAY).toISOString() }));
    const s = bySeverity(all, "2022-01-01T00:00:00Z");
    expect(s.BACKDATED_SPLIT).toBe("WARNING");
    expect(s.COMMIT_BURST).toBe("WARNING");
  });

  test("the rewrite is still visible as warnings", () => {
    const s = bySeverity(honestRewrite(start), "2022-01-01T00:00:00Z");
    expect(s.COMMIT_BURST).toBe("WARNING");
    expect(judge(honestRewrite(start), "2022-01-01T00:00:00Z").find((h) => h.rule === "COMMIT_BURST")?.message).toBe(
      "ana/tool: 241 of 316 commits were committed in the same second on 2023-05-18; a rebase or an import re-commits a whole history at once",
    );
  });
});

describe("severity follows gain: future dates alone", () => {
  test("12 commits dated five years ahead in an otherwise natural history are an observation, not CRITICAL", () => {
    const start = PUSH - 300 * DAY;
    const natural = honestHistory("ana", start, 290, 120, 5);
    // a machine whose clock jumped five years ahead for a week, then was fixed
    const ahead = Array.from({ length: 12 }, (_, i) =>
      commit("ana", PUSH - 40 * DAY + i * 9 * HOUR + 5 * 365 * DAY, PUSH - 40 * DAY + i * 9 * HOUR),
    );
    const hits = judge([...natural, ...ahead], new Date(start - DAY).toISOString());
    const future = hits.find((h) => h.rule === "FUTURE_AUTHOR_DATE");
    expect(future?.severity).toBe("WARNING");
    expect(future?.evidence.futureCommits).toBe(12);
    expect(future?.message).toContain("keeps writing such dates until someone fixes it");
    expect(future?.message).not.toContain("not many");
    expect(hits.filter((h) => h.severity === "CRITICAL")).toEqual([]);
  });
});
