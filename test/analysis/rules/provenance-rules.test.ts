import { describe, expect, test } from "bun:test";
import { aiAssisted } from "../../../src/analysis/rules/ai-assisted.ts";
import { botAuthor } from "../../../src/analysis/rules/bot-author.ts";
import { claimBeforeAccount } from "../../../src/analysis/rules/claim-before-account.ts";
import { foreignHistory } from "../../../src/analysis/rules/foreign-history.ts";
import { forkAsOwn } from "../../../src/analysis/rules/fork-as-own.ts";
import { unlinkedEmailCommits } from "../../../src/analysis/rules/unlinked-email.ts";
import type { DateRange } from "../../../src/resume/types.ts";
import { commit, DAY, user } from "../fixtures.ts";
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

describe("BOT_AUTHOR, UNLINKED_EMAIL_COMMITS, AI_AGENT (INFO)", () => {
  const bots = [
    {
      login: "dependabot[bot]",
      email: "49699333+dependabot[bot]@users.noreply.github.com",
      count: 12,
      earliestAuthorDate: "2024-02-01T00:00:00Z",
    },
    { login: null, email: "ana@work-laptop.local", count: 7, earliestAuthorDate: "2024-02-01T00:00:00Z" },
  ];
  test("bots are reported as INFO", () => {
    const hit = botAuthor(ctxOf(mine(3), { evidence: { otherAuthors: bots } }));
    expect(hit?.severity).toBe("INFO");
    expect(hit?.message).toBe(
      "ana/tool: 12 commits are by bots (dependabot[bot]); they are not counted as the candidate's work, and are normal in a maintained project",
    );
  });
  test("unlinked emails in the candidate's own repository are reported as INFO", () => {
    const hit = unlinkedEmailCommits(ctxOf(mine(3), { evidence: { otherAuthors: bots } }));
    expect(hit?.severity).toBe("INFO");
    expect(hit?.evidence.unlinkedCommits).toBe(7);
  });
  test("no bots, no flag", () => expect(botAuthor(ctxOf(mine(3)))).toBeNull());
  test("agent files and co-author trailers are INFO", () => {
    const cs = [commit(LOGIN, T0, T0, { message: "feat: x\n\nCo-authored-by: Claude <noreply@anthropic.com>" })];
    const hit = aiAssisted(ctxOf(cs, { evidence: { agentFiles: ["CLAUDE.md"] } }));
    expect(hit?.severity).toBe("INFO");
    expect(hit?.message).toBe(
      "ana/tool: shows AI-agent involvement: agent instruction files (CLAUDE.md); 1 commits with an AI co-author trailer. Using AI tools is no misconduct; ask how the work was done",
    );
  });
  test("no agent traces, no flag", () => expect(aiAssisted(ctxOf(mine(3)))).toBeNull());
});

describe("CLAIM_BEFORE_ACCOUNT", () => {
  const u = user(LOGIN, "2022-01-01T00:00:00Z");
  const range = (text: string, start: string, precision?: "year" | "season" | "month") => ({
    text,
    start,
    ...(precision ? { precision: { start: precision } } : {}),
  });
  test.each([
    ["a project starting a year before the account, no commits", range("Jan 2021", "2021-01", "month"), false, 1],
    ["the same project backed by commits", range("Jan 2021", "2021-01", "month"), true, 0],
    ["starting 2 months before the account", range("Nov 2021", "2021-11", "month"), false, 0],
    ["a day-precise date", range("17 May 2020", "2020-05-17"), false, 1],
    ["no usable start", { text: "spring" }, false, 0],
    // a year is any time in that year: "2021" may be December 2021, a month before the account
    ["a year, read as any time in it", range("2021", "2021", "year"), false, 0],
    ["a year written before precision was kept (read from its form)", range("2021", "2021"), false, 0],
    ["a year two years before", range("2019", "2019", "year"), false, 1],
    // "Fall 2021" may be November 2021
    ["a season, read as any time in it", range("Fall 2021", "2021-09", "season"), false, 0],
  ])("%s", (_, dates, backed, n) => {
    const hits = claimBeforeAccount({
      user: u,
      asOf: "2025-01-01T00:00:00Z",
      claims: [{ name: "X", dates: dates as DateRange, backedByCommits: backed as boolean }],
      totalCommits: 10,
    });
    expect(hits.length).toBe(n as number);
    for (const h of hits) {
      expect(h.severity).toBe("WARNING");
      expect(h.message).toContain("is common, so ask where it lives");
    }
  });

  test("a new account with over a thousand commits", () => {
    const hits = claimBeforeAccount({ user: u, asOf: "2022-02-01T00:00:00Z", claims: [], totalCommits: 1500 });
    expect(hits.map((h) => h.message)).toEqual([
      "the GitHub account ana is 31 days old but the matched repositories hold 1,500 of its commits; an older history imported into a new account looks the same, so ask where the work was kept before",
    ]);
  });
  test("an old account with many commits is fine", () => {
    expect(claimBeforeAccount({ user: u, asOf: "2024-02-01T00:00:00Z", claims: [], totalCommits: 1500 })).toEqual([]);
  });
});
