/**
 * NO_CANDIDATE_COMMITS, raised by the repository's verdict: the candidate's repository holds none of their
 * commits. Named with the history's size; a repository someone else owns is simply not accepted.
 */
import { describe, expect, test } from "bun:test";
import { judgeRepo } from "../../../src/analysis/repo-verdict.ts";
import { evidenceOf } from "../../../src/analysis/rules/registry.ts";
import { commit, DAY, evidence, honestHistory, repo, user } from "../fixtures.ts";

const T0 = Date.parse("2024-01-01T00:00:00Z");
const ana = user("ana");

describe("NO_CANDIDATE_COMMITS", () => {
  const others = honestHistory("bo", T0, 200, 40, 3);

  test("the candidate's own repository holding only others' commits: a WARNING with the history's size", () => {
    const r = repo("ana/tool", { createdAt: new Date(T0 - DAY).toISOString() });
    const v = judgeRepo(ana, evidence(r, [], { totalCommitCount: 40, rootCommit: others[0] }));
    const flag = v.flags.find((f) => f.rule === "NO_CANDIDATE_COMMITS");
    expect(flag?.severity).toBe("WARNING");
    expect(flag?.message).toContain("none of its 40 commits are linked to ana's account");
    expect(evidenceOf(flag, "NO_CANDIDATE_COMMITS")).toEqual({ totalCommits: 40 });
  });

  test("a repository with the candidate's commits raises neither rule", () => {
    const mine = [commit("ana", T0), commit("ana", T0 + DAY)];
    const v = judgeRepo(ana, evidence(repo("ana/tool"), mine));
    expect(v.flags.filter((f) => f.rule === "NO_CANDIDATE_COMMITS" || f.rule === "EMPTY_REPO")).toEqual([]);
  });

  test("someone else's repository without the candidate's commits is not accepted, so nothing is raised", () => {
    const v = judgeRepo(ana, evidence(repo("bo/tool"), [], { totalCommitCount: 40, rootCommit: others[0] }));
    expect(v).toMatchObject({ accepted: false, flags: [] });
  });
});
