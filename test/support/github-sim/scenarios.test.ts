import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type GitCommitRecord, readChanges } from "./git-reader.ts";
import { type GitHubSimulator, startGitHubSimulator } from "./github-simulator.ts";
import {
  assembleCandidate,
  bulkDump,
  type CandidateSpec,
  cronFarm,
  honestHistory,
  paintedGraph,
  randomDateBot,
  SCENARIO_NOW,
  SCENARIOS,
  sampleCandidates,
} from "./scenarios/index.ts";

/**
 * The scenario library states what each history is (the rules of docs/analysis.md); these tests hold each
 * builder to the traces it claims, measured on the real git data the simulator serves.
 */

const DAY = 86_400;
let sim: GitHubSimulator;
let candidates: CandidateSpec[];
let buildMs = 0;

beforeAll(async () => {
  candidates = [
    ...sampleCandidates(),
    assembleCandidate({ login: "cron-carol", repos: [cronFarm({ login: "cron-carol" })] }),
  ];
  const t = performance.now();
  sim = await startGitHubSimulator({ candidates });
  buildMs = performance.now() - t;
});
afterAll(() => sim.stop());

const commitsOf = async (fullName: string) => sim.world.commits(sim.world.repo(fullName)!);
const loginOf = (c: GitCommitRecord) => sim.world.accountOf(c.authorEmail)?.login ?? null;
const hhmmss = (t: number) => new Date(t * 1000).toISOString().slice(11, 19);
const maxGroup = (xs: unknown[]) =>
  Math.max(0, ...[...xs.reduce((m: Map<unknown, number>, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map()).values()]);
/** parent->child steps (oldest first) that go back in author time by more than an hour */
const backwardSteps = (cs: GitCommitRecord[]) => {
  const chrono = [...cs].reverse();
  const jumps: number[] = [];
  for (let i = 1; i < chrono.length; i++)
    if (chrono[i]!.authorDate < chrono[i - 1]!.authorDate - 3600)
      jumps.push(chrono[i - 1]!.authorDate - chrono[i]!.authorDate);
  return {
    share: jumps.length / Math.max(1, chrono.length - 1),
    medianDays: (jumps.sort((a, b) => a - b)[Math.floor(jumps.length / 2)] ?? 0) / DAY,
  };
};
const windowShare = (cs: GitCommitRecord[]) => {
  const mins = cs.map((c) => Math.floor((c.authorDate % DAY) / 60));
  let best = 0;
  for (let m = 0; m < 1440; m++) best = Math.max(best, mins.filter((x) => (x - m + 1440) % 1440 < 60).length);
  return best / cs.length;
};

test("the whole sample library builds with real git: every candidate has its repositories", () => {
  // how long it took is printed, not asserted (about 1-2 s on a quiet 2-core machine); a hang fails beforeAll
  expect(candidates.length).toBeGreaterThan(0);
  expect(candidates.filter((c) => c.repos.length === 0).map((c) => c.login)).toEqual([]);
  console.log(
    `scenario library: ${candidates.reduce((n, c) => n + c.repos.length, 0)} repositories built in ${Math.round(buildMs)} ms`,
  );
});

test("every scenario's label counts exactly the commits linked to the candidate (a scheduled job's apart)", async () => {
  for (const c of candidates) {
    for (const s of c.scenarios) {
      const commits = await commitsOf(s.fullName);
      const own = commits.filter((x) => loginOf(x)?.toLowerCase() === c.login.toLowerCase()).length;
      const labelled = s.label.candidateCommits + (s.label.automatedCommits ?? 0);
      expect({ scenario: s.scenario, own }).toEqual({ scenario: s.scenario, own: labelled });
    }
  }
});

test("builders are deterministic: the same options give the same SHAs", async () => {
  const a = honestHistory({ login: "det", commits: 10 });
  const b = honestHistory({ login: "det", commits: 10 });
  expect(a).toEqual(b);
  const other = await startGitHubSimulator({ candidates: [assembleCandidate({ login: "det", repos: [a] })] });
  try {
    const again = await startGitHubSimulator({ candidates: [assembleCandidate({ login: "det", repos: [b] })] });
    try {
      const shas = async (s: GitHubSimulator) =>
        (await s.world.commits(s.world.repo("det/weather-dash")!)).map((c) => c.sha);
      expect(await shas(other)).toEqual(await shas(again));
    } finally {
      await again.stop();
    }
  } finally {
    await other.stop();
  }
});

test("every builder in SCENARIOS labels itself and builds for any login", () => {
  for (const [name, build] of Object.entries(SCENARIOS)) {
    const s = build({ login: "any-one" });
    expect(s.scenario).toBe(name);
    expect(s.repo.owner).toBe("any-one");
    expect(["honest", "fraud", "ambiguous"]).toContain(s.label.kind);
    if (s.label.kind === "honest") expect(s.label.maxSeverity).not.toBe("CRITICAL");
  }
});

describe("honest histories look honest", () => {
  test("honestHistory: varied clock times, no shared timestamps, no future dates, real diffs", async () => {
    const cs = await commitsOf("alice-honest/weather-dash");
    expect(windowShare(cs)).toBeLessThanOrEqual(0.32);
    expect(maxGroup(cs.map((c) => c.authorDate))).toBeLessThanOrEqual(3);
    expect(cs.every((c) => c.committerDate >= c.authorDate && c.committerDate - c.authorDate < 5 * 3600)).toBe(true);
    const repo = sim.world.repo("alice-honest/weather-dash")!;
    const sizes = await Promise.all(
      cs
        .slice(0, 20)
        .map(async (c) =>
          (await readChanges(repo.dir, c.sha, c.parents[0])).reduce((n, f) => n + f.additions + f.deletions, 0),
        ),
    );
    expect(sizes.sort((a, b) => a - b)[10]!).toBeGreaterThanOrEqual(3);
  });

  test("honestRebase: 241 of 316 share one committer timestamp, ~40 % backward steps, short jumps", async () => {
    const cs = await commitsOf("maya-mixed/toy-compiler");
    expect(cs).toHaveLength(316);
    expect(maxGroup(cs.map((c) => c.committerDate))).toBe(241);
    const authorSpan = (Math.max(...cs.map((c) => c.authorDate)) - Math.min(...cs.map((c) => c.authorDate))) / DAY;
    expect(authorSpan).toBeGreaterThan(14 * 30);
    const back = backwardSteps(cs);
    expect(back.share).toBeGreaterThan(0.25);
    expect(back.share).toBeLessThan(0.45);
    expect(back.medianDays).toBeLessThan(60);
    expect(maxGroup(cs.map((c) => c.authorDate))).toBeLessThanOrEqual(3);
  });

  test("botCommits: dependabot[bot] authors, web-flow commits them", async () => {
    const cs = await commitsOf("alice-honest/invoice-api");
    const bots = cs.filter((c) => loginOf(c) === "dependabot[bot]");
    expect(bots).toHaveLength(15);
    expect(bots.every((c) => sim.world.accountOf(c.committerEmail)?.login === "web-flow")).toBe(true);
  });

  test("unlinkedEmail: commits from an unlinked address have no account", async () => {
    const cs = await commitsOf("maya-mixed/dotfiles-sync");
    expect(cs.filter((c) => loginOf(c) === null).map((c) => c.authorEmail)).toEqual(
      Array(20).fill("maya-mixed@workstation.local"),
    );
  });

  test("aiAssistedHistory: agent files at the root and co-author trailers", async () => {
    const res = await fetch(`${sim.url}/repos/alice-honest/prompt-lab/contents/`);
    const names = ((await res.json()) as Array<{ name: string }>).map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(["CLAUDE.md", "AGENTS.md"]));
    const cs = await commitsOf("alice-honest/prompt-lab");
    expect(cs.filter((c) => c.message.includes("Co-authored-by: Claude")).length).toBeGreaterThan(10);
  });
});

describe("forgeries leave the traces measured on real forged histories", () => {
  test("paintedGraph: one clock time, 12-40 commits per timestamp, all before the repository existed, one-line diffs", async () => {
    const cs = await commitsOf("mallory-painter/pixel-art");
    const repo = sim.world.repo("mallory-painter/pixel-art")!;
    expect(new Set(cs.map((c) => hhmmss(c.authorDate)))).toEqual(new Set(["12:00:00"]));
    expect(maxGroup(cs.map((c) => c.authorDate))).toBeGreaterThanOrEqual(12);
    expect(maxGroup(cs.map((c) => c.authorDate))).toBeLessThanOrEqual(40);
    expect(new Set(cs.map((c) => Math.floor(c.authorDate / DAY))).size).toBe(30);
    expect(cs.every((c) => c.authorDate * 1000 < Date.parse(repo.createdAt))).toBe(true);
    const [one] = await Promise.all([readChanges(repo.dir, cs[5]!.sha, cs[5]!.parents[0])]);
    expect(one.map((f) => [f.filename, f.additions, f.deletions])).toEqual([["graph.txt", 1, 0]]);
    expect(paintedGraph({ login: "x" }).label.expected.map((e) => e.rule)).toContain("CLOCK_TIME_MONOCULTURE");
  });

  test("randomDateBot: future author dates, ~50 % backward steps over months, committed in minutes", async () => {
    const cs = await commitsOf("mallory-painter/daily-commits");
    const newestCommitter = Math.max(...cs.map((c) => c.committerDate));
    const future = cs.filter((c) => c.authorDate > newestCommitter + DAY).length;
    expect(future).toBeGreaterThanOrEqual(10);
    expect(future).toBeLessThanOrEqual(83);
    const back = backwardSteps(cs);
    expect(back.share).toBeGreaterThanOrEqual(0.45);
    expect(back.medianDays).toBeGreaterThanOrEqual(60);
    expect(newestCommitter - Math.min(...cs.map((c) => c.committerDate))).toBeLessThan(15 * 60);
    expect(randomDateBot({ login: "x" }).label.kind).toBe("fraud");
  });

  test("sequentialBackdating: templated timestamp messages, one clock time, one session", async () => {
    const cs = await commitsOf("mallory-painter/contributions");
    expect(cs.every((c) => /^Contribution: \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(c.message))).toBe(true);
    expect(new Set(cs.map((c) => hhmmss(c.authorDate)))).toEqual(new Set(["20:01:00"]));
    expect(Math.max(...cs.map((c) => c.committerDate)) - Math.min(...cs.map((c) => c.committerDate))).toBeLessThan(
      3600,
    );
    expect(cs.every((c) => c.committerDate - c.authorDate > 7 * DAY)).toBe(true);
  });

  test("bulkDump: a first commit of thousands of lines over 100+ files, history within two days", async () => {
    const cs = await commitsOf("maya-mixed/ml-pipeline");
    const repo = sim.world.repo("maya-mixed/ml-pipeline")!;
    const root = cs[cs.length - 1]!;
    const files = await readChanges(repo.dir, root.sha);
    expect(files.length).toBeGreaterThanOrEqual(100);
    expect(files.reduce((n, f) => n + f.additions, 0)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...cs.map((c) => c.committerDate)) - root.committerDate).toBeLessThan(2 * DAY);
    expect(bulkDump({ login: "x" }).label.maxSeverity).toBe("WARNING");
  });

  test("cronFarm: real-time daily commits at exactly 09:00:00 with one message", async () => {
    const cs = await commitsOf("cron-carol/streak-keeper");
    expect(new Set(cs.map((c) => hhmmss(c.authorDate)))).toEqual(new Set(["09:00:00"]));
    expect(new Set(cs.map((c) => c.message))).toEqual(new Set(["Daily update"]));
    expect(cs.every((c) => c.authorDate === c.committerDate)).toBe(true);
  });

  test("upstreamRepushed: the root and most commits belong to others, months before the candidate's", async () => {
    const cs = await commitsOf("carl-copier/tinyhttp");
    const root = cs[cs.length - 1]!;
    expect(loginOf(root)).not.toBe("carl-copier");
    const own = cs.filter((c) => loginOf(c) === "carl-copier");
    expect(own).toHaveLength(3);
    expect((cs.length - own.length) / cs.length).toBeGreaterThan(0.5);
    const othersLatest = Math.max(...cs.filter((c) => loginOf(c) !== "carl-copier").map((c) => c.authorDate));
    expect(Math.min(...own.map((c) => c.authorDate)) - othersLatest).toBeGreaterThan(30 * DAY);
    expect(sim.world.repo("carl-copier/tinyhttp")!.forkOf).toBeUndefined();
  });

  test("forks: without own work nothing is ahead; with own work the candidate's commits are", async () => {
    const none = await (await fetch(`${sim.url}/repos/carl-copier/fastcsv/compare/upstream-org:main...main`)).json();
    expect(none.ahead_by).toBe(0);
    const some = await (await fetch(`${sim.url}/repos/alice-honest/fastcsv/compare/upstream-org:main...main`)).json();
    expect(some.ahead_by).toBe(12);
    expect(new Set(some.commits.map((c: { author: { login: string } }) => c.author.login))).toEqual(
      new Set(["alice-honest"]),
    );
  });
});

test("scenarios default to SCENARIO_NOW and accept another reference time", () => {
  const later = honestHistory({ login: "t", now: "2027-06-01T00:00:00Z" });
  const base = honestHistory({ login: "t" });
  const last = (s: typeof base) => Math.max(...s.repo.commits.map((c) => Number(c.committerDate)));
  expect(last(base)).toBeLessThan(Date.parse(SCENARIO_NOW));
  expect(last(later)).toBeGreaterThan(Date.parse(SCENARIO_NOW));
});
