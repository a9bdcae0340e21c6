import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type AnalysisOutcome, runAnalysis } from "../../src/analysis/run-analysis.ts";
import { ownerEvidenceQuery } from "../../src/github/graphql/graphql-queries.ts";
import { createEvidenceSource } from "../../src/github/graphql/graphql-source.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { perfectExtraction } from "../demo/resume-pdf.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import {
  assembleCandidate,
  bulkDump,
  candidateIdentity,
  FOUR_PROJECTS,
  fourProjectCandidate,
  honestHistory,
  type RepoScenario,
} from "../support/github-sim/scenarios/index.ts";
import type { CallLogEntry } from "../support/github-sim/sim-controls.ts";
import { memoryDb } from "../support/memory-db.ts";

/**
 * What a cold verification costs over GraphQL: the account and the evidence of the repositories the
 * resume links share the first request; a short history's commits are read with their files only when
 * a rule would look at them. Whatever is saved, the outcome is the REST path's.
 */

const clock = new ManualClock();
const FOUR = FOUR_PROJECTS;
const four = (login: string) => fourProjectCandidate(login);
const dumper = assembleCandidate({
  login: "rt-dumper",
  name: "rt-dumper",
  createdAt: "2018-03-01T10:00:00Z",
  repos: [bulkDump({ login: "rt-dumper" }), honestHistory({ login: "rt-dumper", name: "notes", commits: 3 })],
});

/**
 * Three commits of 20 one-line files each, within an hour: 60 lines, so the copy pre-screen (500 lines or
 * 50 distinct files) hangs on whether they touch the same 20 files or 60 different ones.
 */
const manyFiles = (login: string, name: string, distinct: boolean): RepoScenario => {
  const t0 = Date.parse("2025-06-01T10:00:00Z");
  const commits = [0, 1, 2].map((i) => ({
    author: candidateIdentity(login),
    authorDate: t0 + i * 600_000,
    message: `Add part ${i + 1}`,
    files: Object.fromEntries(
      Array.from({ length: 20 }, (_, f) => [`src/${distinct ? `p${i}-` : ""}f${f}.txt`, `line ${i}\n`]),
    ),
  }));
  return {
    scenario: "manyFiles",
    repo: { owner: login, name, description: "Parts", topics: [], createdAt: "2025-06-01T09:00:00Z", commits },
    users: [],
    prerequisites: [],
    label: { kind: "honest", expected: [], maxSeverity: null, candidateCommits: 3, notes: "" },
  };
};
const filesCandidate = assembleCandidate({
  login: "rt-files",
  createdAt: "2018-03-01T10:00:00Z",
  repos: [manyFiles("rt-files", "same-files", false), manyFiles("rt-files", "new-files", true)],
});

let sim: GitHubSimulator;
beforeAll(async () => {
  sim = await startGitHubSimulator({
    clock,
    candidates: [four("rt-four"), four("rt-undiffable"), four("rt-links"), four("rt-other"), dumper, filesCandidate],
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

  test("a short history whose copy pre-screen hangs on its distinct files is read commit by commit; the outcome is REST's", async () => {
    const links = ["rt-files/same-files", "rt-files/new-files"];
    const gql = await analyse("rt-files", links);
    // 60 changed files in all, 60 lines: each of the two must be read to tell 20 distinct files from 60
    expect(commitReads(gql.log).filter((e) => e.path.includes("/same-files/"))).toHaveLength(3);
    expect(commitReads(gql.log).filter((e) => e.path.includes("/new-files/"))).toHaveLength(3);
    const rest = await analyse("rt-files", links, false);
    expect(comparable(gql.out)).toEqual(comparable(rest.out));
  });
});
