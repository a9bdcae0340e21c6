/**
 * A history of up to two pages in one round trip: the listing names, for each repository, its head and the
 * commit 100 first parents below it (the page anchor); an evidence query then asks for the second page from
 * that anchor beside the first. The second page is kept only where the first page is a straight line down
 * from that same head; a merge in it, or a push between the listing and the evidence, sends the reading back
 * to the cursor, and the commits read are always the history's own, in order.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type AnalysisOutcome, runAnalysis } from "../../src/analysis/run-analysis.ts";
import { createEvidenceSource } from "../../src/github/graphql/graphql-source.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import type { Database } from "../../src/storage/database.ts";
import { perfectExtraction } from "../demo/resume-pdf.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { candidateIdentity, FOUR_PROJECTS, fourProjectCandidate } from "../support/github-sim/scenarios/index.ts";
import { memoryDb } from "../support/memory-db.ts";

const clock = new ManualClock();
const FOUR = FOUR_PROJECTS;
const four = fourProjectCandidate;

/** the long history with a merge near its head: the first page is not a straight line */
const merged = (login: string) => {
  const c = four(login);
  const trail = c.repos.find((r) => r.name === "trail-maps")!;
  const commits = trail.commits;
  const last = commits.at(-1)!;
  commits.push({
    author: candidateIdentity(login),
    authorDate: (typeof last.authorDate === "number" ? last.authorDate : Date.parse(last.authorDate)) + 3_600_000,
    message: "Merge branch 'tidy'",
    mergeOf: commits.length - 6,
  });
  return c;
};

let sim: GitHubSimulator;
beforeAll(async () => {
  sim = await startGitHubSimulator({
    clock,
    candidates: [four("ha-four"), merged("ha-merge"), four("ha-push"), four("ha-warm"), four("ha-long", 350)],
  });
});
afterAll(() => sim.stop());

const links = (login: string) => FOUR.map((p) => `${login}/${p.name}`);
const resumeOf = (login: string) =>
  perfectExtraction({
    name: login,
    githubLogin: login,
    projects: links(login).map((l) => ({ name: l.split("/").pop()!, repoUrl: `github.com/${l}` })),
  });

/** Each GraphQL request's operation, in the order sent (Owner, OwnerEvidence, Evidence, History). */
const operations = (ops: string[]) => (input: string | URL | Request, init?: RequestInit) => {
  const body = typeof init?.body === "string" ? init.body : "";
  const op = /^\s*query (\w+)/.exec((JSON.parse(body || "{}") as { query?: string }).query ?? "")?.[1];
  if (op) ops.push(op);
  return fetch(input, init);
};

/**
 * The analysis as the service runs it: the account read ahead (the service does it while the resume is
 * read), `between` its answer and the analysis; or, with `ahead` false, as the CLI does it.
 */
const analyse = async (
  login: string,
  o: { ahead?: boolean; graphql?: boolean; db?: Database; between?: () => Promise<void> } = {},
) => {
  const ops: string[] = [];
  const src = createEvidenceSource({
    baseUrl: sim.url,
    token: "tok",
    db: o.db ?? memoryDb(),
    clock,
    backoffUnitMs: 1,
    graphql: o.graphql ?? true,
    fetch: operations(ops),
  });
  if (o.ahead ?? true) {
    src.readAhead(login);
    await src.listUserRepos(login);
  }
  await o.between?.();
  const out = await runAnalysis({ hostUsername: login, resume: resumeOf(login), github: src });
  return { out, ops, points: src.points() };
};

const comparable = (o: AnalysisOutcome) => ({
  ...o,
  githubCalls: null,
  verifiedProjects: o.verifiedProjects.map(({ commitsEstimated: _e, ...p }) => p),
});
const commitsOf = (o: AnalysisOutcome) => o.verifiedProjects.map((p) => p.commits);

describe("a history's second page asked from the listing's anchor", () => {
  test("four linked projects, one history of 150 commits: the account, then one evidence query; the outcome is REST's", async () => {
    const ahead = await analyse("ha-four");
    expect(ahead.ops).toEqual(["Owner", "Evidence"]);
    expect(commitsOf(ahead.out)).toEqual(FOUR.map((p) => p.commits));
    // as many points as the account with the linked evidence and a cursor page: 2 + 5 against 6 + 1
    const cursor = await analyse("ha-four", { ahead: false });
    expect(cursor.ops).toEqual(["OwnerEvidence", "History"]);
    expect(ahead.points).toBeLessThanOrEqual(cursor.points);
    expect(comparable(ahead.out)).toEqual(comparable(cursor.out));
    const rest = await analyse("ha-four", { graphql: false, ahead: false });
    expect(comparable(ahead.out)).toEqual(comparable(rest.out));
  });

  test("a merge in the first page: the anchored page is not kept, the second page is read by cursor, the count is exact", async () => {
    const ahead = await analyse("ha-merge");
    expect(ahead.ops).toEqual(["Owner", "Evidence", "History"]);
    // 151 commits, the merge not the candidate's own work
    expect(ahead.out.verifiedProjects.map((p) => p.totalCommits)).toEqual([151, 4, 3, 3]);
    expect(commitsOf(ahead.out)).toEqual([150, 4, 3, 3]);
    const rest = await analyse("ha-merge", { graphql: false, ahead: false });
    expect(comparable(ahead.out)).toEqual(comparable(rest.out));
  });

  test("a push between the listing and the evidence: the anchor belongs to the old head; the new history is read whole by cursor, and the evidence's own pushedAt dates the push", async () => {
    const yesterday = new Date(clock.now() - 86_400_000).toISOString();
    const ahead = await analyse("ha-push", {
      between: () =>
        sim.push(
          "ha-push/trail-maps",
          [
            {
              author: candidateIdentity("ha-push"),
              authorDate: yesterday,
              message: "Fix the legend",
              files: { "LEGEND.md": "legend\n" },
            },
          ],
          yesterday,
        ),
    });
    expect(ahead.ops).toEqual(["Owner", "Evidence", "History"]);
    expect(commitsOf(ahead.out)).toEqual([151, 4, 3, 3]);
    const rest = await analyse("ha-push", { graphql: false, ahead: false });
    expect(comparable(ahead.out)).toEqual(comparable(rest.out));
  });

  test("a warm re-run asks for no page at once: the cached history completes the first", async () => {
    const db = memoryDb();
    const cold = await analyse("ha-warm", { db });
    expect(cold.ops).toEqual(["Owner", "Evidence"]);
    const warm = await analyse("ha-warm", { db });
    expect(warm.ops).toEqual(["Owner", "Evidence"]);
    expect(warm.points).toBeLessThan(cold.points);
    expect(comparable(warm.out)).toEqual(comparable(cold.out));
  });

  test("a history of 350 commits: pages three and four go on by cursor from the anchored page", async () => {
    const ahead = await analyse("ha-long");
    expect(ahead.ops).toEqual(["Owner", "Evidence", "History", "History"]);
    expect(commitsOf(ahead.out)).toEqual([350, 4, 3, 3]);
    const rest = await analyse("ha-long", { graphql: false, ahead: false });
    expect(comparable(ahead.out)).toEqual(comparable(rest.out));
  });
});
