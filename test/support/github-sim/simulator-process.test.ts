import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../harness.ts";
import { assembleCandidate, honestHistory } from "./scenarios/index.ts";
import { type SimulatorProcess, startSimulatorProcess } from "./simulator-process.ts";

const login = "own-process";
const candidate = assembleCandidate({
  login,
  createdAt: "2019-01-01T00:00:00Z",
  repos: [honestHistory({ login, name: "tide-clock", commits: 12 })],
});

/** Running, not merely unreaped: an orphan that exited stays a zombie until its new parent reaps it, and a
 * container's first process may never do so. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // the state is the field after the parenthesised command name
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
};

/** Polls until `done` holds, with a deadline that only catches a hang. */
async function until(done: () => boolean, what: string) {
  const deadline = Date.now() + 60_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await Bun.sleep(25);
  }
}

describe("the simulator in a process of its own", () => {
  let sim: SimulatorProcess;
  beforeAll(async () => {
    sim = await startSimulatorProcess({ candidates: [candidate], tokens: ["proc-token"] });
  });
  afterAll(() => sim?.stop());

  test("serves the world it was given, in another process", async () => {
    expect(sim.pid).not.toBe(process.pid);
    expect(alive(sim.pid)).toBe(true);
    const res = await fetch(`${sim.url}/repos/${login}/tide-clock/commits?per_page=100`, {
      headers: { authorization: "token proc-token" },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(12);
    const bad = await fetch(`${sim.url}/users/${login}`, { headers: { authorization: "token wrong" } });
    expect(bad.status).toBe(401);
  });

  test("its call log and latency are reached over IPC", async () => {
    await sim.resetCallLog();
    await sim.setLatency(40);
    await fetch(`${sim.url}/users/${login}`, { headers: { authorization: "token proc-token" } });
    await sim.setLatency(0);
    await fetch(`${sim.url}/users/nobody-here`);
    expect(await sim.callCount()).toBe(2);
    const [slow, missing] = await sim.callLog();
    expect(slow).toMatchObject({ method: "GET", path: `/users/${login}`, status: 200, authenticated: true });
    // the answer waited for the latency before it was ready (the simulator's clock is whole milliseconds)
    expect(slow!.doneAt! - slow!.at).toBeGreaterThanOrEqual(39);
    expect(missing).toMatchObject({ path: "/users/nobody-here", status: 404, authenticated: false });
    expect((await sim.callLog(1)).map((c) => c.path)).toEqual(["/users/nobody-here"]);
  });

  test("stop ends the child and removes its repositories", async () => {
    const other = await startSimulatorProcess({ candidates: [candidate] });
    expect(existsSync(other.dir)).toBe(true);
    await other.stop();
    await other.stop(); // idempotent
    expect(alive(other.pid)).toBe(false);
    expect(existsSync(other.dir)).toBe(false);
    await expect(other.callCount()).rejects.toThrow(/exited/);
  });
});

describe("failure paths", () => {
  test("a world that cannot be built rejects with the child's reason, and nothing is left behind", async () => {
    const ours = () => new Set(readdirSync(tmpdir()).filter((n) => n.startsWith("claimcheck-ghsim-proc-")));
    const before = ours();
    const err = await startSimulatorProcess({
      repos: [{ owner: "ghost", name: "orphan", commits: [] }],
    }).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect(String(err)).toMatch(/simulator process: .*unknown owner ghost/);
    expect([...ours()].filter((n) => !before.has(n))).toEqual([]);
  });

  test("the child stops by itself and removes its repositories when its parent is killed", async () => {
    const script = `
      import { startSimulatorProcess } from ${JSON.stringify(join(import.meta.dir, "simulator-process.ts"))};
      const sim = await startSimulatorProcess({});
      process.stdout.write(JSON.stringify({ pid: sim.pid, dir: sim.dir }) + "\\n");
      setInterval(() => {}, 1 << 30);
    `;
    const parent = Bun.spawn([process.execPath, "-e", script], { cwd: REPO_ROOT, stdout: "pipe", stderr: "inherit" });
    let line = "";
    const dec = new TextDecoder();
    for await (const chunk of parent.stdout) {
      line += dec.decode(chunk, { stream: true });
      if (line.includes("\n")) break;
    }
    const { pid, dir } = JSON.parse(line) as { pid: number; dir: string };
    expect(alive(pid)).toBe(true);
    expect(existsSync(dir)).toBe(true);
    parent.kill("SIGKILL");
    await parent.exited;
    await until(() => !alive(pid) && !existsSync(dir), "the orphaned simulator to stop");
  });

  test("the child refuses to start without the IPC channel of its parent", async () => {
    const proc = Bun.spawn([process.execPath, join(import.meta.dir, "simulator-child.ts")], {
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(await proc.exited).toBe(2);
    expect(await new Response(proc.stderr).text()).toMatch(/started by startSimulatorProcess/);
  });
});
