/**
 * `serve` announces a dashboard setup link after it starts; that write can fail (found by the disk-
 * pressure chaos run: a start on a full disk). The server must keep running with its signal handlers,
 * so SIGTERM still stops it gracefully (exit 0), instead of dying to the signal (exit 143).
 */
import { Database } from "bun:sqlite";
import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { type ChildServer, runCliProcess, startChildServer } from "../support/child-server.ts";
import { pollUntil, tempDir } from "../support/harness.ts";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

test("a failing setup-link write is reported; the server still serves and stops gracefully on SIGTERM", async () => {
  const tmp = tempDir();
  cleanups.push(tmp.cleanup);
  const env = { DATA_DIR: tmp.dir, GITHUB_API_URL: "http://127.0.0.1:9" };
  expect((await runCliProcess(["keys", "create", "--name", "setup", "--create"], env)).code).toBe(0); // creates and migrates the database
  const db = new Database(join(tmp.dir, "claimcheck.db"));
  await db.exec(
    "CREATE TRIGGER refuse_setup BEFORE INSERT ON admin_setup_tokens BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END",
  );
  await db.close();
  const server: ChildServer = await startChildServer(env);
  cleanups.push(async () => {
    server.kill("SIGKILL");
    await server.exited;
  });
  await pollUntil(
    () => server.output().includes("could not create the one-time setup link"),
    "the setup-link failure to be reported",
  );
  expect(server.output()).toContain("bun src/main.ts admin create"); // the command of the running form
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  server.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain("SIGTERM received");
});
