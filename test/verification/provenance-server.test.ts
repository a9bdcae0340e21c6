/**
 * Provenance through the real server (createApp with the production steps, a resume PDF, the GitHub
 * simulator over real git histories rewritten with the git CLI, the npm simulator): a famous library
 * re-uploaded with every identity rewritten is judged a copy naming its original, and a history shifted
 * six years back is judged forged on evidence that does not depend on its clock.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type App, createApp } from "../../src/app.ts";
import { silentLogger } from "../../src/lib/log.ts";
import type { VerificationResult } from "../../src/verification/result.ts";
import { sampleResumePdf } from "../demo/resume-pdf.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { CAROL_PACKAGES, reuploadWorld, shiftedWorld } from "../support/github-sim/scenarios/provenance-histories.ts";
import { tempDir, testConfig, verifyAndWait } from "../support/harness.ts";
import { type RegistrySimulator, startRegistrySimulator } from "../support/registry-sim/registry-simulator.ts";

const gitDir = mkdtempSync(join(tmpdir(), "claimcheck-provenance-server-"));
let sim: GitHubSimulator;
let registry: RegistrySimulator;
let app: App;
let url: string;
let key: string;
let cleanup: () => void;

beforeAll(async () => {
  const [copies, shifted] = await Promise.all([reuploadWorld(join(gitDir, "a")), shiftedWorld(join(gitDir, "b"))]);
  sim = await startGitHubSimulator({
    users: [...copies.users, ...shifted.users],
    repos: [...copies.repos, ...shifted.repos],
    tokens: ["e2e-token"],
  });
  registry = startRegistrySimulator({ npm: CAROL_PACKAGES });
  const tmp = tempDir();
  cleanup = tmp.cleanup;
  app = await createApp(
    testConfig(tmp.dir, {
      GITHUB_API_URL: sim.url,
      GITHUB_TOKEN: "e2e-token",
      NPM_REGISTRY_URL: registry.url,
      PYPI_URL: registry.url,
    }),
    { logger: silentLogger },
  );
  url = await app.start();
  key = (await app.accounts.createKey("provenance")).key;
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await sim?.stop();
  await registry?.stop();
  cleanup?.();
  rmSync(gitDir, { recursive: true, force: true });
});

type Flag = VerificationResult["flags"][number];
const flagsOf = (r: VerificationResult, rule: string) => r.flags.filter((f: Flag) => f.rule === rule);

/** carol's resume claiming one repository over `dates`, verified to its end. */
async function verifyCarol(repo: string, dates: string): Promise<VerificationResult> {
  const resume = await sampleResumePdf({
    name: "Carol Coder",
    githubLogin: "carol",
    projects: [{ name: "Shop UI", repoUrl: `github.com/carol/${repo}`, dates }],
  });
  const r = await verifyAndWait(url, key, { resume, hostUsername: "carol" });
  expect(r.status).toBe("COMPLETED");
  return r;
}

describe("through the real server", () => {
  test("a library re-uploaded with rewritten identities is a copy, naming its original's owner, stars and dates", async () => {
    const resume = await sampleResumePdf({
      name: "Mallory Maker",
      githubLogin: "mallory",
      projects: [
        {
          name: "tinyparse",
          repoUrl: "github.com/mallory/tinyparse",
          dates: "2012 - 2025",
          description: ["Designed and built a streaming config parser from scratch"],
        },
      ],
    });
    const r = await verifyAndWait(url, key, { resume, hostUsername: "mallory" });
    expect(r.status).toBe("COMPLETED");
    const [copy] = flagsOf(r, "COPIED_REPOSITORY");
    expect(copy?.severity).toBe("CRITICAL");
    expect(copy!.message).toContain("libauthor/tinyparse (created 2012-03-01, last pushed");
    expect(copy!.message).toContain("11,000 stars");
    expect(copy!.message).toContain("authored there by patcher and here by mallory");
    expect(r.confidenceScore).toBeLessThanOrEqual(40);
  }, 120_000);

  test("a history shifted six years back is forged on evidence independent of its clock", async () => {
    const r = await verifyCarol("shop-ui-2017", "2017 - 2018");
    const [trace] = flagsOf(r, "ANACHRONISTIC_EVIDENCE");
    expect(trace?.severity).toBe("WARNING");
    expect(trace!.message).toContain("Merge pull request #4 from carol/feature-1");
    expect(trace!.message).toContain("account ID 52000000");
    expect(trace!.message).toContain("pins");
    const critical = r.flags.filter((f: Flag) => f.severity === "CRITICAL").map((f: Flag) => f.rule);
    expect(critical).toContain("UNANCHORED_HISTORY");
    expect(registry.calls.length).toBeGreaterThan(0);
  }, 120_000);

  test("the same history at its true dates raises none of it and asks no registry", async () => {
    const before = registry.calls.length;
    const r = await verifyCarol("shop-ui", "2023 - 2024");
    const mine = r.flags.filter((f: Flag) => f.repo === "carol/shop-ui");
    expect(mine.filter((f: Flag) => f.rule === "ANACHRONISTIC_EVIDENCE")).toEqual([]);
    expect(mine.filter((f: Flag) => f.severity === "CRITICAL")).toEqual([]);
    expect(registry.calls.length).toBe(before);
  }, 120_000);
});
