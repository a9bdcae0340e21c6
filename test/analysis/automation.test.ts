import { describe, expect, test } from "bun:test";
import { detectAutomation, messageTemplate } from "../../src/analysis/automation.ts";
import { ownCommits } from "../../src/analysis/own-commits.ts";
import { automatedCommits } from "../../src/analysis/rules/automated-commits.ts";
import { daily, hourly, human, L, newestFirst, ruleContext, T0 } from "./automation-fixtures.ts";
import { commit, DAY, evidence, HOUR, MIN, repo, rng } from "./fixtures.ts";

describe("detectAutomation: a scheduled job's commits under the owner's identity", () => {
  test("a daily job on a fixed clock beside a person's work: only the job's commits", () => {
    const job = daily(60);
    const found = detectAutomation(newestFirst([...human(30), ...job]))!;
    expect(found.count).toBe(60);
    expect([...found.shas].sort()).toEqual(job.map((c) => c.sha).sort());
    expect(found.clock).toBe("20:18-20:23 UTC daily");
    expect(found.templates).toBe(1);
    expect(found.topTemplate).toBe("fact of the day ##: # facts so far");
  });

  test("an hourly job committed by GitHub Actions and marked [skip ci]", () => {
    const found = detectAutomation(newestFirst([...human(40), ...hourly(200)]))!;
    expect(found.count).toBe(200);
    expect(found.ciCommitter).toBe(200);
    expect(found.committer).toBe("github-actions[bot]");
    expect(found.skipCi).toBe(200);
  });

  test("a person who skips CI by hand on varied messages is not a job", () => {
    const cs = human(80).map((c, i) =>
      i % 3 === 0 ? { ...c, message: `docs: reword section ${String.fromCharCode(97 + (i % 26))} [skip ci]` } : c,
    );
    expect(detectAutomation(newestFirst(cs))).toBeNull();
  });

  test("GitHub's web editor (committer GitHub <noreply@github.com>) is a person, not CI", () => {
    const web = human(50).map((c) => ({
      ...c,
      committerLogin: "web-flow",
      committerName: "GitHub",
      committerEmail: "noreply@github.com",
      message: "Update README.md",
    }));
    expect(detectAutomation(newestFirst(web))).toBeNull();
  });

  test("a developer who commits right after a daily event (most commits in one hour, spread inside it) is no job", () => {
    const r = rng(77);
    const cs = Array.from({ length: 160 }, (_, i) =>
      commit(L, T0 + i * DAY + 5 * HOUR + Math.floor(r() * 55) * MIN + Math.floor(r() * 60) * 1000, undefined, {
        message: `day ${i} solution`,
      }),
    );
    expect(detectAutomation(newestFirst(cs))).toBeNull();
  });

  test("a whole-history rewrite (many commits on one committer second, one day) is no schedule", () => {
    const cs = human(200).map((c, i) => ({
      ...c,
      committerDate: new Date(T0 + 400 * DAY + Math.floor(i / 50) * 1000).toISOString(),
    }));
    expect(detectAutomation(newestFirst(cs))).toBeNull();
  });

  test("a clock before the repository existed, or after its last push, is no run of its workflow", () => {
    const job = daily(60);
    expect(detectAutomation(newestFirst(job), { created: T0 + 200 * DAY, pushed: T0 + 400 * DAY })).toBeNull();
    expect(detectAutomation(newestFirst(job), { created: T0, pushed: T0 + 31 * DAY })).toBeNull();
    expect(detectAutomation(newestFirst(job), { created: T0, pushed: T0 + 100 * DAY })?.count).toBe(60);
  });

  test("message templates replace numbers, dates and hashes", () => {
    expect(messageTemplate("Update price: 43,210.55 (2024-03-02T10:00:00Z) [skip ci]")).toBe(
      "update price: # (#) [skip ci]",
    );
    expect(messageTemplate("Bump counter to 1234 from a1b2c3d4e5")).toBe("bump counter to # from #");
  });
});

describe("own commits leave automation out", () => {
  test("the count is the person's; the job's commits are reported apart", () => {
    const cs = [...human(30), ...daily(60)];
    const r = repo(`${L}/facts`, {
      createdAt: new Date(T0 - DAY).toISOString(),
      pushedAt: new Date(T0 + 100 * DAY).toISOString(),
    });
    const own = ownCommits(evidence(r, cs), L);
    expect(own.count).toBe(30);
    expect(own.automatedExcluded).toBe(60);
    expect(own.exact).toBe(true);
    expect(own.examined.length).toBe(90);
  });

  test("a history read in part counts the unread commits at the person's lowest share on a page read: an estimate, said to be", () => {
    const cs = [...human(30), ...daily(60)];
    const r = repo(`${L}/facts`, {
      createdAt: new Date(T0 - DAY).toISOString(),
      pushedAt: new Date(T0 + 100 * DAY).toISOString(),
    });
    const own = ownCommits(evidence(r, cs, { candidateCommitCount: 180, truncated: true }), L);
    expect(own.automatedExcluded).toBe(120);
    expect(own.count).toBe(60);
    expect(own.exact).toBe(false);
  });
});

describe("a job on a fixed interval", () => {
  test("one template every ten minutes (a loop on a server) is automation; a person's repeated template is not", () => {
    const loop = Array.from({ length: 300 }, (_, i) =>
      commit(L, T0 + 40 * DAY + i * 605_000 + (i % 3) * 1000, undefined, {
        message: `Update Bitcoin interval history (${new Date(T0 + 40 * DAY + i * 605_000).toISOString()} UTC)`,
      }),
    );
    const person = human(40).map((c, i) => ({ ...c, message: `update version ${i + 1}` }));
    const found = detectAutomation(newestFirst([...person, ...loop]))!;
    expect(found.count).toBe(300);
    expect(found.clock).toBe("every 10 minutes");
    expect(detectAutomation(newestFirst(person))).toBeNull();
  });
});

describe("a job's runs: several template commits in one second, day after day", () => {
  const FILES = ["streak counter", "daily quote", "weather data", "progress log", "badge"];
  /** A workflow whose runs drift over the day with the runner's queue, committing 2-5 files per run at one second. */
  const runs = (days: number, seed = 5) => {
    const r = rng(seed);
    return Array.from({ length: days }, (_, d) => {
      const at = T0 + 30 * DAY + d * DAY + Math.floor(r() * 20 * HOUR);
      const n = 2 + (d % 4);
      return Array.from({ length: n }, (_, k) =>
        commit(L, at, undefined, { message: `chore: update ${FILES[(d + k) % FILES.length]} (${d + 1})` }),
      );
    }).flat();
  };

  test("a job without a CI mark or a clock, committing several files per run, is found by its runs", () => {
    const job = runs(60);
    const found = detectAutomation(newestFirst([...human(20), ...job]))!;
    expect(found.count).toBe(job.length);
    expect(found.inRuns).toBe(job.length);
    expect(found.runDays).toBe(60);
    expect(found.clock).toBeNull();
    expect(found.ciCommitter).toBe(0);
  });

  test("its commits are left out of the count but still examined by the forensic rules", () => {
    const cs = [...human(20), ...runs(60)];
    const ctx = ruleContext(cs, "streak", 100);
    expect(ctx.automation!.humanCommits).toBe(20);
    expect(ctx.commits.length).toBe(cs.length);
  });

  test("a log a person dated by hand (an entry and an edit at one second, 40 days) is the person's work", () => {
    const person = human(150);
    const r = rng(11);
    const log = Array.from({ length: 40 }, (_, d) => {
      const at = T0 + 200 * DAY + d * DAY + Math.floor(r() * 20 * HOUR);
      return [
        commit(L, at, undefined, { message: `Day ${d + 1} of 100 days of code` }),
        commit(L, at, undefined, { message: `Day ${d + 1} of 100 days of code: notes` }),
      ];
    }).flat();
    expect(detectAutomation(newestFirst([...person, ...log]))).toBeNull();
  });

  test("a rebase (one committer second, each commit its own author time) is no run", () => {
    const r = rng(9);
    const rebased = Array.from({ length: 30 }, (_, d) => {
      const pushed = T0 + d * DAY + Math.floor(r() * 20 * HOUR);
      return Array.from({ length: 4 }, (_, k) =>
        commit(L, pushed - (4 - k) * 20 * MIN, pushed, { message: `chore: update deps ${k}` }),
      );
    }).flat();
    expect(detectAutomation(newestFirst(rebased))).toBeNull();
  });

  test("runs on a few days (one scripted afternoon) are not a schedule", () => {
    expect(detectAutomation(newestFirst(runs(10)))).toBeNull();
  });

  test("AUTOMATED_COMMITS says how the runs were recognised", () => {
    const ctx = ruleContext([...human(20), ...runs(60)], "streak", 100);
    const hit = automatedCommits(ctx)!;
    expect(hit.message).toContain(
      `${ctx.automation!.automatedCommits} made several at a time in one second, on 60 days`,
    );
  });
});
