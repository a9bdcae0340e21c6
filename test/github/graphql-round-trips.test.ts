import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type AnalysisOutcome, runAnalysis } from "../../src/analysis/run-analysis.ts";
import { ownerEvidenceQuery } from "../../src/github/graphql/graphql-queries.ts";
import { createEvidenceSource } from "../../src/github/graphql/graphql-source.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { perfectExtraction } from "../demo/resume-pdf.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { assembleCandidate, bulkDump, honestHistory } from "../support/github-sim/scenarios/index.ts";
import type { CallLogEntry } from "../support/github-sim/sim-controls.ts";
import { memoryDb } from "../support/memory-db.ts";

/**
 * What a cold verification costs over GraphQL: the account and the evidence of the repositories the
 * resume links share the first request; a short history's commits are read with their files only when
 * a rule would look at them. Whatever is saved, the outcome is the REST path's.
 */

const clock = new ManualClock();
const FOUR = [
  { name: "trail-maps", language: "TypeScript" as const, commits: 150 },
  { name: "recipe-box", language: "Python" as const, commits: 4 },
  { name: "dice-roller", language: "Go" as const, commits: 3 },
  { name: "pomodoro", language: "Rust" as const, commits: 3 },
];
const four = (login: string) =>
  assembleCandidate({
    login,
    name: login,
    createdAt: "2018-03-01T10:00:00Z",
    repos: FOUR.map((p) => honestHistory({ login, ...p, months: 6 })),
  });
const dumper = assembleCandidate({
  login: "rt-dumper",
  name: "rt-dumper",
  createdAt: "2018-03-01T10:00:00Z",
  repos: [bulkDump({ login: "rt-dumper" }), honestHistory({ login: "rt-dumper", name: "notes", commits: 3 })],
});

let sim: GitHubSimulator;
beforeAll(async () => {
  sim = await startGitHubSimulator({
    clock,
    candidates: [four("rt-four"), four("rt-undiffable"), four("rt-links"), four("rt-other"), dumper],
  });
});
afterAll(() => sim.stop());

const resumeOf = (login: string, links: string[]) =>
  perfectExtraction({
    name: login,
    githubLogin: login,
    projects: links.map((l) => ({ name: l.split("/").pop()!, repoUrl: `github.com/${l}` })),
  });

const analyse = async (login: string, links: string[], graphql = true) => {
  const src = createEvidenceSource({
    baseUrl: sim.url,
    token: "tok",
    db: memoryDb(),
    clock,
    backoffUnitMs: 1,
    graphql,
  });
  const before = sim.callLog.length;
  const out = await runAnalysis({ hostUsername: login, resume: resumeOf(login, links), github: src });
  return { out, log: sim.callLog.slice(before) };
};

const comparable = (o: AnalysisOutcome) => ({
  ...o,
  githubCalls: null,
  verifiedProjects: o.verifiedProjects.map(({ commitsEstimated: _e, ...p }) => p),
});
const commitReads = (log: readonly CallLogEntry[]) =>
  log.filter((e) => !e.graphql && /\/commits\/[0-9a-f]{40}$/.test(e.path));
const ownLinks = (login: string) => FOUR.map((p) => `${login}/${p.name}`);

describe("GraphQL: requests and round trips of a cold verification", () => {
  test("a four-project candidate: the account with the linked evidence, then the long history's second page; no commit read", async () => {
    const gql = await analyse("rt-four", ownLinks("rt-four"));
    // two requests, the second needing the first's cursor: two round trips
    expect(gql.log.map((e) => e.graphql)).toEqual([true, true]);
    const rest = await analyse("rt-four", ownLinks("rt-four"), false);
    expect(comparable(gql.out)).toEqual(comparable(rest.out));
    expect(gql.out.verifiedProjects.map((p) => p.commits)).toEqual(FOUR.map((p) => p.commits));
  });

  test("the merged query is valid against GitHub's published schema", async () => {
    const { validate } = await import("@octokit/graphql-schema");
    for (const n of [1, 4, 10]) expect(validate(ownerEvidenceQuery(n)).map((e) => e.message)).toEqual([]);
  });

  test("a short history holding a commit that could be a dump is read commit by commit, as REST reads it", async () => {
    const links = ["rt-dumper/ml-pipeline", "rt-dumper/notes"];
    const gql = await analyse("rt-dumper", links);
    const read = new Set(commitReads(gql.log).map((e) => e.path.split("/")[3]));
    expect([...read]).toEqual(["ml-pipeline"]); // 4 commits, one of 3,600 lines; the 3 small ones of notes are not read
    expect(commitReads(gql.log)).toHaveLength(4);
    const rest = await analyse("rt-dumper", links, false);
    expect(comparable(gql.out)).toEqual(comparable(rest.out));
    expect(gql.out.flags.some((f) => f.rule === "BULK_DUMP" && f.severity === "WARNING")).toBe(true);
  });

  test("a commit GitHub cannot diff (changedFilesIfAvailable null) gets its history read: the unrendered dump is named over either API", async () => {
    const login = "rt-undiffable";
    const res = await fetch(`${sim.url}/repos/${login}/recipe-box/commits`, {
      headers: { authorization: "bearer tok" },
    });
    const shas = ((await res.json()) as Array<{ sha: string }>).map((c) => c.sha);
    sim.failDiff(`${login}/recipe-box`, shas[1]!);
    const gql = await analyse(login, ownLinks(login));
    expect(commitReads(gql.log).filter((e) => e.path.includes("/recipe-box/")).length).toBeGreaterThanOrEqual(4);
    const rest = await analyse(login, ownLinks(login), false);
    expect(comparable(gql.out)).toEqual(comparable(rest.out));
    const dump = gql.out.flags.find((f) => f.rule === "BULK_DUMP");
    expect(dump?.message).toContain(shas[1]!.slice(0, 7));
  });

  test("a linked repository that does not exist rides along unanswered (NOT_FOUND): the account still answers, the outcome is REST's", async () => {
    const links = [...ownLinks("rt-links"), "rt-links/no-such-repo"];
    const gql = await analyse("rt-links", links);
    expect(gql.log.filter((e) => e.graphql)).toHaveLength(2);
    const rest = await analyse("rt-links", links, false);
    expect(comparable(gql.out)).toEqual(comparable(rest.out));
    expect(gql.out.flags.some((f) => f.rule === "LINKED_REPO_NOT_FOUND")).toBe(true);
  });

  test("only the candidate's own linked repositories ride along: another account's is read after the listing, as before", async () => {
    const links = ["rt-other/recipe-box", "rt-four/dice-roller"];
    const gql = await analyse("rt-other", links);
    // the account with rt-other/recipe-box; the other account's repository once matched; no third query
    expect(gql.log.filter((e) => e.graphql).length).toBeLessThanOrEqual(2);
    const rest = await analyse("rt-other", links, false);
    expect(comparable(gql.out)).toEqual(comparable(rest.out));
  });
});
