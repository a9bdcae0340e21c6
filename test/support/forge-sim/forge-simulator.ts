import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Clock, systemClock } from "../../../src/lib/clock.ts";
import type { CommitSpec } from "../github-sim/git-writer.ts";
import type { CandidateSpec } from "../github-sim/scenarios/candidate.ts";
import type { RateLimitOptions, RateWindow } from "../github-sim/sim-controls.ts";
import {
  type ForgeFaultSpec,
  type ForgeServer,
  type HostProfile,
  type RouteAnswer,
  type ServedAnswer,
  startForgeServer,
} from "./forge-server.ts";
import {
  type ForgeRepoSpec,
  type ForgeUserSpec,
  ForgeWorld,
  type PushRecord,
  type SignatureSpec,
} from "./forge-world.ts";

/** What every host simulator is built from. */
export interface ForgeSimulatorOptions {
  /** candidates assembled from the scenario library (users and repositories are built in order) */
  candidates?: CandidateSpec[];
  users?: ForgeUserSpec[];
  repos?: ForgeRepoSpec[];
  /** drives rate-limit windows (and GitLab's event retention); default the system clock */
  clock?: Clock;
  /** web base in web_url / html_url fields */
  web?: string;
  /** when set, only these tokens are accepted (others answer 401) */
  tokens?: string[];
  rateLimits?: RateLimitOptions;
  /** every answer sent, for the self-tests */
  onServe?: (answer: ServedAnswer) => void;
}

/** The controls both host simulators share. */
export interface ForgeSimulator {
  /** the instance's origin: the client's base URL (the API is under the host's prefix) */
  url: string;
  world: ForgeWorld;
  callLog: ForgeServer["callLog"];
  calls: ForgeServer["calls"];
  resetCallLog(): void;
  /** delay every answer by `ms` */
  setLatency(ms: number): void;
  /** status bursts, hangs, or resets (the answer cut off mid-body) */
  injectFaults(spec: ForgeFaultSpec): void;
  clearFaults(): void;
  rateLimit: {
    /** spend every budget until `resetAt` (epoch ms) */
    exhaust(opts?: { resetAt?: number }): void;
    set(patch: Partial<RateWindow>, token?: string): void;
    /** the next `count` answers are 429 with Retry-After */
    throttle(opts?: { count?: number; retryAfterSec?: number }): void;
    state(token?: string): RateWindow;
    /** forget every window and queued answer */
    reset(): void;
  };
  load(candidate: CandidateSpec): Promise<void>;
  addRepo(spec: ForgeRepoSpec): Promise<void>;
  /** pushes commits at server time `at`, recorded as a push by `by` (default the owner) */
  push(fullName: string, commits: CommitSpec[], at: string | number, by?: string): Promise<PushRecord>;
  /** marks a commit as signed (metadata only) */
  sign(sha: string, signature: SignatureSpec): void;
  stop(): Promise<void>;
}

/** Starts a host: its world (real git under a temp dir), its server, the scenario data loaded in. */
export async function startForgeSimulator(
  opts: ForgeSimulatorOptions,
  host: {
    profile: HostProfile;
    tempPrefix: string;
    rateLimits: RateLimitOptions;
    /** the host's routes over the world, told the server's origin once it listens */
    routes(
      world: ForgeWorld,
      clock: Clock,
    ): { handle(path: string, url: URL): Promise<RouteAnswer>; ctx: { origin: string } };
  },
): Promise<ForgeSimulator> {
  const clock = opts.clock ?? systemClock;
  const root = mkdtempSync(join(tmpdir(), host.tempPrefix));
  const world = new ForgeWorld(root);
  const routes = host.routes(world, clock);
  const server = startForgeServer({
    profile: host.profile,
    clock,
    routes: (_method, path, url) => routes.handle(path, url),
    tokens: opts.tokens,
    rateLimits: { ...host.rateLimits, ...opts.rateLimits },
    onServe: opts.onServe,
  });
  routes.ctx.origin = server.url;
  const load = async (c: CandidateSpec) => {
    for (const u of c.users) world.addUser(u);
    for (const r of c.repos) if (!world.git.repo(`${r.owner}/${r.name}`)) await world.addRepo(r);
  };
  try {
    for (const u of opts.users ?? []) world.addUser(u);
    for (const c of opts.candidates ?? []) await load(c);
    for (const r of opts.repos ?? []) await world.addRepo(r);
  } catch (err) {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
  const identity = (token?: string) => token ?? "anonymous";
  return {
    url: server.url,
    world,
    callLog: server.callLog,
    calls: server.calls,
    resetCallLog: server.resetCallLog,
    setLatency: server.setLatency,
    injectFaults: server.injectFaults,
    clearFaults: server.clearFaults,
    rateLimit: {
      exhaust: (o) => server.limiter.exhaust(o),
      set: (patch, token) => server.limiter.set(patch, token === undefined ? undefined : identity(token)),
      throttle: (o) => server.limiter.secondary({ ...o, status: 429 }),
      state: (token) => ({ ...server.limiter.window(identity(token)) }),
      reset: () => server.limiter.reset(),
    },
    load,
    addRepo: async (spec) => {
      await world.addRepo(spec);
    },
    push: (fullName, commits, at, by) => world.push(fullName, commits, at, by),
    sign: (sha, signature) => {
      world.signatures.set(sha, signature);
    },
    stop: async () => {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
