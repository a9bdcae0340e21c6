import { describe, expect, test } from "bun:test";
import { forkAsOwn } from "../../../src/analysis/rules/fork-as-own.ts";
import { commit, DAY } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T09:00:00Z");
const mine = (n: number, start = T0) => Array.from({ length: n }, (_, i) => commit(LOGIN, start + i * DAY));

describe("FORK_AS_OWN", () => {
  test.each([
    ["not a fork", false, { total: 0, byCandidate: 0 }, 0, null],
    ["a fork with no work of its own", true, { total: 0, byCandidate: 0 }, 0, "WARNING"],
    ["a fork with 3 own commits", true, { total: 3, byCandidate: 3 }, 3, "WARNING"],
    ["a fork where others did most of the work ahead", true, { total: 100, byCandidate: 8 }, 8, "WARNING"],
    ["a fork with real own work", true, { total: 30, byCandidate: 25 }, 25, null],
  ])("%s", (_, fork, ahead, own, severity) => {
    const ctx = ctxOf(mine(own as number), {
      repo: { fork: fork as boolean, parent: "upstream/tool" },
      evidence: { aheadOfParent: ahead, totalCommitCount: 900 },
    });
    expect(forkAsOwn(ctx)?.severity ?? null).toBe(severity as never);
  });

  test("the message names the parent", () => {
    const ctx = ctxOf([], {
      repo: { fork: true, parent: "upstream/tool" },
      evidence: { aheadOfParent: { total: 0, byCandidate: 0 }, totalCommitCount: 900 },
    });
    expect(forkAsOwn(ctx)?.message).toBe(
      "ana/tool: a fork of upstream/tool; it has no commits beyond its parent, the rest of its 900 commits are inherited. Keeping a fork to study or patch a project is common; its history is not the candidate's work",
    );
  });
});
