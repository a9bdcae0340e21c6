/**
 * The critical path of a cold verification over GraphQL, across every outside host it asks (GitHub and
 * the npm/PyPI registries), with latency injected on each: the sequential depth is counted from the
 * hosts' call logs (a call is one round trip deeper than the deepest call answered before it began), so
 * it says which calls waited for another's answer, whatever the machine's speed. Nothing may wait that
 * does not need an earlier answer: an honest candidate's four projects cost two round trips and no
 * registry read; a history dated before its repository has its lockfile's pins looked up together, once
 * the lockfile is read, not one after another.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runAnalysis } from "../../src/analysis/run-analysis.ts";
import { createEvidenceSource } from "../../src/github/graphql/graphql-source.ts";
import { perfectExtraction } from "../demo/resume-pdf.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { assembleCandidate, honestHistory } from "../support/github-sim/scenarios/index.ts";
import { CAROL_PACKAGES, shiftedWorld } from "../support/github-sim/scenarios/provenance-histories.ts";
import { type CallLogEntry, roundTrips } from "../support/github-sim/sim-controls.ts";
import { memoryDb } from "../support/memory-db.ts";
import { type RegistrySimulator, startRegistrySimulator } from "../support/registry-sim/registry-simulator.ts";

/** per call on every host: long beside the work between two calls, so "answered before it began" is unambiguous */
const LATENCY_MS = 100;
const FOUR = [
  { name: "trail-maps", language: "TypeScript" as const, commits: 150 },
  { name: "recipe-box", language: "Python" as const, commits: 4 },
  { name: "dice-roller", language: "Go" as const, commits: 3 },
  { name: "pomodoro", language: "Rust" as const, commits: 3 },
];

const dir = mkdtempSync(join(tmpdir(), "claimcheck-critical-path-"));
let gh: GitHubSimulator;
let registry: RegistrySimulator;

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * Every request to a host, logged on the verifying side: when it was sent and when its answer was in
 * hand. (The simulator runs in this process: its own log would date a request when its handler got the
 * event loop, which a busy loop delays past an answer that came later.) `latencyMs` is added before the
 * request goes out (the registries'; the GitHub simulator injects its own).
 */
function loggedFetch(log: CallLogEntry[], latencyMs = 0): Fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const entry: CallLogEntry = {
      method: init?.method ?? (input instanceof Request ? input.method : "GET"),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      status: 0,
      authenticated: false,
      conditional: false,
      at: performance.now(),
      ...(url.pathname.endsWith("/graphql") ? { graphql: true } : {}),
    };
    log.push(entry);
    // the injected latency, not a wait for work
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const res = await fetch(input, init);
    const body = await res.arrayBuffer();
    entry.status = res.status;
    entry.doneAt = performance.now();
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

beforeAll(async () => {
  const shifted = await shiftedWorld(dir);
  registry = startRegistrySimulator({ npm: CAROL_PACKAGES });
  gh = await startGitHubSimulator({
    users: shifted.users,
    repos: shifted.repos,
    candidates: [
      assembleCandidate({
        login: "cp-four",
        name: "cp-four",
        createdAt: "2018-03-01T10:00:00Z",
        repos: FOUR.map((p) => honestHistory({ login: "cp-four", ...p, months: 6 })),
      }),
    ],
  });
}, 120_000);

afterAll(async () => {
  await gh?.stop();
  await registry?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** One cold verification of `login` claiming `links`, at LATENCY_MS per call on every host; the calls it made. */
async function verify(login: string, links: string[]) {
  const githubCalls: CallLogEntry[] = [];
  const registries: CallLogEntry[] = [];
  const github = createEvidenceSource({
    baseUrl: gh.url,
    token: "tok",
    db: memoryDb(),
    backoffUnitMs: 1,
    fetch: loggedFetch(githubCalls),
    registry: { npmUrl: registry.url, pypiUrl: registry.url, fetch: loggedFetch(registries, LATENCY_MS) },
  });
  const resume = perfectExtraction({
    name: login,
    githubLogin: login,
    projects: links.map((l) => ({ name: l.split("/").pop()!, repoUrl: `github.com/${l}` })),
  });
  const simBefore = gh.callLog.length;
  gh.setLatency(LATENCY_MS);
  try {
    const out = await runAnalysis({ hostUsername: login, resume, github });
    // every request the simulator answered is one the verifying side logged
    expect(gh.callLog.length - simBefore).toBe(githubCalls.length);
    return { out, github: githubCalls, registries, all: [...githubCalls, ...registries] };
  } finally {
    gh.setLatency(0);
  }
}

/** Each call's depth (as roundTrips counts it), by call. */
function depths(calls: readonly CallLogEntry[]): Map<CallLogEntry, number> {
  const sorted = [...calls].sort((a, b) => a.at - b.at);
  const out = new Map<CallLogEntry, number>();
  for (const c of sorted) {
    let d = 1;
    for (const [prev, pd] of out) if (prev.doneAt !== undefined && prev.doneAt <= c.at) d = Math.max(d, pd + 1);
    out.set(c, d);
  }
  return out;
}

describe("the critical path across GitHub and the package registries, latency injected", () => {
  test("an honest four-project candidate: two round trips in all, no registry asked", async () => {
    const run = await verify(
      "cp-four",
      FOUR.map((p) => `cp-four/${p.name}`),
    );
    expect(run.registries).toEqual([]);
    expect(run.github.map((c) => c.graphql === true)).toEqual([true, true]);
    expect(roundTrips(run.all)).toBe(2);
    expect(run.out.verifiedProjects.map((p) => p.commits)).toEqual(FOUR.map((p) => p.commits));
  });

  test("a history dated before its repository: its pins are looked up together, one round trip after the lockfile", async () => {
    const run = await verify("carol", ["carol/shop-ui-2017"]);
    expect(run.registries.length).toBeGreaterThan(0);
    const depth = depths(run.all);
    const at = (pred: (c: CallLogEntry) => boolean) => run.all.filter(pred).map((c) => depth.get(c));
    // what needs only the first answer (the history says "suspect") is asked right after it, together:
    // the search for an original by name, the lockfile's oldest commit (and an account's creation date,
    // when the accounts seen so far in this process do not bound it)
    expect(at((c) => c.graphql === true)).toEqual([1]);
    for (const d of at((c) => c.path.startsWith("/user/"))) expect(d).toBe(2);
    expect(at((c) => c.path === "/search/repositories" && c.query.q?.includes("in:name") === true)).toEqual([2]);
    expect(at((c) => c.path.endsWith("/commits") && c.query.path !== undefined)).toEqual([2]);
    // the lockfile at that commit needs the commit: one deeper
    const lockfile = run.github.find((c) => /\/contents\/[^/]*lock/.test(c.path));
    expect(lockfile).toBeDefined();
    expect(depth.get(lockfile!)).toBe(3);
    // every registry read needs the lockfile's answer, and nothing else: all at the depth right after it
    for (const r of run.registries) expect(depth.get(r)).toBe(depth.get(lockfile!)! + 1);
    // and nothing waits for the registries: they end the path
    expect(roundTrips(run.all)).toBe(depth.get(lockfile!)! + 1);
    expect(run.out.verifiedProjects).toHaveLength(1);
  });
});
