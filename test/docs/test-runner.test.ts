/**
 * The README's test command (`bun run test:fast`, `bun run test:slow`) runs bun test through
 * test/run-suite.ts: it says how many files of the suite have started, and keeps bun test's own summary
 * lines and exit code for CI.
 */
import { expect, test } from "bun:test";
import { REPO_ROOT } from "../support/harness.ts";

const run = async (...args: string[]) => {
  const p = Bun.spawn([process.execPath, "run", ...args], { cwd: REPO_ROOT, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { out: out + err, code };
};

test("test:fast shows files done of total, and bun test's summary and exit code", async () => {
  const r = await run("test:fast", "test/report/glossary.test.ts", "test/dashboard/timeline-chart.test.ts");
  expect(r.code).toBe(0);
  expect(r.out).toMatch(
    /^\[test:fast 1\/2 files, \d+m\d\ds\] test\/(report\/glossary|dashboard\/timeline-chart)\.test\.ts$/m,
  );
  expect(r.out).toMatch(/^\[test:fast 2\/2 files, \d+m\d\ds\] /m);
  expect(r.out).toMatch(/^ \d+ pass$/m);
  expect(r.out).toMatch(/^ 0 fail$/m);
  expect(r.out).toMatch(/^\[test:fast 2 of 2 files run in \d+m\d\ds\]$/m);
}, 60_000);

test("a run bun test fails keeps its exit code", async () => {
  // a filter that matches no file: bun test says so and fails, and so does the runner
  const r = await run("test:fast", "no-such-test-file-anywhere");
  expect(r.code).not.toBe(0);
  expect(r.out).toContain("[test:fast 0 of 0 files run in");
}, 60_000);
