import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { ADMIN, CookieClient, csrfOf } from "../dashboard/dashboard-support.ts";
import { type ChildServer, runCliProcess, startChildServer } from "../support/child-server.ts";
import { tempDir } from "../support/harness.ts";

const tmp = tempDir();
const env = { DATA_DIR: tmp.dir };
const cli = (...args: string[]) => runCliProcess(args, env);
let server: ChildServer | null = null;

afterEach(async () => {
  server?.kill("SIGTERM");
  await server?.exited;
  server = null;
});
afterAll(() => tmp.cleanup());

describe("claimcheck admin", () => {
  test("create prints only the link on stdout; bad flags are usage errors", async () => {
    expect((await cli("admin", "list", "--create")).stdout).toContain("no administrators");
    const r = await cli("admin", "create", "--url", "https://claimcheck.example.com/");
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n").filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^https:\/\/claimcheck\.example\.com\/dashboard\/setup\?token=[A-Za-z0-9_-]{43}$/);
    expect(r.stderr).toContain("valid until");
    const def = await runCliProcess(["admin", "create"], { ...env, PORT: "9123", HOST: "0.0.0.0" });
    expect(def.stdout).toStartWith("http://127.0.0.1:9123/dashboard/setup?token=");
    for (const bad of [["--ttl", "1m"], ["--ttl", "soon"], ["--url", "ftp://x"], ["--nope"]]) {
      const b = await cli("admin", "create", ...bad);
      expect({ bad, code: b.code }).toEqual({ bad, code: 2 });
    }
  }, 120_000);

  test("the server prints a setup link at first start; it creates the first admin; later starts do not print one", async () => {
    server = await startChildServer(env);
    const link = await pollLink(server);
    expect(link).toStartWith(`${server.url}/dashboard/setup?token=`);
    const c = new CookieClient(server.url);
    const page = await c.get(link.slice(server.url.length));
    expect(page.res.status).toBe(200);
    const token = new URL(link).searchParams.get("token")!;
    const done = await c.post("/dashboard/setup", {
      _csrf: csrfOf(page.text),
      token,
      username: ADMIN.username,
      password: ADMIN.password,
      confirm: ADMIN.password,
    });
    expect(done.res.status).toBe(303);
    expect((await c.get("/dashboard")).res.status).toBe(200);
    server.kill("SIGTERM");
    await server.exited;

    server = await startChildServer(env);
    await waitFor(server, "dashboard: ");
    expect(server.output()).toContain(`dashboard: ${server.url}/dashboard`);
    expect(server.output()).not.toContain("setup?token=");
    const admins = JSON.parse((await cli("admin", "list", "--json")).stdout) as Array<{
      username: string;
      lastLoginAt: string | null;
    }>;
    expect(admins.map((a) => a.username)).toEqual([ADMIN.username]);
  }, 60_000);

  test("remove ends the administrator's access; removing twice fails", async () => {
    expect((await cli("admin", "remove", ADMIN.username)).code).toBe(0);
    const again = await cli("admin", "remove", ADMIN.username);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("no administrator named");
    expect((await cli("admin", "remove")).code).toBe(2);
  }, 120_000);
});

async function waitFor(s: ChildServer, text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!s.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in:\n${s.output()}`);
    await Bun.sleep(20);
  }
}

async function pollLink(s: ChildServer): Promise<string> {
  await waitFor(s, "setup?token=");
  return /(http:\/\/\S+\/dashboard\/setup\?token=\S+)/.exec(s.output())![1]!;
}
