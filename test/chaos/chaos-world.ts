/**
 * Everything a chaos phase runs against: the GitHub simulator with the sample candidates, one
 * generated resume per candidate, a DATA_DIR prepared with the CLI (an API key with no quota or rate
 * limit, the webhook URL and secret), the final-state audit, a signed receiver, and the real service
 * process, started and SIGKILLed on demand with compressed timings.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sampleResumePdf } from "../demo/resume-pdf.ts";
import { runCliProcess } from "../support/child-server.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { type CandidateSpec, sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { installFinalAudit } from "./audit.ts";
import {
  childPidsOf,
  isAlive,
  type ServiceCommand,
  type ServiceProcess,
  serviceArgv,
  spawnService,
} from "./service-process.ts";
import { type AnswerPlan, type SignedReceiver, startSignedReceiver } from "./signed-receiver.ts";

/** The compressed timings every chaos phase runs with (production: 30s, 10s, 1m..8h). */
export const CHAOS_TIMINGS = {
  JOB_LEASE: "1s",
  WEBHOOK_TIMEOUT: "1s",
  WEBHOOK_RETRY_SCHEDULE: "200ms,400ms,800ms,1600ms,3200ms",
  SHUTDOWN_GRACE: "2s",
} as const;
export const CHAOS_SCHEDULE_MS = [200, 400, 800, 1600, 3200] as const;

export interface Candidate {
  login: string;
  pdf: Uint8Array;
}

export interface ChaosWorldOptions {
  command?: ServiceCommand;
  /** DATA_DIR to use (e.g. on a small mount); default a fresh temp dir, removed by close() */
  dataDir?: string;
  env?: Record<string, string>;
  plan?: AnswerPlan;
}

const title = (s: string) =>
  s
    .split(/[-_]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");

/** The resume a sample candidate sends: every repository of theirs, linked (as the pipeline test does). */
export async function candidateResume(c: CandidateSpec): Promise<Uint8Array> {
  return sampleResumePdf({
    name: c.user.name ?? c.login,
    githubLogin: c.login,
    projects: c.scenarios.map((s) => ({ name: title(s.fullName.split("/")[1]!), repoUrl: `github.com/${s.fullName}` })),
  });
}

export interface ChaosWorld {
  sim: GitHubSimulator;
  receiver: SignedReceiver;
  dataDir: string;
  key: string;
  candidates: Candidate[];
  /** the running service, if any */
  service: ServiceProcess | null;
  /** how many times the service was started */
  starts: number;
  /** extractor (or other) children that outlived a SIGKILLed service by more than 5 s */
  orphans: number[];
  /** resolves while (or as soon as) a service is up */
  whenUp(): Promise<string>;
  start(extraEnv?: Record<string, string>): Promise<ServiceProcess>;
  /** SIGKILL the service; waits for its exit and for its children to go */
  kill(): Promise<void>;
  /** SIGTERM and wait (graceful): the exit code, and the output's tail when it was not 0 */
  stop(): Promise<number | null>;
  /** the last lines a stopped or killed service printed */
  lastOutput: string;
  close(): Promise<void>;
}

export async function createChaosWorld(o: ChaosWorldOptions = {}): Promise<ChaosWorld> {
  const ownDir = !o.dataDir;
  const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), "claimcheck-chaos-"));
  const specs = sampleCandidates();
  const sim = await startGitHubSimulator({
    candidates: specs,
    tokens: ["chaos-token"],
    rateLimits: { authenticated: 10_000_000 },
  });
  const secret = `chaos-secret-${crypto.randomUUID()}`;
  const receiver = startSignedReceiver(secret, o.plan);
  const command = o.command ?? "source";
  const cliEnv = { DATA_DIR: dataDir, DEFAULT_RATE_LIMIT: "0", DEFAULT_MONTHLY_QUOTA: "0" };
  const cli = async (args: string[]) => {
    const r = await runCliProcess(args, cliEnv, serviceArgv(command, []));
    if (r.code !== 0) throw new Error(`claimcheck ${args.join(" ")} failed (${r.code}): ${r.stderr}`);
    return r.stdout.trim();
  };
  let world: ChaosWorld;
  try {
    const key = await cli(["keys", "create", "--name", "chaos", "--create"]);
    await cli(["webhook", "set", "--url", receiver.url, "--secret", secret]);
    installFinalAudit(dataDir);
    const candidates = await Promise.all(specs.map(async (c) => ({ login: c.login, pdf: await candidateResume(c) })));
    const env = {
      ...cliEnv,
      GITHUB_API_URL: sim.url,
      GITHUB_TOKEN: "chaos-token",
      WORKER_CONCURRENCY: "4",
      LOG_LEVEL: "warn",
      ...CHAOS_TIMINGS,
      ...o.env,
    };
    let up: { promise: Promise<string>; resolve: (u: string) => void } = deferred();
    world = {
      sim,
      receiver,
      dataDir,
      key,
      candidates,
      service: null,
      starts: 0,
      orphans: [],
      lastOutput: "",
      whenUp: () => up.promise,
      async start(extraEnv = {}) {
        const s = await spawnService({ env: { ...env, ...extraEnv }, command });
        world.service = s;
        world.starts++;
        up.resolve(s.url);
        return s;
      },
      async kill() {
        const s = world.service;
        if (!s) return;
        const children = childPidsOf(s.pid);
        up = deferred();
        world.service = null;
        s.kill("SIGKILL");
        await s.exited;
        const deadline = Date.now() + 5_000;
        let alive = children.filter(isAlive);
        while (alive.length > 0 && Date.now() < deadline) {
          await Bun.sleep(20);
          alive = alive.filter(isAlive);
        }
        for (const pid of alive) {
          world.orphans.push(pid);
          process.kill(pid, "SIGKILL"); // do not leave them running; the check reports them
        }
      },
      async stop() {
        const s = world.service;
        if (!s) return null;
        up = deferred();
        world.service = null;
        s.kill("SIGTERM");
        let timer: ReturnType<typeof setTimeout> | undefined;
        const code = await Promise.race([
          s.exited,
          new Promise<null>((r) => (timer = setTimeout(() => r(null), 15_000))),
        ]);
        clearTimeout(timer);
        if (code === null) {
          s.kill("SIGKILL");
          await s.exited;
        }
        world.lastOutput = s.output().slice(-3000);
        return code;
      },
      async close() {
        if (world.service) await world.kill();
        receiver.stop();
        await sim.stop();
        if (ownDir) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    receiver.stop();
    await sim.stop();
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return world;
}

function deferred(): { promise: Promise<string>; resolve: (u: string) => void } {
  let resolve!: (u: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
}

export { seededRandom } from "../support/seeded-random.ts";
