import { describe, expect, test } from "bun:test";
import { foreignHistory } from "../../../src/analysis/rules/foreign-history.ts";
import { commit, DAY } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T09:00:00Z");
const mine = (n: number, start = T0) => Array.from({ length: n }, (_, i) => commit(LOGIN, start + i * DAY));

describe("FOREIGN_HISTORY", () => {
  const upstreamRoot = commit("torvalds", T0 - 900 * DAY);
  const other = { login: "torvalds", email: "t@example.com", count: 400, earliestAuthorDate: upstreamRoot.authorDate };
  test.each([
    ["another author's history re-pushed as own", {}, "WARNING"],
    ["a fork is judged by FORK_AS_OWN instead", { fork: true }, null],
    ["someone else's repository (contributing is normal)", { owner: "linux", fullName: "linux/kernel" }, null],
  ])("%s", (_, repoOver, severity) => {
    const ctx = ctxOf(mine(5), {
      repo: repoOver,
      evidence: { rootCommit: upstreamRoot, totalCommitCount: 405, otherAuthors: [other] },
    });
    expect(foreignHistory(ctx)?.severity ?? null).toBe(severity as never);
  });

  test("others' early commits in a project the candidate started are not foreign", () => {
    const ctx = ctxOf(mine(5), { evidence: { totalCommitCount: 405, otherAuthors: [other] } });
    expect(foreignHistory(ctx)).toBeNull();
  });

  test("collaborators who joined close to the candidate are not foreign", () => {
    const root = commit("bob", T0 - 10 * DAY);
    const ctx = ctxOf(mine(5), {
      evidence: {
        rootCommit: root,
        totalCommitCount: 30,
        otherAuthors: [{ login: "bob", email: "b@x", count: 25, earliestAuthorDate: root.authorDate }],
      },
    });
    expect(foreignHistory(ctx)).toBeNull();
  });

  test("the candidate's own unlinked email (a work laptop) is not a foreign identity", () => {
    const laptopRoot = commit(null, T0 - 200 * DAY, undefined, {
      authorName: "ana",
      authorEmail: "ana@workstation.local",
    });
    const laptop = {
      login: null,
      email: "ana@workstation.local",
      count: 20,
      earliestAuthorDate: laptopRoot.authorDate,
    };
    expect(
      foreignHistory(
        ctxOf(mine(15), { evidence: { rootCommit: laptopRoot, totalCommitCount: 35, otherAuthors: [laptop] } }),
      ),
    ).toBeNull();
  });

  test("an unlinked stranger's history is foreign", () => {
    const root = commit(null, T0 - 200 * DAY, undefined, { authorName: "Lena Q", authorEmail: "lena@quark.example" });
    const other = { login: null, email: "lena@quark.example", count: 100, earliestAuthorDate: root.authorDate };
    expect(
      foreignHistory(ctxOf(mine(3), { evidence: { rootCommit: root, totalCommitCount: 103, otherAuthors: [other] } }))
        ?.severity,
    ).toBe("WARNING");
  });

  test("a long re-pushed history read in part (newest and oldest pages) is judged over the whole branch", () => {
    // 1,800 commits: the candidate's 328 on top; of the 200 read, the oldest page's 100 are all the original author's
    const read = { ...other, count: 100 };
    const partial = (otherAuthorsComplete: boolean) =>
      ctxOf(mine(100), {
        evidence: {
          rootCommit: upstreamRoot,
          totalCommitCount: 1800,
          candidateCommitCount: 328,
          otherAuthors: [read],
          otherAuthorsComplete,
        },
      });
    const hit = foreignHistory(partial(false));
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.message).toContain("about 1472 of 1800 commits (82%)");
    // counted over the whole branch, 100 of 1,800 would be what it says: not foreign
    expect(foreignHistory(partial(true))).toBeNull();
  });

  test("a partial read keeps the share of bots among the others it read", () => {
    const bot = {
      login: "renovate[bot]",
      email: "bot@renovate.example",
      count: 150,
      earliestAuthorDate: upstreamRoot.authorDate,
    };
    const ctx = ctxOf(mine(100), {
      evidence: {
        rootCommit: upstreamRoot,
        totalCommitCount: 1000,
        candidateCommitCount: 400,
        otherAuthors: [{ ...other, count: 50 }, bot],
        otherAuthorsComplete: false,
      },
    });
    // 600 not the candidate's, a quarter of them people: about 150 of 1,000, not foreign
    expect(foreignHistory(ctx)).toBeNull();
  });

  test("the message names the root author", () => {
    const ctx = ctxOf(mine(5), {
      evidence: { rootCommit: upstreamRoot, totalCommitCount: 405, otherAuthors: [other] },
    });
    expect(foreignHistory(ctx)?.message).toStartWith(
      "ana/tool: 400 of 405 commits (99%) including the root commit are by other identities (root by torvalds on 2021-07-",
    );
  });
});
