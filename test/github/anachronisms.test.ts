/**
 * Evidence that cannot exist at its date, on real git histories shifted in time with the git CLI and
 * served by the GitHub simulator beside npm and PyPI simulators: GitHub-made pull-request merges dated
 * before the repository and the merging account existed, noreply addresses older than their form or their
 * account ID, and lockfile pins of versions published after the commit. The same histories left at their
 * true dates show none of it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGitHubSource } from "../../src/github/github-source.ts";
import type { GhRepo, RepoEvidence } from "../../src/github/types.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { CAROL_PACKAGES, shiftedWorld } from "../support/github-sim/scenarios/provenance-histories.ts";
import { type RegistrySimulator, startRegistrySimulator } from "../support/registry-sim/registry-simulator.ts";
import { freshDb } from "./fixtures.ts";

const dir = mkdtempSync(join(tmpdir(), "claimcheck-anachronisms-"));

let gh: GitHubSimulator;
let registry: RegistrySimulator;

beforeAll(async () => {
  const world = await shiftedWorld(dir);
  registry = startRegistrySimulator({ npm: CAROL_PACKAGES });
  gh = await startGitHubSimulator(world);
}, 60_000);
afterAll(async () => {
  await gh.stop();
  await registry.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function evidenceOf(name: string, registryUrl: string | null = registry.url): Promise<RepoEvidence> {
  const src = createGitHubSource({
    baseUrl: gh.url,
    token: "t",
    db: freshDb(),
    backoffUnitMs: 1,
    registry: registryUrl ? { npmUrl: registryUrl, pypiUrl: registryUrl } : null,
  });
  await src.getUser("carol");
  const repo = (await src.getRepo("carol", name)) as GhRepo;
  return src.repoEvidence(repo, "carol");
}

const kinds = (e: RepoEvidence) => [...new Set((e.anachronisms ?? []).map((a) => a.kind))].sort();

describe("a history shifted six years back", () => {
  test("its GitHub merges predate the merging account, its noreply addresses their form and their account", async () => {
    const e = await evidenceOf("shop-ui-2017");
    expect(e.provenanceSearched).toBe(true);
    expect(kinds(e)).toEqual([
      "dependency-after-commit",
      "github-made-before-account",
      "noreply-before-account",
      "noreply-before-format",
    ]);
    const merges = e.anachronisms!.filter((a) => a.kind === "github-made-before-account");
    expect(merges).toHaveLength(10);
    expect(merges[0]!.fact).toContain('"Merge pull request #4 from carol/feature-1"');
    expect(merges[0]!.fact).toContain("committed by GitHub (web-flow)");
    expect(merges[0]!.anchor).toBe("2021-03-01T00:00:00Z");
    const format = e.anachronisms!.find((a) => a.kind === "noreply-before-format")!;
    expect(format.date.slice(0, 4)).toBe("2017");
    expect(format.fact).toContain("80000000+carol@users.noreply.github.com");
    const id = e.anachronisms!.find((a) => a.kind === "noreply-before-account")!;
    expect(id.fact).toContain("account ID 52000000");
    expect(id.anchor).toBe("2019-06-01T00:00:00Z");
    expect(gh.calls("/user/52000000")).toHaveLength(1);
  });

  test("its lockfile pins versions published years after the commit that pins them, named with the commit", async () => {
    const e = await evidenceOf("shop-ui-2017");
    const pins = e.anachronisms!.filter((a) => a.kind === "dependency-after-commit");
    expect(pins.map((p) => p.fact.match(/pins (\S+ \S+),/)?.[1]).sort()).toEqual([
      "@acme/forms 1.4.2",
      "tiny-event-bus 2.1.0",
    ]);
    const shiftedCommits = await gh.world.commits(gh.world.repo("carol/shop-ui-2017")!);
    const pinning = shiftedCommits.find((c) => c.message.startsWith("Add dependencies"))!;
    expect(pins[0]!.sha).toBe(pinning.sha);
    expect(pins.find((p) => p.fact.includes("tiny-event-bus"))!.anchor).toBe("2022-11-02T10:00:00.000Z");
  });

  test("without a registry configured, the lockfile is not checked and nothing else changes", async () => {
    const before = registry.calls.length;
    const e = await evidenceOf("shop-ui-2017", null);
    expect(kinds(e)).not.toContain("dependency-after-commit");
    expect(kinds(e)).toContain("noreply-before-account");
    expect(registry.calls.length).toBe(before);
  });
});

describe("the same history at its true dates", () => {
  test("holds no anachronism, asks no registry and searches nothing", async () => {
    const before = registry.calls.length;
    gh.resetCallLog();
    const e = await evidenceOf("shop-ui");
    expect(e.anachronisms).toBeUndefined();
    expect(e.provenanceSearched).toBeUndefined();
    expect(registry.calls.length).toBe(before);
    expect(gh.calls("/search/")).toHaveLength(0);
    expect(gh.calls("/user/")).toHaveLength(0);
  });
});
