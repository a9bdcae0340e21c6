/**
 * GitHub requests per verification of a "typical candidate": 5 claimed projects among 30
 * repositories. Cold (empty cache), then one commit pushed to each of the 30 repositories and the same
 * verification again (warm). Counted at the simulator: every request that reached "GitHub" (a 304 is a
 * request too, free of budget only when authenticated). Run alone: `bun test/bench/github-calls.ts`.
 */
import { runAnalysis } from "../../src/analysis/run-analysis.ts";
import { createGitHubSource } from "../../src/github/github-source.ts";
import { createEvidenceSource } from "../../src/github/graphql/graphql-source.ts";
import type { GitHubSource } from "../../src/github/types.ts";
import { type Database, openDatabase } from "../../src/storage/database.ts";
import { perfectExtraction } from "../demo/resume-pdf.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import {
  assembleCandidate,
  candidateIdentity,
  honestHistory,
  SCENARIO_NOW,
} from "../support/github-sim/scenarios/index.ts";
import { roundTrips } from "../support/github-sim/sim-controls.ts";

export interface CallFigures {
  path: string;
  cold: number;
  warm: number;
  /** of the cold requests, those sent to REST (the rest went to GraphQL) */
  coldRest: number;
  /** GraphQL points spent (rateLimit.cost summed), when the path used GraphQL */
  coldPoints?: number;
  warmPoints?: number;
  coldMs: number;
  warmMs: number;
}

const LOGIN = "tess-typical";
const LANGS = ["TypeScript", "Python", "Go", "Rust"] as const;
/** the claimed five: a spread of sizes, two of them longer than a page of 100 */
const CLAIMED = [48, 130, 60, 25, 220];

export function typicalCandidate(login = LOGIN) {
  const repos = Array.from({ length: 30 }, (_, i) =>
    honestHistory({
      login,
      now: SCENARIO_NOW,
      name: `project-${String(i + 1).padStart(2, "0")}`,
      language: LANGS[i % LANGS.length],
      commits: i < CLAIMED.length ? CLAIMED[i]! : 6 + ((i * 7) % 30),
      description: `Project number ${i + 1}: tools for ${["maps", "tides", "logs", "images", "routes", "notes"][i % 6]}`,
    }),
  );
  const spec = assembleCandidate({ login, name: "Tess Typical", createdAt: "2017-05-01T10:00:00Z", repos });
  const resume = perfectExtraction({
    name: "Tess Typical",
    githubLogin: login,
    email: `${login}@example.com`,
    projects: repos.slice(0, CLAIMED.length).map((r) => ({
      name: r.repo.name,
      repoUrl: `github.com/${login}/${r.repo.name}`,
      technologies: [r.repo.name.length % 2 ? "TypeScript" : "Go"],
    })),
  });
  return { spec, resume, repos: repos.map((r) => `${r.repo.owner}/${r.repo.name}`) };
}

/** Measures one path (a source factory over the simulator URL and a database) cold, then warm after a push. */
export async function measureTypical(
  path: string,
  makeSource: (url: string, db: Database) => GitHubSource & { points?: () => number },
  opts: { login?: string } = {},
): Promise<CallFigures> {
  const c = typicalCandidate(opts.login);
  // without a token GitHub allows 60 an hour: raised here so the whole cost can be counted
  const sim = await startGitHubSimulator({ candidates: [c.spec], rateLimits: { anonymous: 5000 } });
  const db = await openDatabase(":memory:");
  try {
    const run = async () => {
      const src = makeSource(sim.url, db);
      const before = sim.callLog.length;
      const restBefore = sim.calls((e) => !e.graphql).length;
      const t0 = performance.now();
      const out = await runAnalysis({ hostUsername: c.spec.login, resume: c.resume, github: src });
      const rest = sim.calls((e) => !e.graphql).length - restBefore;
      return { out, calls: sim.callLog.length - before, rest, ms: performance.now() - t0, points: src.points?.() };
    };
    const cold = await run();
    const at = Date.parse(SCENARIO_NOW) - 3_600_000;
    for (const full of c.repos) {
      await sim.push(
        full,
        [
          {
            author: candidateIdentity(c.spec.login),
            authorDate: at,
            message: "Update notes",
            files: { "NOTES.md": "x\n" },
          },
        ],
        new Date(at).toISOString(),
      );
    }
    const warm = await run();
    return {
      path,
      cold: cold.calls,
      warm: warm.calls,
      coldRest: cold.rest,
      coldMs: cold.ms,
      warmMs: warm.ms,
      ...(cold.points !== undefined ? { coldPoints: cold.points, warmPoints: warm.points } : {}),
    };
  } finally {
    await db.close();
    await sim.stop();
  }
}

/** The REST figures before GraphQL and stable pages (measured with this script on the code before them). */
export const REST_BASELINE = { cold: 44, warm: 39 };

export const restSource = (token: string | null) => (url: string, db: Database) =>
  createGitHubSource({ baseUrl: url, token, db, backoffUnitMs: 1 });

export const graphqlSource = (url: string, db: Database) =>
  createEvidenceSource({ baseUrl: url, token: "bench-token", db, backoffUnitMs: 1 });

/** The four-project candidate of the critical path (as bench/e2e.ts): one history of 150 commits, three of 3-4. */
export const FOUR_PROJECTS = [
  { name: "trail-maps", language: "TypeScript" as const, commits: 150 },
  { name: "recipe-box", language: "Python" as const, commits: 4 },
  { name: "dice-roller", language: "Go" as const, commits: 3 },
  { name: "pomodoro", language: "Rust" as const, commits: 3 },
];

export interface CriticalPath {
  requests: number;
  graphql: number;
  /** sequential round trips: a call is one deeper than the deepest call answered before it began */
  trips: number;
  /** the single-commit reads (GET /commits/{sha}) among the requests */
  commitReads: number;
  /** median verification time at `latencyMs` per call less the median at 0 ms */
  addedMs: number;
  /** the median of each pair's difference (the pairs alternate which latency goes first) */
  pairedMs: number;
}

/**
 * The GitHub calls of one cold verification of the four-project candidate over GraphQL, in process (no
 * service, no PDF): requests, round trips on the critical path, and the time `latencyMs` per call adds.
 */
export async function measureCriticalPath(latencyMs = 50, runs = 9): Promise<CriticalPath> {
  const login = "four-paths";
  const spec = assembleCandidate({
    login,
    name: "Four Paths",
    createdAt: "2018-03-01T10:00:00Z",
    repos: FOUR_PROJECTS.map((p) =>
      honestHistory({ login, name: p.name, language: p.language, commits: p.commits, months: 6 }),
    ),
  });
  const resume = perfectExtraction({
    name: "Four Paths",
    githubLogin: login,
    email: `${login}@example.com`,
    projects: FOUR_PROJECTS.map((p) => ({
      name: p.name,
      repoUrl: `github.com/${login}/${p.name}`,
      technologies: [p.language],
    })),
  });
  const sim = await startGitHubSimulator({ candidates: [spec], tokens: ["bench-token"] });
  try {
    const once = async (latency: number) => {
      sim.setLatency(latency);
      const db = await openDatabase(":memory:");
      try {
        const before = sim.callLog.length;
        const t0 = performance.now();
        await runAnalysis({ hostUsername: login, resume, github: graphqlSource(sim.url, db) });
        const ms = performance.now() - t0;
        return { ms, log: sim.callLog.slice(before) };
      } finally {
        await db.close();
      }
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const slow: number[] = [];
    const fast: number[] = [];
    const paired: number[] = [];
    let last: Awaited<ReturnType<typeof once>> | null = null;
    // one untimed run at each latency first: the code of both paths compiled, the simulator's reads memoized
    await once(latencyMs);
    await once(0);
    for (let i = 0; i < runs; i++) {
      // alternating which goes first, so a load that rises or falls within a pair weighs on both
      const fastFirst = i % 2 === 1 ? (await once(0)).ms : null;
      last = await once(latencyMs);
      const f = fastFirst ?? (await once(0)).ms;
      slow.push(last.ms);
      fast.push(f);
      paired.push(last.ms - f);
    }
    const log = last!.log;
    return {
      requests: log.length,
      graphql: log.filter((c) => c.graphql).length,
      trips: roundTrips(log),
      commitReads: log.filter((c) => /\/commits\/[0-9a-f]{7,40}$/.test(c.path)).length,
      addedMs: median(slow) - median(fast),
      pairedMs: median(paired),
    };
  } finally {
    sim.setLatency(0);
    await sim.stop();
  }
}

if (import.meta.main) {
  for (const [name, make] of [
    ["GraphQL, token", graphqlSource],
    ["REST, token", restSource("bench-token")],
    ["REST, no token", restSource(null)],
  ] as const) {
    const f = await measureTypical(name, make);
    console.log(
      `${f.path}: cold ${f.cold} requests (${Math.round(f.coldMs)} ms), warm after a push ${f.warm} (${Math.round(f.warmMs)} ms)` +
        (f.coldPoints !== undefined ? `; GraphQL points ${f.coldPoints} cold, ${f.warmPoints} warm` : ""),
    );
  }
  const c = await measureCriticalPath();
  console.log(
    `critical path, four-project candidate over GraphQL at 50 ms/call: ${c.requests} requests (${c.graphql} GraphQL, ${c.commitReads} single-commit reads), ${c.trips} round trips, +${Math.round(c.addedMs)} ms (each pair's difference: median +${Math.round(c.pairedMs)} ms)`,
  );
}
