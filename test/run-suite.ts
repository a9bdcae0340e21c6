#!/usr/bin/env bun
import { join } from "node:path";
/**
 * `bun run test:fast` / `bun run test:slow`: runs `bun test` over the fast (every *.test.ts but the
 * *.slow.test.ts) or the slow suite, exactly as before, passing its output through unchanged (its
 * "N pass / N fail" summary included, for CI) and adding one progress line each time a test file starts:
 * `[test:fast 37/211 files, 4m12s] test/http/api.test.ts`, so a long run on a loaded machine says how far
 * it is. Extra arguments go to `bun test`. The exit code is bun test's.
 */
import { Glob } from "bun";

const ROOT = join(import.meta.dir, "..");
const suite = process.argv[2];
if (suite !== "fast" && suite !== "slow") {
  console.error("usage: bun test/run-suite.ts fast|slow [bun test options]");
  process.exit(2);
}
const extra = process.argv.slice(3);
const SLOW = ".slow.test.ts";

/** The test files bun test finds for the suite (the same patterns as its arguments below). */
function suiteFiles(): string[] {
  const files: string[] = [];
  for (const f of new Glob("**/*.test.ts").scanSync({ cwd: ROOT, onlyFiles: true })) {
    if (f.split("/").includes("node_modules")) continue;
    if (f.endsWith(SLOW) === (suite === "slow")) files.push(f);
  }
  return files;
}

/** bun test's options that take a value: what follows them is no path filter. */
const VALUED = new Set(["--timeout", "-t", "--test-name-pattern", "--preload", "--rerun-each", "--reporter", "--bail"]);
/** The path filters among the extra arguments (bun test runs the files whose path contains one). */
const filters = extra.filter((a, i) => !a.startsWith("-") && !VALUED.has(extra[i - 1] ?? ""));
const total = suiteFiles().filter(
  (f) => filters.length === 0 || filters.some((x) => f.includes(x.replace(/^\.\//, ""))),
).length;
const args =
  suite === "fast"
    ? ["test", "--timeout", "60000", "--path-ignore-patterns", "**/*.slow.test.ts", ...extra]
    : ["test", "--timeout", "60000", SLOW, ...extra];
const started = Date.now();
const proc = Bun.spawn([process.execPath, ...args], {
  cwd: ROOT,
  stdin: "inherit",
  stdout: "inherit",
  stderr: "pipe",
  env: process.env,
});

// stopping the runner stops the suite: no bun test is left running without it
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.on(signal, () => {
    proc.kill(signal);
    void proc.exited.then(() => process.exit(128 + (signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : 1)));
  });

const elapsed = () => {
  const s = Math.round((Date.now() - started) / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
};
/** A file's header as bun test writes it when the file starts: its path and a colon, alone on a line. */
const HEADER = /^(\S+\.test\.ts):$/;
let seen = 0;
let tail = "";
const dec = new TextDecoder();
for await (const chunk of proc.stderr) {
  const text = tail + dec.decode(chunk, { stream: true });
  const lines = text.split("\n");
  tail = lines.pop() ?? "";
  for (const line of lines) {
    process.stderr.write(`${line}\n`);
    const m = HEADER.exec(line);
    if (m) {
      seen++;
      process.stderr.write(`[test:${suite} ${seen}/${total} files, ${elapsed()}] ${m[1]}\n`);
    }
  }
}
if (tail) process.stderr.write(tail);
const code = await proc.exited;
process.stderr.write(`[test:${suite} ${seen} of ${total} files run in ${elapsed()}]\n`);
process.exit(code);
