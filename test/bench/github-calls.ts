/**
 * GitHub requests per verification of a "typical candidate": 5 claimed projects among 30
 * repositories. Cold (empty cache), then one commit pushed to each of the 30 repositories and the same
 * verification again (warm). Counted at the simulator: every request that reached "GitHub" (a 304 is a
 * request too, free of budget only when authenticated). Then the critical path of a four-project candidate
 * at 50 ms per call, with the simulator in this process and in a process of its own.
 * Run alone: `bun test/bench/github-calls.ts [--sim in-process|own-process|both] [--runs N] [--critical-only]`.
 */

import { loadavg } from "node:os";
import { runAnalysis } from "../../src/analysis/run-analysis.ts";
import { createGitHubSource } from "../../src/github/github-source.ts";
import { createEvidenceSource } from "../../src/github/graphql/graphql-source.ts";
import type { GitHubSource } from "../../src/github/types.ts";
import { type Database, openDatabase } from "../../src/storage/database.ts";
import { perfectExtraction } from "../demo/resume-pdf.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import {
  assembleCandidate,
  type CandidateSpec,
  candidateIdentity,
  honestHistory,
  SCENARIO_NOW,
} from "../support/github-sim/scenarios/index.ts";
import { type CallLogEntry, roundTrips } from "../support/github-sim/sim-controls.ts";
import { startSimulatorProcess } from "../support/github-sim/simulator-process.ts";
import { signed } from "./bench-util.ts";

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
  /** where the simulator answered */
  simulator: SimulatorPlace;
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
  /** each pair's difference, in run order */
  pairs: number[];
  /** median verification time at `latencyMs` and at 0 ms */
  slowMs: number;
  fastMs: number;
  /** median of the simulator's own time per verification (answered less arrived less the injected latency) */
  simSlowMs: number;
  simFastMs: number;
  /** addedMs and pairedMs with each run's own simulator time taken out (it is paid at both latencies) */
  addedLessSimMs: number;
  pairedLessSimMs: number;
  /**
   * the peer in the same run: as many bare sequential requests as the round trips, to the same simulator at
   * the same latencies (pairs of alternating order, beside the verification's): the floor on this machine now
   */
  bare: { requests: number; addedMs: number; pairedMs: number };
  /** each span of a verification around an await on its critical path: its median at `latencyMs` and at 0 ms */
  spans: Array<{ name: string; slowMs: number; fastMs: number }>;
}

/** Epoch ms with fractions: comparable with the simulator's call log (its clock is Date.now, in either process). */
const epochNow = () => performance.timeOrigin + performance.now();

/** One request as the analysis's side saw it: sent, its answer's headers, its body read. */
interface Sent {
  send: number;
  answered?: number;
  read?: number;
}

/** fetch that notes when each request left and when its answer was in hand (the body read, as the client does). */
function timedFetch(sent: Sent[]) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const rec: Sent = { send: epochNow() };
    sent.push(rec);
    const res = await fetch(input, init);
    rec.answered = epochNow();
    const body = await res.arrayBuffer();
    rec.read = epochNow();
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/**
 * A verification cut at each await on its critical path: until the first request leaves; for each request
 * its way to the simulator, the simulator's own time beside the injected latency, the way back until the
 * answer is read; the analysis's own time between an answer and the next request; after the last answer.
 * The calls are sequential (the round trips say so), so the spans add up to the whole verification.
 */
function criticalSpans(
  start: number,
  end: number,
  sent: Sent[],
  log: CallLogEntry[],
  latency: number,
): Map<string, number> {
  const spans = new Map<string, number>();
  const calls = [...log].sort((a, b) => a.at - b.at);
  if (calls.length !== sent.length || sent.some((s) => s.read === undefined)) return spans;
  spans.set("until request 1 leaves", sent[0] ? sent[0].send - start : end - start);
  for (const [i, s] of sent.entries()) {
    const c = calls[i]!;
    const done = c.doneAt ?? c.at;
    if (i > 0) spans.set(`answer ${i} read to request ${i + 1} sent`, s.send - sent[i - 1]!.read!);
    spans.set(`request ${i + 1} to the simulator`, c.at - s.send);
    spans.set(`request ${i + 1} the simulator's own time`, done - c.at - latency);
    spans.set(`answer ${i + 1} back and read`, s.read! - done);
  }
  const last = sent.at(-1);
  if (last) spans.set(`after answer ${sent.length} read`, end - last.read!);
  return spans;
}

const addSpans = (into: Map<string, number[]>, spans: Map<string, number>) => {
  for (const [name, ms] of spans) into.set(name, [...(into.get(name) ?? []), ms]);
};

/**
 * Where the simulator answers: on the bench's own event loop ("in-process", as the tests run it), or in a
 * child process of its own ("own-process"), so that an answer never waits for the analysis's work in hand.
 */
export type SimulatorPlace = "in-process" | "own-process";
export const SIMULATOR_PLACES: readonly SimulatorPlace[] = ["in-process", "own-process"];

/** The little of a simulator the measure needs, the same over both places. */
interface MeasuredSimulator {
  url: string;
  setLatency(ms: number): Promise<void>;
  callCount(): Promise<number>;
  callLog(from: number): Promise<CallLogEntry[]>;
  stop(): Promise<void>;
}

async function startSimulatorAt(place: SimulatorPlace, spec: CandidateSpec): Promise<MeasuredSimulator> {
  const options = { candidates: [spec], tokens: ["bench-token"] };
  if (place === "own-process") return startSimulatorProcess(options);
  const sim = await startGitHubSimulator(options);
  return {
    url: sim.url,
    setLatency: async (ms) => sim.setLatency(ms),
    callCount: async () => sim.callLog.length,
    callLog: async (from) => sim.callLog.slice(from),
    stop: async () => {
      sim.setLatency(0);
      await sim.stop();
    },
  };
}

function criticalPathCandidate() {
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
  return { login, spec, resume };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The GitHub calls of one cold verification of the four-project candidate over GraphQL (no service, no
 * PDF; the analysis in this process): requests, round trips on the critical path, and the time `latencyMs`
 * per call adds, for each place of the simulator asked for. With several places every run of pairs goes
 * through each of them in turn (the order alternating), so a load that rises or falls weighs on all.
 */
export async function measureCriticalPaths(
  latencyMs = 50,
  runs = 9,
  places: readonly SimulatorPlace[] = ["in-process"],
): Promise<CriticalPath[]> {
  const { login, spec, resume } = criticalPathCandidate();
  const sims: MeasuredSimulator[] = [];
  try {
    for (const place of places) sims.push(await startSimulatorAt(place, spec));
    const once = async (sim: MeasuredSimulator, latency: number) => {
      await sim.setLatency(latency);
      const db = await openDatabase(":memory:");
      try {
        const before = await sim.callCount();
        const sent: Sent[] = [];
        const github = createEvidenceSource({
          baseUrl: sim.url,
          token: "bench-token",
          db,
          backoffUnitMs: 1,
          fetch: timedFetch(sent),
        });
        const start = epochNow();
        await runAnalysis({ hostUsername: login, resume, github });
        const end = epochNow();
        const log = await sim.callLog(before);
        const own = log.reduce((sum, c) => sum + Math.max(0, (c.doneAt ?? c.at) - c.at - latency), 0);
        return { ms: end - start, own, log, spans: criticalSpans(start, end, sent, log, latency) };
      } finally {
        await db.close();
      }
    };
    const tally = places.map(() => ({
      slow: [] as number[],
      fast: [] as number[],
      simSlow: [] as number[],
      simFast: [] as number[],
      paired: [] as number[],
      pairedLessSim: [] as number[],
      spansSlow: new Map<string, number[]>(),
      spansFast: new Map<string, number[]>(),
      bareSlow: [] as number[],
      bareFast: [] as number[],
      barePaired: [] as number[],
      log: [] as CallLogEntry[],
    }));
    // one untimed run at each latency first: the code of both paths compiled, the simulator's reads memoized
    let sequential = 0;
    for (const sim of sims) {
      sequential = Math.max(sequential, roundTrips((await once(sim, latencyMs)).log));
      await once(sim, 0);
    }
    // the peer: as many sequential requests as the verification's round trips, to the same simulator at the
    // same latency, with nothing else to do (GET /rate_limit: the cheapest answer): the floor on this machine
    const bare = async (sim: MeasuredSimulator, latency: number) => {
      await sim.setLatency(latency);
      const start = epochNow();
      for (let n = 0; n < sequential; n++)
        await (
          await fetch(`${sim.url}/rate_limit`, { headers: { authorization: "bearer bench-token" } })
        ).arrayBuffer();
      return epochNow() - start;
    };
    for (let i = 0; i < runs; i++) {
      const order = places.map((_, k) => k);
      if (i % 2 === 1) order.reverse();
      for (const k of order) {
        const sim = sims[k]!;
        const t = tally[k]!;
        // alternating which goes first, so a load that rises or falls within a pair weighs on both
        const fastFirst = i % 2 === 1 ? await once(sim, 0) : null;
        const slow = await once(sim, latencyMs);
        const fast = fastFirst ?? (await once(sim, 0));
        t.slow.push(slow.ms);
        t.fast.push(fast.ms);
        t.simSlow.push(slow.own);
        t.simFast.push(fast.own);
        t.paired.push(slow.ms - fast.ms);
        t.pairedLessSim.push(slow.ms - slow.own - (fast.ms - fast.own));
        addSpans(t.spansSlow, slow.spans);
        addSpans(t.spansFast, fast.spans);
        t.log = slow.log;
        const bareFirst = i % 2 === 1 ? await bare(sim, 0) : null;
        const bareSlow = await bare(sim, latencyMs);
        const bareFast = bareFirst ?? (await bare(sim, 0));
        t.bareSlow.push(bareSlow);
        t.bareFast.push(bareFast);
        t.barePaired.push(bareSlow - bareFast);
      }
    }
    return places.map((place, k) => {
      const t = tally[k]!;
      return {
        simulator: place,
        requests: t.log.length,
        graphql: t.log.filter((c) => c.graphql).length,
        trips: roundTrips(t.log),
        commitReads: t.log.filter((c) => /\/commits\/[0-9a-f]{7,40}$/.test(c.path)).length,
        addedMs: median(t.slow) - median(t.fast),
        pairedMs: median(t.paired),
        pairs: t.paired,
        slowMs: median(t.slow),
        fastMs: median(t.fast),
        simSlowMs: median(t.simSlow),
        simFastMs: median(t.simFast),
        addedLessSimMs:
          median(t.slow.map((ms, j) => ms - t.simSlow[j]!)) - median(t.fast.map((ms, j) => ms - t.simFast[j]!)),
        pairedLessSimMs: median(t.pairedLessSim),
        bare: {
          requests: sequential,
          addedMs: median(t.bareSlow) - median(t.bareFast),
          pairedMs: median(t.barePaired),
        },
        spans: [...t.spansSlow].map(([name, xs]) => ({
          name,
          slowMs: median(xs),
          fastMs: median(t.spansFast.get(name) ?? [NaN]),
        })),
      };
    });
  } finally {
    for (const sim of sims) await sim.stop();
  }
}

/** One place's figures (see measureCriticalPaths); by default the simulator in this process, as before. */
export async function measureCriticalPath(
  latencyMs = 50,
  runs = 9,
  place: SimulatorPlace = "in-process",
): Promise<CriticalPath> {
  return (await measureCriticalPaths(latencyMs, runs, [place]))[0]!;
}

const PLACE_WORDS: Record<SimulatorPlace, string> = {
  "in-process": "simulator in this process",
  "own-process": "simulator in its own process",
};

if (import.meta.main) {
  const argv = process.argv.slice(2);
  const arg = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const simArg = arg("sim") ?? "both";
  const places = simArg === "both" ? SIMULATOR_PLACES : SIMULATOR_PLACES.filter((p) => p === simArg);
  if (places.length === 0) {
    console.error(`--sim takes in-process, own-process or both (default), not "${simArg}"`);
    process.exit(2);
  }
  const runs = Number(arg("runs") ?? 15);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`--runs takes a whole number of pairs of at least 1, not "${arg("runs")}"`);
    process.exit(2);
  }
  if (!argv.includes("--critical-only")) {
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
  }
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
  const loadBefore = load();
  const paths = await measureCriticalPaths(50, runs, places);
  console.log(`critical path, ${runs} pairs a place, load average ${loadBefore} before, ${load()} after:`);
  const r = Math.round;
  for (const c of paths) {
    console.log(
      `critical path, four-project candidate over GraphQL at 50 ms/call, ${PLACE_WORDS[c.simulator]}: ${c.requests} requests (${c.graphql} GraphQL, ${c.commitReads} single-commit reads), ${c.trips} round trips, +${r(c.addedMs)} ms (median ${r(c.slowMs)} ms against ${r(c.fastMs)} ms; each pair's difference: median +${r(c.pairedMs)} ms: ${c.pairs.map(signed).join(", ")}; the simulator's own time ${r(c.simSlowMs)} / ${r(c.simFastMs)} ms, less it +${r(c.addedLessSimMs)} ms, pairs +${r(c.pairedLessSimMs)} ms)`,
    );
    console.log(
      `  peer, ${c.bare.requests} bare sequential requests to the same simulator: +${r(c.bare.addedMs)} ms (pairs +${r(c.bare.pairedMs)} ms); the verification beyond it: ${signed(c.addedMs - c.bare.addedMs)} ms (pairs ${signed(c.pairedMs - c.bare.pairedMs)} ms)`,
    );
    console.log(
      `  spans, median at 50 ms / at 0 ms (difference): ${c.spans.map((x) => `${x.name} ${x.slowMs.toFixed(1)} / ${x.fastMs.toFixed(1)} (${x.slowMs >= x.fastMs ? "+" : ""}${(x.slowMs - x.fastMs).toFixed(1)})`).join("; ")}`,
    );
  }
}
