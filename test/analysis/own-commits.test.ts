import { describe, expect, test } from "bun:test";
import { isBotIdentity, ownCommits } from "../../src/analysis/own-commits.ts";
import { commit, DAY, evidence, repo } from "./fixtures.ts";

const T0 = Date.parse("2024-01-01T00:00:00Z");

describe("ownCommits", () => {
  test("counts only the candidate's own non-merge commits", () => {
    const cs = [
      commit("ana", T0),
      commit("ana", T0 + DAY, undefined, { parents: 2 }),
      commit("ANA", T0 + 2 * DAY),
      commit("bob", T0 + 3 * DAY),
    ];
    const own = ownCommits(evidence(repo("ana/tool"), cs, { candidateCommitCount: 3 }), "ana");
    expect(own.count).toBe(2);
    expect(own.mergesExcluded).toBe(1);
    expect(own.examined.map((c) => c.authorLogin)).toEqual(["ANA", "ana"]);
  });

  test("a truncated history scales the merges of the pages read to the whole, erring toward fewer own commits", () => {
    // a newest page of 100 with 10 merges, an oldest page of 100 with 20: the merge-heavier page is scaled
    const page = (n: number, merges: number, t: number) =>
      Array.from({ length: n }, (_, i) =>
        commit("ana", t + i * DAY + ((i * 37) % 600) * 60_000, undefined, { parents: i < merges ? 2 : 1 }),
      );
    const cs = [...page(100, 20, T0), ...page(100, 10, T0 + 900 * DAY)];
    const own = ownCommits(evidence(repo("ana/tool"), cs, { candidateCommitCount: 500, truncated: true }), "ana");
    expect(own.count).toBe(400);
    expect(own.examined.length).toBe(170);
  });

  test("in a fork only the commits ahead of the parent count", () => {
    const cs = Array.from({ length: 10 }, (_, i) => commit("ana", T0 + i * DAY));
    const own = ownCommits(
      evidence(repo("ana/tool", { fork: true }), cs, { aheadOfParent: { total: 4, byCandidate: 3 } }),
      "ana",
    );
    expect(own.count).toBe(3);
    expect(own.inheritedExcluded).toBe(7);
    expect(own.examined.map((c) => c.authorDate)).toEqual(
      cs
        .slice(7)
        .reverse()
        .map((c) => c.authorDate),
    );
  });

  test("a fork without a compare answer counts only work committed after it was made", () => {
    const cs = Array.from({ length: 10 }, (_, i) => commit("ana", T0 + i * DAY));
    const r = repo("ana/tool", { fork: true, createdAt: new Date(T0 + 6.5 * DAY).toISOString() });
    expect(ownCommits(evidence(r, cs), "ana").count).toBe(3);
  });

  test.each([
    ["dependabot[bot]", "49699333+dependabot[bot]@users.noreply.github.com", true],
    [null, "41898282+github-actions[bot]@users.noreply.github.com", true],
    ["ana", "ana@example.com", false],
    [null, "robot@example.com", false],
  ])("isBotIdentity(%p, %p) = %p", (login, email, want) => expect(isBotIdentity(login, email)).toBe(want));
});
