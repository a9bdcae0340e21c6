/**
 * Where a history came from, through runAnalysis over the real client and the simulator: a dump behind a
 * README-only root, copies that are not forks (identical, mostly identical), a history GitHub never saw
 * being made, and an honest import. Each is flagged at its severity and scored by the extent rule.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runAnalysis } from "../../src/analysis/run-analysis.ts";
import { createGitHubSource } from "../../src/github/github-source.ts";
import { openDatabase } from "../../src/storage/database.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import {
  assembleCandidate,
  copiedRepository,
  honestHistory,
  honestImport,
  readmeThenDump,
  unanchoredHistory,
  upstreamRepushed,
} from "../support/github-sim/scenarios/index.ts";
import { linkedClaim, resume } from "./fixtures.ts";

const login = "origin-dev";
let sim: GitHubSimulator;

beforeAll(async () => {
  sim = await startGitHubSimulator({
    candidates: [
      assembleCandidate({
        login,
        repos: [
          honestHistory({ login, name: "weather-dash" }),
          readmeThenDump({ login }),
          copiedRepository({ login }),
          copiedRepository({ login, name: "task-board", originalOwner: "board-maker", changedFiles: 2 }),
          unanchoredHistory({ login }),
          honestImport({ login }),
          copiedRepository({
            login,
            name: "habit-tracker",
            copyName: "my-habits",
            originalOwner: "habit-dev",
            changedFiles: 3,
            spanDays: 2,
            description: "Track daily habits with streaks and reminders",
          }),
          upstreamRepushed({ login }),
        ],
      }),
    ],
  });
}, 60_000);
afterAll(async () => {
  await sim?.stop();
});

const run = async (name: string, dates?: { text: string; start: string; end: string }) => {
  const github = createGitHubSource({
    baseUrl: sim.url,
    token: "t",
    db: await openDatabase(":memory:"),
    backoffUnitMs: 1,
  });
  const out = await runAnalysis({
    hostUsername: login,
    resume: resume([linkedClaim(name, `github.com/${login}/${name}`, dates ? { dates } : {})]),
    github,
  });
  return { out, calls: github.stats().calls, flag: (rule: string) => out.flags.find((f) => f.rule === rule) };
};

describe("dumps, copies, unanchored histories and imports", () => {
  test("a dump behind a README-only root is found; the 18 claimed months beside one day's history are INFO", async () => {
    const { out, flag } = await run("shop-backend", { text: "Jun 2024 - Nov 2025", start: "2024-06", end: "2025-11" });
    expect(flag("BULK_DUMP")?.severity).toBe("WARNING");
    expect(flag("BULK_DUMP")?.message).toMatch(/adds 9,6\d\d lines in 240 files/);
    // every commit is dated after the repository existed: the history is anchored, the claimed period is a note
    expect(flag("UNANCHORED_HISTORY")?.severity).toBe("INFO");
    expect(flag("UNANCHORED_HISTORY")?.message).toContain('"shop-backend" is dated Jun 2024 - Nov 2025');
    expect(out.verifiedProjects[0]!.matchStrength).toBe("LOW");
    expect(out.confidenceScore).toBeLessThanOrEqual(40);
  });

  test("an identical copy of an older repository of someone else: CRITICAL naming the original and its dates", async () => {
    const { out, flag } = await run("markdown-notes");
    const f = flag("COPIED_REPOSITORY")!;
    expect(f.severity).toBe("CRITICAL");
    expect(f.message).toContain("identical to orig-author/markdown-notes (created ");
    expect(f.message).toContain("340 stars");
    expect(out.confidenceScore).toBeLessThanOrEqual(40);
  });

  test("re-verifying the same copy spends no search call: the verdict is remembered per head tree", async () => {
    await run("markdown-notes");
    sim.resetCallLog();
    const { flag } = await run("markdown-notes");
    expect(flag("COPIED_REPOSITORY")?.severity).toBe("CRITICAL");
    expect(sim.calls("/search/")).toEqual([]);
  });

  test("a mostly identical copy is a WARNING with its shared share, and the claim is not HIGH", async () => {
    const { out, flag } = await run("task-board");
    const f = flag("COPIED_REPOSITORY")!;
    expect(f.severity).toBe("WARNING");
    expect(f.message).toContain("board-maker/task-board");
    expect(out.verifiedProjects[0]!.matchStrength).not.toBe("HIGH");
  });

  test("a history dated before its repository existed: not HIGH, credits at most half", async () => {
    const { out, flag } = await run("atlas-engine", { text: "Jan 2023 - Jun 2025", start: "2023-01", end: "2025-06" });
    expect(flag("UNANCHORED_HISTORY")?.severity).toBe("WARNING");
    expect(out.verifiedProjects[0]!.matchStrength).not.toBe("HIGH");
    expect(out.scoreBreakdown.claims[0]!.credit).toBeLessThanOrEqual(0.5);
    expect(out.confidenceScore).toBeLessThanOrEqual(50);
  });

  test("an honest import lands in the middle band and its flag gives the innocent reading", async () => {
    const { out, flag } = await run("survey-kit");
    expect(flag("UNANCHORED_HISTORY")?.message).toContain("honest import");
    expect(out.flags.filter((f) => f.severity === "CRITICAL")).toEqual([]);
    expect(out.confidenceScore).toBeGreaterThanOrEqual(40);
    expect(out.confidenceScore).toBeLessThanOrEqual(70);
  });

  test("a renamed copy is found by its description: every suspect is searched both ways", async () => {
    sim.resetCallLog();
    const { out, flag } = await run("my-habits");
    const f = flag("COPIED_REPOSITORY")!;
    expect(f.severity).toBe("WARNING");
    expect(f.message).toContain("habit-dev/habit-tracker (created ");
    expect(f.message).toContain("so ask what was added");
    expect(out.verifiedProjects[0]!.matchStrength).not.toBe("HIGH");
    expect(sim.calls("/search/repositories").map((c) => c.query.q)).toEqual([
      "my-habits in:name fork:false",
      '"Track daily habits with streaks and reminders" in:description fork:false',
    ]);
  });

  test("a history that keeps another repository's commit SHAs names that repository, its owner and dates", async () => {
    const { out, flag } = await run("tinyhttp");
    const f = flag("FOREIGN_HISTORY")!;
    expect(f.severity).toBe("WARNING");
    expect(f.message).toMatch(
      /its root commit [0-9a-f]{7} is a commit of quarkworks\/tinyhttp by quarkworks \(created \d{4}-\d\d-\d\d, last pushed \d{4}-\d\d-\d\d, 420 stars\)/,
    );
    expect(f.message).toContain("the history was cloned from there");
    expect(f.evidence?.original).toBe("quarkworks/tinyhttp");
    expect(out.verifiedProjects[0]!.commits).toBe(3);
    // re-verifying asks no search again: the origin of a root is remembered
    sim.resetCallLog();
    await run("tinyhttp");
    expect(sim.calls("/search/")).toEqual([]);
  });

  test("an honest history is no copy suspect: no search call, no flag", async () => {
    sim.resetCallLog();
    const { out } = await run("weather-dash");
    expect(sim.calls("/search/")).toEqual([]);
    expect(out.flags).toEqual([]);
    expect(out.confidenceScore).toBeGreaterThanOrEqual(90);
  });
});
