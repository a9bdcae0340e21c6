/**
 * A real claimcheck process for chaos runs and footprint benchmarks: `bun src/main.ts serve` (or the
 * compiled binary), started with an explicit environment, ready when GET /readyz answers 200, and
 * inspected through /proc (resident memory of the process and of its children, the extractor).
 */

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { REPO_ROOT } from "../support/harness.ts";

export const BINARY = join(REPO_ROOT, "dist", "claimcheck");

/** How to start the service: from source (default) or the compiled binary. */
export type ServiceCommand = "source" | "binary";

export function serviceArgv(command: ServiceCommand, args: string[]): string[] {
  return command === "binary" ? [BINARY, ...args] : [process.execPath, join(REPO_ROOT, "src", "main.ts"), ...args];
}

export interface ServiceProcess {
  pid: number;
  url: string;
  /** ms from spawn to the first /readyz 200 */
  readyMs: number;
  proc: Subprocess<"ignore", "pipe", "pipe">;
  exited: Promise<number>;
  output(): string;
  kill(signal?: NodeJS.Signals | number): void;
}

export interface SpawnOptions {
  env: Record<string, string>;
  command?: ServiceCommand;
  /** argv after the program (default ["serve"]); a custom argv0 replaces both */
  args?: string[];
  argv?: string[];
  timeoutMs?: number;
  /** the path answering 200 when ready (default /readyz) */
  readyPath?: string;
}

/**
 * Spawn a server and resolve once it answers 200 on its ready path. The address comes from the
 * `listening on URL` line it prints (PORT=0 lets the kernel choose). Throws, killing the process, when
 * it exits or misses the deadline; the caller kills it otherwise.
 */
export async function spawnService(o: SpawnOptions): Promise<ServiceProcess> {
  const argv = o.argv ?? serviceArgv(o.command ?? "source", o.args ?? ["serve"]);
  const t0 = performance.now();
  const proc = Bun.spawn(argv, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...o.env,
    },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  let out = "";
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const dec = new TextDecoder();
    for await (const chunk of stream) {
      out += dec.decode(chunk, { stream: true });
      if (out.length > 2_000_000) out = out.slice(-1_000_000); // long chaos runs: keep the tail
    }
  };
  void pump(proc.stdout).catch(() => {});
  void pump(proc.stderr).catch(() => {});
  const deadline = Date.now() + (o.timeoutMs ?? 20_000);
  const fail = (why: string): never => {
    proc.kill("SIGKILL");
    throw new Error(`${why}:\n${out.slice(-4000)}`);
  };
  let url: string | null = null;
  for (;;) {
    if (proc.exitCode !== null) fail(`server exited with ${proc.exitCode} before it was ready`);
    if (Date.now() > deadline) fail("server was not ready in time");
    url ??= /listening on (http:\/\/\S+)/.exec(out)?.[1] ?? null;
    if (url) {
      const ok = await fetch(`${url}${o.readyPath ?? "/readyz"}`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
    }
    await Bun.sleep(5);
  }
  return {
    pid: proc.pid,
    url,
    readyMs: performance.now() - t0,
    proc,
    exited: proc.exited,
    output: () => out,
    kill: (signal = "SIGTERM") => proc.kill(signal),
  };
}

/** Resident set size of a process in KiB (VmRSS), or null once it is gone. */
export function readRssKb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Direct children of a process (every thread's children list), e.g. the PDF extractor. */
export function childPidsOf(pid: number): number[] {
  const out = new Set<number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        for (const c of readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim().split(/\s+/))
          if (c) out.add(Number(c));
      } catch {
        // the thread ended while we looked
      }
    }
  } catch {
    // the process is gone
  }
  return [...out];
}

/** True while the process exists and is not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    const state = /State:\s+(\S)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return state !== undefined && state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

/** RSS of a process and of its direct children (KiB), for "what the service costs" figures. */
export function treeRssKb(pid: number): { self: number; children: number } {
  const self = readRssKb(pid) ?? 0;
  const children = childPidsOf(pid).reduce((sum, c) => sum + (readRssKb(c) ?? 0), 0);
  return { self, children };
}

/**
 * Samples a process's RSS (and its children's) every `everyMs` until stopped: the peak is what a
 * campaign of hostile input cost.
 */
export function sampleRss(
  pid: number,
  everyMs = 50,
): { stop(): { peakSelfKb: number; peakChildrenKb: number; samples: number } } {
  let peakSelfKb = 0;
  let peakChildrenKb = 0;
  let samples = 0;
  const timer = setInterval(() => {
    const t = treeRssKb(pid);
    peakSelfKb = Math.max(peakSelfKb, t.self);
    peakChildrenKb = Math.max(peakChildrenKb, t.children);
    samples++;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { peakSelfKb, peakChildrenKb, samples };
    },
  };
}
