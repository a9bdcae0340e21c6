/**
 * EMPTY_REPO, raised by the repository's verdict: a matched repository with no commits is named as nothing
 * to verify, never read as fraud.
 */
import { describe, expect, test } from "bun:test";
import { judgeRepo } from "../../../src/analysis/repo-verdict.ts";
import { evidence, repo, user } from "../fixtures.ts";

const ana = user("ana");

describe("EMPTY_REPO", () => {
  test("an empty repository is a WARNING saying there is nothing to verify, and nothing else", () => {
    const r = repo("ana/planned", { empty: true });
    const v = judgeRepo(ana, evidence(r, [], { totalCommitCount: 0, rootCommit: undefined }));
    expect(v.accepted).toBe(true);
    expect(v.flags.map((f) => [f.rule, f.severity])).toEqual([["EMPTY_REPO", "WARNING"]]);
    expect(v.flags[0]!.message).toContain("the work may not be pushed yet");
  });
});
