/**
 * The GitHub simulator in a child `bun` process (simulator-child.ts), so that its answering (git reads,
 * GraphQL execution) runs on an event loop of its own instead of the caller's. Same world, same options
 * as `startGitHubSimulator` but plain data only (no clock: the child runs on the system clock); the call
 * log and latency are reached over IPC, asynchronously. The child's repositories live in a temp dir this
 * process makes and removes; the child is killed when this process exits, and stops by itself when this
 * process goes away without a word.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import type { GitHubSimulatorOptions } from "./github-simulator.ts";
import type { CallLogEntry } from "./sim-controls.ts";
import type { SimulatorAnswer, SimulatorRequest } from "./simulator-child.ts";

export type SimulatorProcessOptions = Omit<GitHubSimulatorOptions, "clock" | "dir">;

export interface SimulatorProcess {
  /** API base URL of the child's server */
  url: string;
  pid: number;
  /** the directory of the child's git repositories (removed by stop) */
  dir: string;
  /** delays every answer by `ms`, from the moment this resolves */
  setLatency(ms: number): Promise<void>;
  /** call-log entries from index `from` on (all by default), in order */
  callLog(from?: number): Promise<CallLogEntry[]>;
  /** the number of calls answered so far (the next `callLog(from)` index) */
  callCount(): Promise<number>;
  resetCallLog(): Promise<void>;
  /** stops the child (its server closed) and removes its directory; idempotent */
  stop(): Promise<void>;
}

const CHILD = join(import.meta.dir, "simulator-child.ts");

type Distribute<T> = T extends unknown ? Omit<T, "id"> : never;

/**
 * Starts the simulator in a child process and resolves once it has built its world and listens (its
 * answer to `start` carries the URL); rejects with the child's error (and its stderr) if it cannot.
 */
export async function startSimulatorProcess(opts: SimulatorProcessOptions = {}): Promise<SimulatorProcess> {
  const dir = mkdtempSync(join(tmpdir(), "claimcheck-ghsim-proc-"));
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let stderr = "";
  let exitedWith: number | null = null;
  const proc: Subprocess<"ignore", "inherit", "pipe"> = Bun.spawn([process.execPath, CHILD], {
    stdin: "ignore",
    stdout: "inherit",
    stderr: "pipe",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", TMPDIR: tmpdir() },
    ipc(message: SimulatorAnswer) {
      const w = waiting.get(message.id);
      if (!w) return;
      waiting.delete(message.id);
      if (message.ok) w.resolve(message.result);
      else w.reject(new Error(`simulator process: ${message.error}`));
    },
  });
  const killOnExit = () => proc.kill("SIGKILL");
  process.on("exit", killOnExit);
  void (async () => {
    const dec = new TextDecoder();
    for await (const chunk of proc.stderr) stderr += dec.decode(chunk, { stream: true });
  })();
  const exited = proc.exited.then((code) => {
    exitedWith = code;
    process.off("exit", killOnExit);
    for (const w of waiting.values())
      w.reject(new Error(`simulator process exited with ${code} before answering:\n${stderr}`));
    waiting.clear();
    return code;
  });

  const request = <T>(req: Distribute<SimulatorRequest>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (exitedWith !== null) return reject(new Error(`simulator process has exited (${exitedWith}):\n${stderr}`));
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      proc.send({ ...req, id } as SimulatorRequest);
    });

  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= (async () => {
      try {
        if (exitedWith === null) {
          await request({ op: "stop" }).catch(() => undefined);
          // the child exits right after its answer; a child that does not is killed
          const late = setTimeout(() => proc.kill("SIGKILL"), 10_000);
          await exited;
          clearTimeout(late);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    })();
    return stopped;
  };

  try {
    const { url } = await request<{ url: string }>({ op: "start", options: { ...opts, dir } });
    return {
      url,
      pid: proc.pid,
      dir,
      setLatency: (ms) => request<void>({ op: "setLatency", ms }),
      callLog: (from = 0) => request<CallLogEntry[]>({ op: "callLog", from }),
      callCount: () => request<number>({ op: "callCount" }),
      resetCallLog: () => request<void>({ op: "resetCallLog" }),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
