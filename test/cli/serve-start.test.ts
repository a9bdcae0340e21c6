/**
 * `serve` as a new user meets it, as real processes: a busy port, an unusable DATA_DIR, no GITHUB_TOKEN,
 * a start bound to every interface, and the bare address opened in a browser.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ChildServer, runCliProcess, startChildServer } from "../support/child-server.ts";
import { tempDir } from "../support/harness.ts";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function dir() {
  const t = tempDir();
  cleanups.push(t.cleanup);
  return t.dir;
}

async function server(env: Record<string, string>, argv?: string[]): Promise<ChildServer> {
  const s = await startChildServer({ GITHUB_API_URL: "http://127.0.0.1:9", ...env }, argv);
  cleanups.push(async () => {
    s.kill("SIGTERM"); // a graceful stop: nothing is in flight
    await s.exited;
  });
  return s;
}

describe("serve start", () => {
  test("a second serve on a busy port refuses to start (exit 78) and the first keeps every request", async () => {
    const a = dir();
    const first = await server({ DATA_DIR: a, GITHUB_TOKEN: "t" });
    const port = new URL(first.url).port;
    const key = (await runCliProcess(["keys", "create", "--name", "a"], { DATA_DIR: a })).stdout.trim();
    const second = await runCliProcess(["serve"], {
      DATA_DIR: dir(),
      PORT: port,
      HOST: "127.0.0.1",
      GITHUB_TOKEN: "t",
      LOG_LEVEL: "warn",
    });
    expect(second.code).toBe(78);
    expect(second.stderr).toContain(`PORT (--port) = "${port}": 127.0.0.1:${port} is already in use`);
    expect(second.stdout).not.toContain("listening on");
    // nothing shares the port: every request reaches the first server, whose key works each time
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${first.url}/v1/jobs/vrf_none`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(404);
    }
  });

  test("an unusable DATA_DIR is a configuration error naming the path and the cause, for serve and admin commands", async () => {
    const base = dir();
    const file = join(base, "a-file");
    writeFileSync(file, "not a directory");
    const under = join(file, "data");
    const s = await runCliProcess(["serve"], { DATA_DIR: under, PORT: "0", HOST: "127.0.0.1" });
    expect(s.code).toBe(78);
    expect(s.stderr).toContain("invalid configuration:");
    expect(s.stderr).toContain(
      `DATA_DIR (--data-dir) = ${JSON.stringify(under)}: the directory cannot be created (ENOTDIR`,
    );
    expect(s.stderr).not.toContain("unable to open database file");
    const asFile = await runCliProcess(["serve", "--data-dir", file], { PORT: "0", HOST: "127.0.0.1" });
    expect(asFile.code).toBe(78);
    expect(asFile.stderr).toContain(
      `DATA_DIR (--data-dir) = ${JSON.stringify(file)}: the directory cannot be created (EEXIST`,
    );
    // a directory that exists but takes no files (sysfs refuses even root)
    const readOnly = await runCliProcess(["serve"], { DATA_DIR: "/sys/kernel", PORT: "0", HOST: "127.0.0.1" });
    expect(readOnly.code).toBe(78);
    expect(readOnly.stderr).toContain('DATA_DIR (--data-dir) = "/sys/kernel": the directory is not writable (E');
    // a writable directory whose database path cannot be opened
    const blocked = dir();
    mkdirSync(join(blocked, "claimcheck.db"));
    const db = await runCliProcess(["serve"], { DATA_DIR: blocked, PORT: "0", HOST: "127.0.0.1" });
    expect(db.code).toBe(78);
    expect(db.stderr).toContain(
      `DATA_DIR (--data-dir) = ${JSON.stringify(blocked)}: the database ${join(blocked, "claimcheck.db")} cannot be opened (`,
    );
    const keys = await runCliProcess(["keys", "list"], { DATA_DIR: under });
    expect(keys.code).toBe(78);
    expect(keys.stderr).toContain(`DATA_DIR (--data-dir) = ${JSON.stringify(under)}`);
  });

  test("without GITHUB_TOKEN serve says once what that means and how to set it; with one, nothing", async () => {
    const without = await server({ DATA_DIR: dir() });
    const out = await without.waitForOutput(/^(?=[\s\S]*GITHUB_TOKEN is not set)(?=[\s\S]*dashboard: )/);
    expect(out.match(/GITHUB_TOKEN is not set/g)).toHaveLength(1);
    expect(out).toContain("60 requests an hour");
    expect(out).toContain("about 1-2 verifications");
    expect(out).toContain("GITHUB_TOKEN=ghp_... bun src/main.ts serve");
    // started as the README says (`bun start`), the hint names that command
    const started = await server({ DATA_DIR: dir() }, ["run", "--silent", "start"]);
    const startOut = await started.waitForOutput(/^(?=[\s\S]*GITHUB_TOKEN is not set)(?=[\s\S]*dashboard: )/);
    expect(startOut).toContain("GITHUB_TOKEN=ghp_... bun start   (or bun start --github-token TOKEN)");
    expect(startOut).not.toContain("src/main.ts serve");
    const withToken = await server({ DATA_DIR: dir(), GITHUB_TOKEN: "t" });
    expect(await withToken.waitForOutput(/dashboard: /)).not.toContain("GITHUB_TOKEN is not set");
  });

  test("bound to 0.0.0.0 the banner shows the bound address and a local URL; hints use the running form's command", async () => {
    const s = await server({ DATA_DIR: dir(), HOST: "0.0.0.0", GITHUB_TOKEN: "t" });
    const port = new URL(s.url).port;
    expect(s.url).toBe(`http://0.0.0.0:${port}`);
    expect(s.output()).toContain(
      `claimcheck listening on http://0.0.0.0:${port} (every interface; from this machine: http://127.0.0.1:${port})`,
    );
    expect(s.output()).toContain("create one in another terminal:  bun src/main.ts keys create --name first");
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  test("GET / points to the dashboard and the API: a page for a browser, JSON links otherwise", async () => {
    const s = await server({ DATA_DIR: dir(), GITHUB_TOKEN: "t" });
    const page = await fetch(`${s.url}/`, { headers: { accept: "text/html,application/xhtml+xml" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain('href="/dashboard"');
    expect(html).toContain('href="/openapi.json"');
    const api = await fetch(`${s.url}/`);
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({
      service: "claimcheck",
      links: { dashboard: "/dashboard", openapi: "/openapi.json" },
    });
  });
});
