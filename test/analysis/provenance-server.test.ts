/**
 * The provenance signals through the real server (createApp with the production steps, a typeset resume
 * PDF, the GitHub simulator and npm/PyPI registry simulators): a famous library re-uploaded with every
 * identity rewritten, and a project shifted six years back whose GitHub-made merges, noreply addresses and
 * lockfile pins cannot exist at their dates. Real git histories, rewritten with the git CLI
 * (provenance-histories.ts). The recruiter's report (the share page) names the original of the copy and
 * says, for a contradicted claim, what the resume says and what the history shows.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type SampleProject, sampleResumePdf } from "../demo/resume-pdf.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { CAROL_PACKAGES, reuploadWorld, shiftedWorld } from "../support/github-sim/scenarios/provenance-histories.ts";
import { type RunningTestApp, startTestApp, verifyAndWait } from "../support/harness.ts";
import { type RegistrySimulator, startRegistrySimulator } from "../support/registry-sim/registry-simulator.ts";

const PUBLIC = "https://claimcheck.example.com";
const dir = mkdtempSync(join(tmpdir(), "claimcheck-provenance-server-"));
let gh: GitHubSimulator;
let registry: RegistrySimulator;
let app: RunningTestApp;

beforeAll(async () => {
  const copies = await reuploadWorld(join(dir, "copies"));
  const shifted = await shiftedWorld(dir);
  registry = startRegistrySimulator({ npm: CAROL_PACKAGES });
  gh = await startGitHubSimulator({
    users: [...copies.users, ...shifted.users],
    repos: [...copies.repos, ...shifted.repos],
    tokens: ["sim-token"],
  });
  app = await startTestApp({
    env: {
      GITHUB_API_URL: gh.url,
      GITHUB_TOKEN: "sim-token",
      NPM_REGISTRY_URL: registry.url,
      PYPI_URL: registry.url,
      PUBLIC_URL: PUBLIC,
    },
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await gh?.stop();
  await registry?.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Result = Awaited<ReturnType<typeof verifyAndWait>>;

/** One claim of `login`, typeset into a resume PDF and verified through the server. */
async function verifyClaim(login: string, name: string, project: SampleProject): Promise<Result> {
  const r = await verifyAndWait(app.url, app.key, {
    resume: await sampleResumePdf({ name, githubLogin: login, projects: [project] }),
    hostUsername: login,
  });
  expect(r.status).toBe("COMPLETED");
  return r;
}

/** The recruiter's report page of a completed result, through its share link on this server. */
async function reportPage(r: Result): Promise<string> {
  const url = r.reportUrl as string;
  expect(url).toStartWith(`${PUBLIC}/share/`);
  const page = await fetch(`${app.url}${new URL(url).pathname}`);
  expect(page.status).toBe(200);
  // the page escapes quotes; read it as a person would
  return (await page.text()).replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&amp;", "&");
}

describe("through the real server", () => {
  test("a library re-uploaded with every identity rewritten is a copy naming its original, in the result and the report", async () => {
    const r = await verifyClaim("mallory", "Mallory Maker", {
      name: "tinyparse",
      repoUrl: "github.com/mallory/tinyparse",
      dates: "2012 - 2024",
      description: ["Designed and built a streaming config parser used by thousands"],
    });
    const copy = r.flags?.find((f) => f.rule === "COPIED_REPOSITORY");
    expect(copy?.severity).toBe("CRITICAL");
    expect(copy?.message).toContain("libauthor/tinyparse");
    expect(copy?.message).toContain("11,000 stars");
    expect(r.confidenceScore ?? 100).toBeLessThanOrEqual(40);
    const page = await reportPage(r);
    expect(page).toContain("libauthor/tinyparse");
  }, 180_000);

  test("a history shifted six years back is named by its merges, noreply IDs and lockfile pins, and a contradicted team claim shows both sides", async () => {
    const r = await verifyClaim("carol", "Carol Coder", {
      name: "Shop UI",
      repoUrl: "github.com/carol/shop-ui-2017",
      dates: "2017 - 2019",
      description: ["Led a team of 8 building the storefront"],
    });
    const traces = r.flags?.find((f) => f.rule === "ANACHRONISTIC_EVIDENCE");
    expect(["WARNING", "CRITICAL"]).toContain(traces?.severity ?? "none");
    expect(traces?.message).toContain("Merge pull request #4 from carol/feature-1");
    expect(traces?.message).toMatch(/52000000|80000000/);
    expect(traces?.message).toMatch(/tiny-event-bus 2\.1\.0|@acme\/forms 1\.4\.2/);
    expect(r.flags?.some((f) => f.severity === "CRITICAL")).toBe(true);
    expect(r.confidenceScore ?? 100).toBeLessThanOrEqual(40);
    const claim = r.flags?.find((f) => f.rule === "CLAIM_CONTRADICTED");
    expect(claim?.message).toContain('"team of 8", but 2 people made its commits');
    const page = await reportPage(r);
    expect(page).toContain("Merge pull request #4 from carol/feature-1");
    expect(page).toContain('"team of 8", but 2 people made its commits');
    expect(registry.calls.length).toBeGreaterThan(0);
  }, 180_000);
});
