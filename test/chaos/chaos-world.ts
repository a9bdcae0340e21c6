/**
 * Everything a chaos phase runs against: the GitHub simulator with the sample candidates (and, for the
 * phase that breaks the other hosts, the GitLab and Gitea simulators with candidates of their own), one
 * generated resume per candidate, a DATA_DIR prepared with the CLI (an API key with no quota or rate
 * limit, the webhook URL and secret), the final-state audit, a signed receiver, and the real service
 * process, started and SIGKILLed on demand with compressed timings.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type SampleProject, sampleResumePdf } from "../demo/resume-pdf.ts";
import { runCliProcess } from "../support/child-server.ts";
import { backdatedIntoOldProject } from "../support/forge-sim/forge-scenarios.ts";
import { type GiteaSimulator, startGiteaSimulator } from "../support/gitea-sim/gitea-simulator.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import {
  assembleCandidate,
  type CandidateSpec,
  honestHistory,
  paintedGraph,
  sampleCandidates,
} from "../support/github-sim/scenarios/index.ts";
import { type GitLabSimulator, startGitLabSimulator } from "../support/gitlab-sim/gitlab-simulator.ts";
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
  /** the candidate's name in the ledger and the checks (their GitHub login, or a label) */
  login: string;
  pdf: Uint8Array;
  /** the form fields naming the accounts (default: hostUsername = login) */
  fields?: Array<[string, string]>;
}

export interface ChaosWorldOptions {
  command?: ServiceCommand;
  /** DATA_DIR to use (e.g. on a small mount); default a fresh temp dir, removed by close() */
  dataDir?: string;
  env?: Record<string, string>;
  plan?: AnswerPlan;
  /** also serve candidates on GitLab and Codeberg (their simulators, named to the service by FORGE_HOSTS) */
  hosts?: boolean;
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
    projects: projectsOf(c, "github.com"),
  });
}

const projectsOf = (c: CandidateSpec, host: string): SampleProject[] =>
  c.scenarios.map((s) => ({ name: title(s.fullName.split("/")[1]!), repoUrl: `${host}/${s.fullName}` }));

/** The candidates on other hosts: one on GitLab, one on Codeberg, one on GitHub and GitLab at once. */
function hostCandidates(github: CandidateSpec): {
  gitlab: CandidateSpec[];
  gitea: CandidateSpec[];
  build(): Promise<Candidate[]>;
} {
  const gl = assembleCandidate({
    login: "chaos-gl",
    name: "Gale Lab",
    repos: [
      honestHistory({ login: "chaos-gl", name: "route-planner" }),
      backdatedIntoOldProject({ login: "chaos-gl" }),
    ],
  });
  const cb = assembleCandidate({
    login: "chaos-cb",
    name: "Cody Berg",
    repos: [honestHistory({ login: "chaos-cb", name: "tiny-wiki" }), paintedGraph({ login: "chaos-cb" })],
  });
  return {
    gitlab: [gl],
    gitea: [cb],
    build: async () => [
      {
        login: "gitlab:chaos-gl",
        pdf: await sampleResumePdf({
          name: "Gale Lab",
          profiles: ["gitlab.com/chaos-gl"],
          projects: projectsOf(gl, "gitlab.com"),
        }),
        fields: [["hostUsername", "gitlab.com:chaos-gl"]],
      },
      {
        login: "codeberg:chaos-cb",
        pdf: await sampleResumePdf({
          name: "Cody Berg",
          profiles: ["codeberg.org/chaos-cb"],
          projects: projectsOf(cb, "codeberg.org"),
        }),
        fields: [["hostUsername", "codeberg.org:chaos-cb"]],
      },
      {
        login: `github+gitlab:${github.login}`,
        pdf: await sampleResumePdf({
          name: github.user.name ?? github.login,
          githubLogin: github.login,
          profiles: ["gitlab.com/chaos-gl"],
          projects: [...projectsOf(github, "github.com"), ...projectsOf(gl, "gitlab.com")],
        }),
        fields: [
          ["hostUsername", github.login],
          ["accounts", "gitlab.com:chaos-gl"],
        ],
      },
    ],
  };
}

export interface ChaosWorld {
  sim: GitHubSimulator;
  /** with `hosts`: the GitLab and Gitea simulators (gitlab.com and codeberg.org to the service) */
  gitlab: GitLabSimulator | null;
  gitea: GiteaSimulator | null;
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
  const others = o.hosts ? hostCandidates(specs[0]!) : null;
  const gitlab = others
    ? await startGitLabSimulator({
        candidates: others.gitlab,
        tokens: ["chaos-token"],
        rateLimits: { authenticated: 10_000_000 },
      })
    : null;
  const gitea = others ? await startGiteaSimulator({ candidates: others.gitea, activityFeeds: true }) : null;
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
    const candidates: Candidate[] = [
      ...(await Promise.all(specs.map(async (c) => ({ login: c.login, pdf: await candidateResume(c) })))),
      ...((await others?.build()) ?? []),
    ];
    const env = {
      ...cliEnv,
      GITHUB_API_URL: sim.url,
      GITHUB_TOKEN: "chaos-token",
      ...(gitlab && gitea
        ? { FORGE_HOSTS: `gitlab.com@${gitlab.url}=gitlab,chaos-token; codeberg.org@${gitea.url}=forgejo` }
        : {}),
      WORKER_CONCURRENCY: "4",
      LOG_LEVEL: "warn",
      ...CHAOS_TIMINGS,
      ...o.env,
    };
    let up: { promise: Promise<string>; resolve: (u: string) => void } = deferred();
    world = {
      sim,
      gitlab,
      gitea,
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
        await gitlab?.stop();
        await gitea?.stop();
        if (ownDir) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    receiver.stop();
    await sim.stop();
    await gitlab?.stop();
    await gitea?.stop();
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
