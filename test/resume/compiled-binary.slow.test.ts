/**
 * The single executable: `bun build --compile` into a temp dir, then its `extract` must work,
 * including the isolated worker, which re-runs the binary itself rather than `bun src/main.ts`.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES } from "./support/fixtures.ts";

let dir = "";
let binary = "";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "claimcheck-compile-"));
  binary = join(dir, "claimcheck");
  const build = Bun.spawn(
    [process.execPath, "build", join(import.meta.dir, "..", "..", "src", "main.ts"), "--compile", "--outfile", binary],
    {
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const code = await build.exited;
  if (code !== 0) throw new Error(`bun build --compile failed: ${await new Response(build.stderr).text()}`);
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function run(...args: string[]) {
  // run from an unrelated directory: the binary must not need the source tree
  const proc = Bun.spawn([binary, ...args], { cwd: dir, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { stdout, stderr, code };
}

test("the compiled binary's extract prints the projects", async () => {
  const r = await run("extract", join(FIXTURES, "russian-headings.pdf"), "--compact");
  expect(r.code).toBe(0);
  const json = JSON.parse(r.stdout);
  expect(json.projects[0]).toMatchObject({
    name: "Телеграм бот для дней рождения",
    repoUrl: "github.com/ivanp/birthday-bot",
  });
}, 30_000);

test("the compiled binary's isolated worker reports unreadable PDFs", async () => {
  const r = await run("extract", join(FIXTURES, "encrypted.pdf"));
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("[pdf_encrypted]");
}, 30_000);
