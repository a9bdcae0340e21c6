/**
 * The GitHub simulator in a process of its own, driven over IPC by `startSimulatorProcess`
 * (simulator-process.ts): the parent sends `start` with the simulator's options (plain data: candidates,
 * users, repositories, tokens, rate limits, the directory for the git repositories), this process builds
 * the world, serves it on 127.0.0.1 port 0 and answers with the URL; then `setLatency`, `callLog` (the
 * entries from an index on), `callCount`, `resetCallLog` and `stop`. It stops (server closed, repositories removed) on
 * `stop`, on SIGTERM/SIGINT, and when the parent goes away (the IPC channel closes).
 */
import { rmSync } from "node:fs";
import { type GitHubSimulator, type GitHubSimulatorOptions, startGitHubSimulator } from "./github-simulator.ts";

/** What the parent may send; `id` pairs each request with its answer. */
export type SimulatorRequest =
  | { id: number; op: "start"; options: Omit<GitHubSimulatorOptions, "clock"> }
  | { id: number; op: "setLatency"; ms: number }
  | { id: number; op: "callLog"; from: number }
  | { id: number; op: "callCount" }
  | { id: number; op: "resetCallLog" }
  | { id: number; op: "stop" };

export type SimulatorAnswer = { id: number; ok: true; result?: unknown } | { id: number; ok: false; error: string };

let sim: GitHubSimulator | null = null;
let dir: string | undefined;
let stopping: Promise<void> | null = null;

const send = (answer: SimulatorAnswer) => process.send?.(answer);

/** Closes the server and removes the repositories' directory, once; then the process exits. */
const shutdown = (code: number, answerId?: number) => {
  stopping ??= (async () => {
    try {
      await sim?.stop();
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  })();
  void stopping.then(
    () => {
      if (answerId !== undefined) send({ id: answerId, ok: true });
      process.exit(code);
    },
    (err) => {
      if (answerId !== undefined) send({ id: answerId, ok: false, error: String(err) });
      process.exit(1);
    },
  );
};

const answer = async (req: SimulatorRequest): Promise<unknown> => {
  if (req.op === "start") {
    if (sim) throw new Error("simulator already started");
    dir = req.options.dir;
    sim = await startGitHubSimulator(req.options);
    return { url: sim.url };
  }
  if (!sim) throw new Error(`simulator not started: ${req.op} before start`);
  switch (req.op) {
    case "setLatency":
      sim.setLatency(req.ms);
      return undefined;
    case "callLog":
      return sim.callLog.slice(req.from);
    case "callCount":
      return sim.callLog.length;
    case "resetCallLog":
      sim.resetCallLog();
      return undefined;
  }
  throw new Error(`unknown request: ${JSON.stringify(req)}`);
};

if (!process.send) {
  process.stderr.write("simulator-child.ts is started by startSimulatorProcess (an IPC channel), not by hand\n");
  process.exit(2);
}

process.on("message", (req: SimulatorRequest) => {
  if (req.op === "stop") return shutdown(0, req.id);
  answer(req).then(
    (result) => send({ id: req.id, ok: true, result }),
    (err: unknown) => send({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
// the parent went away (exited, crashed, killed): nobody is left to stop this process
process.on("disconnect", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));
process.on("SIGINT", () => shutdown(0));
