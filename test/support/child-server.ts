import type { Subprocess } from "bun";
import { REPO_ROOT } from "./harness.ts";

export interface ChildServer {
  proc: Subprocess<"ignore", "pipe", "pipe">;
  url: string;
  output(): string;
  /** resolves with the output once it matches `pattern` (stdout and stderr arrive on separate pipes) */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** resolves with the exit code */
  exited: Promise<number>;
  kill(signal?: NodeJS.Signals | number): void;
}

/** Package registries left unset in every child (the service's defaults name the public ones). */
export const NO_OUTSIDE_REGISTRIES = { NPM_REGISTRY_URL: "", PYPI_URL: "" } as const;

/**
 * Start a real server process (default: `bun src/main.ts serve`; `run.command` another executable, such
 * as the compiled binary, with `argv` as its arguments) with the given env and wait until it prints the
 * address it listens on. The caller must kill it (afterEach).
 */
export async function startChildServer(
  env: Record<string, string>,
  argv: string[] = ["src/main.ts", "serve"],
  timeoutMs = 20_000,
  run: { command?: string; cwd?: string } = {},
): Promise<ChildServer> {
  const proc = Bun.spawn([run.command ?? process.execPath, ...argv], {
    cwd: run.cwd ?? REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // hermetic: package registries are never asked unless a test points them at a simulator
      ...NO_OUTSIDE_REGISTRIES,
      ...env,
    },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  let out = "";
  let err = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: (s: string) => void) => {
    const dec = new TextDecoder();
    for await (const chunk of stream) sink(dec.decode(chunk, { stream: true }));
  };
  void pump(proc.stdout, (s) => (out += s));
  void pump(proc.stderr, (s) => (err += s));
  const deadline = Date.now() + timeoutMs;
  let url: string | null = null;
  while (!url) {
    const m = /listening on (http:\/\/[^\s]+)/.exec(out);
    if (m) url = m[1]!;
    else if (proc.exitCode !== null)
      throw new Error(`server exited with ${proc.exitCode} before listening:\n${out}\n${err}`);
    else if (Date.now() > deadline) {
      proc.kill(9);
      throw new Error(`server did not start within ${timeoutMs} ms:\n${out}\n${err}`);
    } else await Bun.sleep(20);
  }
  return {
    proc,
    url,
    output: () => out + err,
    waitForOutput: async (pattern, waitMs = 10_000) => {
      const until = Date.now() + waitMs;
      while (!pattern.test(out + err)) {
        if (Date.now() > until) throw new Error(`no output matching ${pattern} within ${waitMs} ms:\n${out}\n${err}`);
        await Bun.sleep(20);
      }
      return out + err;
    },
    exited: proc.exited,
    kill: (signal = "SIGTERM") => proc.kill(signal),
  };
}

/** Run a CLI command to completion: `bun src/main.ts ...args`. */
export async function runCliProcess(
  args: string[],
  env: Record<string, string> = {},
  argv0: string[] = [process.execPath, "src/main.ts"],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn([...argv0, ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...NO_OUTSIDE_REGISTRIES, ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, stdout, stderr };
}
