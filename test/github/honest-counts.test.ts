/**
 * Honest counts over the simulator: merges subtracted exactly past the pages read (GitHub's contributor
 * statistics leave merges out), an author= listing whose rel="last" page comes back empty, estimates
 * marked as such, and bot / unlinked counts over a partial read said to be "at least".
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { organisations, profileMismatchFlags } from "../../src/analysis/claim-flags.ts";
import { ownCommits } from "../../src/analysis/own-commits.ts";
import { botAuthor } from "../../src/analysis/rules/bot-author.ts";
import { createGitHubSource } from "../../src/github/github-source.ts";
import { resume } from "../analysis/fixtures.ts";
import { ctxOf } from "../analysis/rules/rule-fixtures.ts";
import type { CommitSpec } from "../support/github-sim/git-writer.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { memoryDb } from "../support/memory-db.ts";

const login = "count-dev";
const me = { name: "Count Dev", email: "count-dev@example.com" };
const T0 = Date.parse("2023-01-02T09:00:00Z");
let sim: GitHubSimulator;

/** n commits a few hours apart; every 7th from the 10th on merges in an earlier commit. */
function history(n: number, merges: boolean): CommitSpec[] {
  return Array.from({ length: n }, (_, i) => ({
    author: me,
    // a person's hours, not a machine's interval (a fixed 5-hour step would read as a scheduled job)
    authorDate: T0 + i * 5 * 3_600_000 + ((i * i * 37) % 240) * 60_000,
    message: merges && i >= 10 && i % 7 === 0 ? `Merge branch 'topic-${i}'` : `Change ${i}`,
    files: { [`src/f${i % 40}.ts`]: `export const v${i} = ${i};\n` },
    ...(merges && i >= 10 && i % 7 === 0 ? { mergeOf: i - 3 } : {}),
  }));
}
const MERGES = Array.from({ length: 350 }, (_, i) => i).filter((i) => i >= 10 && i % 7 === 0).length;

/** n commits where every odd one merges in the commit just before it: as many merges as other commits. */
function mergeHeavy(n: number): CommitSpec[] {
  return history(n, false).map((c, i) =>
    i % 2 === 1 ? { ...c, message: `Merge pull request #${i} from topic-${i}`, files: {}, mergeOf: i - 1 } : c,
  );
}

beforeAll(async () => {
  sim = await startGitHubSimulator({
    users: [
      { login, name: "Count Dev", createdAt: "2018-01-01T00:00:00Z", emails: [me.email] },
      { login: "acme-corp", type: "Organization", createdAt: "2012-01-01T00:00:00Z" },
      { login: "someone-else", createdAt: "2014-01-01T00:00:00Z" },
    ],
    repos: [
      { owner: login, name: "merges", commits: history(350, true) },
      { owner: login, name: "paging", commits: history(250, false), inexactAuthorPaging: true },
      { owner: login, name: "merge-heavy", commits: mergeHeavy(250) },
    ],
  });
}, 120_000);
afterAll(async () => {
  await sim?.stop();
});

const source = () =>
  createGitHubSource({
    baseUrl: sim.url,
    token: "t",
    db: memoryDb(),
    backoffUnitMs: 1,
    maxCommitPages: 2,
  });

describe("commit counts", () => {
  test("merges are subtracted exactly even beyond the pages read: the statistics count them out", async () => {
    const src = source();
    const e = await src.repoEvidence((await src.getRepo(login, "merges"))!, login);
    expect(e.truncated).toBe(true);
    expect(e.candidateCountExact).toBe(true);
    expect(ownCommits(e, login).count).toBe(350 - MERGES);
  });

  test("a merge-heavy listing read nearly whole never lifts the statistics' count above the non-merge commits", async () => {
    // 250 commits, 125 of them merges: the pages read (150 commits) outnumber the 125 non-merge commits,
    // but only the non-merge commits read can be a floor under the statistics' count
    const src = source();
    const e = await src.repoEvidence((await src.getRepo(login, "merge-heavy"))!, login);
    expect(e.truncated).toBe(true);
    expect(e.candidateCommits.length).toBeGreaterThan(125);
    expect(e.candidateCountExact).toBe(true);
    expect(ownCommits(e, login).count).toBe(125);
  });

  test("statistics still computing after the first retry are asked for again with backoff: exact", async () => {
    sim.statsComputing(`${login}/merges`, 3);
    const src = source();
    const e = await src.repoEvidence((await src.getRepo(login, "merges"))!, login);
    expect(e.candidateCountExact).toBe(true);
    expect(ownCommits(e, login).count).toBe(350 - MERGES);
    expect(sim.calls("/stats/contributors").length).toBeGreaterThanOrEqual(4);
  });

  test("statistics that never come: an estimate, labelled, within 10 % and never above the truth", async () => {
    sim.statsComputing(`${login}/merges`, 100);
    try {
      const src = source();
      const e = await src.repoEvidence((await src.getRepo(login, "merges"))!, login);
      expect(e.candidateCountExact).toBe(false);
      const own = ownCommits(e, login);
      // the listing's 350 less the merges at the share the pages read show (not only the merges seen)
      expect(own.count).toBeLessThanOrEqual(350 - MERGES);
      expect(own.count).toBeGreaterThanOrEqual(Math.floor(0.9 * (350 - MERGES)));
    } finally {
      sim.statsComputing(`${login}/merges`, 0);
    }
  });

  test("without the statistics the count is the listing's, marked estimated", async () => {
    sim.injectFaults({ status: 500, count: 20, match: "/stats/contributors" });
    try {
      const src = source();
      const e = await src.repoEvidence((await src.getRepo(login, "merges"))!, login);
      expect(e.candidateCountExact).toBe(false);
      expect(e.lineCounts?.path).toBe("sampled");
    } finally {
      sim.clearFaults();
    }
  });

  test('rel="last" on an author= listing that comes back empty: the page before holds the oldest work', async () => {
    sim.injectFaults({ status: 500, count: 20, match: "/stats/contributors" });
    try {
      const src = source();
      const e = await src.repoEvidence((await src.getRepo(login, "paging"))!, login);
      expect(e.candidateCommitCount).toBe(250);
      expect(e.candidateCountExact).toBe(false);
      expect(e.candidateCommits.at(-1)!.message).toBe("Change 0");
    } finally {
      sim.clearFaults();
    }
  });
});

describe("labels and profiles", () => {
  test("bot counts over a partial read say 'at least'", () => {
    const ctx = ctxOf([], {
      evidence: {
        otherAuthors: [{ login: "dependabot[bot]", email: "x", count: 12, earliestAuthorDate: "2024-01-01T00:00:00Z" }],
        otherAuthorsComplete: false,
        totalCommitCount: 4000,
      },
    });
    expect(botAuthor(ctx)?.message).toContain(
      "at least 12 commits (counted over the newest and oldest pages of 4,000)",
    );
  });

  test("a link to an organisation raises no profile mismatch; another person's profile still does", async () => {
    const src = source();
    const r = resume([], {
      githubProfiles: [
        { url: "https://github.com/acme-corp", owner: "acme-corp" } as never,
        { url: "https://github.com/someone-else", owner: "someone-else" } as never,
      ],
    });
    const orgs = await organisations(r, login, src);
    expect([...orgs]).toEqual(["acme-corp"]);
    const flags = profileMismatchFlags(r, login, orgs);
    expect(flags).toHaveLength(1);
    expect(flags[0]!.message).toContain("github.com/someone-else");
    expect(flags[0]!.message).not.toContain("acme-corp");
  });
});
