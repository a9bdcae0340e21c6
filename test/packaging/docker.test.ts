/**
 * Packaging as text (no Docker daemon needed): what the build context holds under .dockerignore, and
 * that every way of stopping the container gives in-flight work its SHUTDOWN_GRACE before Docker kills it.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDuration } from "../../src/config/duration.ts";
import { REPO_ROOT } from "../support/harness.ts";

const read = (f: string) => readFileSync(join(REPO_ROOT, f), "utf8");

/** Docker's rule: the last pattern matching the path or one of its parent directories decides. */
function excluded(path: string, dockerignore: string): boolean {
  const rules = dockerignore
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"))
    .map((l) => {
      const negate = l.startsWith("!");
      const glob = (negate ? l.slice(1) : l).replace(/^\/+|\/+$/g, "");
      const re = glob
        .split(/(\*\*\/|\*|\?)/)
        .map((p) =>
          p === "**/" ? "(?:.*/)?" : p === "*" ? "[^/]*" : p === "?" ? "[^/]" : p.replace(/[.+^${}()|[\]\\]/g, "\\$&"),
        )
        .join("");
      return { negate, re: new RegExp(`^${re}$`) };
    });
  const parts = path.split("/");
  const candidates = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
  let out = false;
  for (const r of rules) if (candidates.some((c) => r.re.test(c))) out = !r.negate;
  return out;
}

describe("the Docker build context", () => {
  const ignore = read(".dockerignore");

  test.each([
    "node_modules/elysia/package.json",
    "dist/claimcheck",
    "data/claimcheck.db",
    "data/resumes/vrf_x.pdf",
    "test-artifacts/dashboard/05-job.png",
    ".git/HEAD",
    ".bench-out/run.json",
    "test/fixtures/resume/annotation-links.pdf",
    "src/claimcheck.db",
    "src/node_modules/x.js",
  ])("leaves out %s", (path) => {
    expect(excluded(path, ignore)).toBe(true);
  });

  test("keeps everything the Dockerfile copies into the build", () => {
    const sources = read("Dockerfile")
      .split("\n")
      .filter((l) => /^COPY\s/.test(l) && !l.includes("--from"))
      .flatMap((l) => l.trim().split(/\s+/).slice(1, -1));
    expect(sources).toEqual(expect.arrayContaining(["package.json", "bun.lock", "src"]));
    for (const s of sources) expect({ s, excluded: excluded(s, ignore) }).toEqual({ s, excluded: false });
    for (const f of ["src/main.ts", "src/dashboard/assets/dashboard.css", "src/storage/migrations/index.ts"])
      expect({ f, excluded: excluded(f, ignore) }).toEqual({ f, excluded: false });
  });
});

test("the dependency patches are copied into the build before bun install applies them", () => {
  const patches = Object.values(
    (JSON.parse(read("package.json")) as { patchedDependencies?: Record<string, string> }).patchedDependencies ?? {},
  );
  expect(patches.length).toBeGreaterThan(0);
  const lines = read("Dockerfile").split("\n");
  const install = lines.findIndex((l) => /^RUN bun install\b/.test(l));
  const copied = lines
    .slice(0, install)
    .filter((l) => /^COPY\s/.test(l) && !l.includes("--from"))
    .flatMap((l) => l.trim().split(/\s+/).slice(1, -1));
  for (const patch of patches) {
    const dir = patch.split("/")[0]!;
    expect({ patch, copied: copied.includes(patch) || copied.includes(dir) }).toEqual({ patch, copied: true });
  }
});

describe("stopping the container", () => {
  const DOCKER_DEFAULT_STOP_TIMEOUT_MS = 10_000;

  test("the image stops on SIGTERM and its SHUTDOWN_GRACE fits Docker's default 10 s stop timeout", () => {
    const dockerfile = read("Dockerfile");
    expect(dockerfile).toMatch(/^STOPSIGNAL SIGTERM$/m);
    const grace = /^ENV .*\bSHUTDOWN_GRACE=(\S+)/m.exec(dockerfile)?.[1];
    expect(grace).toBeDefined();
    expect(parseDuration(grace!)!).toBeLessThan(DOCKER_DEFAULT_STOP_TIMEOUT_MS);
    // the documented `docker run` gives a longer grace a longer stop timeout
    const run = /docker run --stop-timeout (\d+) -e SHUTDOWN_GRACE=(\S+)/.exec(dockerfile)!;
    expect(Number(run[1]) * 1000).toBeGreaterThan(parseDuration(run[2]!)!);
  });

  test("compose waits longer than SHUTDOWN_GRACE before killing", () => {
    const compose = read("compose.yaml");
    const grace = parseDuration(/SHUTDOWN_GRACE: (\S+)/.exec(compose)![1]!)!;
    const stop = parseDuration(/stop_grace_period: (\S+)/.exec(compose)![1]!)!;
    expect(stop).toBeGreaterThan(grace);
  });
});
