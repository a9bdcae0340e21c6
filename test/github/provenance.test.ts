/**
 * Provenance of histories dated before their repository, on real git histories rewritten with the git
 * CLI (filter-branch) and served by the GitHub simulator: a famous library re-uploaded under another name
 * with every identity rewritten is found and named by content; an honest import that matches nothing
 * stays unmatched; an ordinary repository costs no search at all.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGitHubSource } from "../../src/github/github-source.ts";
import { isProvenanceSuspect, readmeTitle } from "../../src/github/provenance.ts";
import type { GhRepo, RepoEvidence } from "../../src/github/types.ts";
import { commitsAndTrees } from "../support/github-sim/git-rewrites.ts";
import { appendCommits, type CommitSpec, initBareRepo } from "../support/github-sim/git-writer.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { IDENTITIES, reuploadWorld } from "../support/github-sim/scenarios/provenance-histories.ts";
import { freshDb } from "./fixtures.ts";

const DAY = 86_400_000;
const dir = mkdtempSync(join(tmpdir(), "claimcheck-provenance-"));
const { author } = IDENTITIES;
const erin = { name: "Erin Importer", email: "erin@home.example" };

/** Someone's own years of local work, imported in one push into a new repository: matches no one. */
function localWork(): CommitSpec[] {
  const t0 = Date.parse("2015-01-10T20:00:00Z");
  return Array.from({ length: 24 }, (_, i) => ({
    author: erin,
    authorDate: t0 + i * 40 * DAY + (i % 5) * 3_600_000,
    message: `Notes tool step ${i}`,
    files: {
      [`notes/n${i}.py`]: `def n${i}():\n    return ${i}\n`,
      ...(i === 0 ? { "README.md": "# Erin's private notes tool\n" } : {}),
    },
  }));
}

let sim: GitHubSimulator;
let original: string;
let copy: string;
const honest = join(dir, "honest.git");

beforeAll(async () => {
  const world = await reuploadWorld(dir);
  original = world.original;
  copy = world.copy;
  await initBareRepo(honest);
  await appendCommits(honest, localWork());
  sim = await startGitHubSimulator({
    users: [
      ...world.users,
      { login: "erin", createdAt: "2013-06-01T00:00:00Z", emails: [erin.email] },
      // another owner whose repository shares the library's name but none of its content
      { login: "namesake", createdAt: "2014-01-01T00:00:00Z", emails: ["n@namesake.example"] },
    ],
    repos: [
      ...world.repos,
      {
        owner: "namesake",
        name: "tinyparse",
        description: "Homework",
        stargazers: 2,
        createdAt: "2016-01-01T00:00:00Z",
        commits: [
          {
            author: { name: "N", email: "n@namesake.example" },
            authorDate: "2016-01-02T00:00:00Z",
            message: "hw",
            files: { "hw.txt": "x\n" },
          },
        ],
      },
      // renamed and described anew: only its README's title leads to the original
      {
        owner: "mallory",
        name: "cfg-stream",
        description: "Config streaming helpers I wrote",
        createdAt: "2025-11-22T10:00:00Z",
        pushedAt: "2025-11-22T10:05:00Z",
        importFrom: copy,
        commits: [],
      },
      {
        owner: "erin",
        name: "notes-tool",
        description: "My notes tool, kept locally since 2015",
        createdAt: "2025-10-01T10:00:00Z",
        pushedAt: "2025-10-01T10:02:00Z",
        importFrom: honest,
        commits: [],
      },
    ],
  });
}, 60_000);
afterAll(async () => {
  await sim.stop();
  rmSync(dir, { recursive: true, force: true });
});

const source = () => createGitHubSource({ baseUrl: sim.url, token: "t", db: freshDb(), backoffUnitMs: 1 });

async function evidenceOf(
  full: string,
  login: string,
): Promise<{ ev: RepoEvidence; searches: number; budget: number | undefined }> {
  const src = source();
  await src.getUser(login);
  const [owner, name] = full.split("/");
  const repo = (await src.getRepo(owner!, name!)) as GhRepo;
  sim.resetCallLog();
  const ev = await src.repoEvidence(repo, login);
  return { ev, searches: sim.calls("/search/").length, budget: src.client.rateLimit()?.limit };
}

describe("a history re-uploaded with every identity rewritten", () => {
  test("keeps the original's trees while every commit SHA changed", async () => {
    const [a, b] = await Promise.all([commitsAndTrees(original), commitsAndTrees(copy)]);
    expect(a.length).toBe(60);
    expect(b.map((c) => c.tree)).toEqual(a.map((c) => c.tree));
    expect(b.some((c, i) => c.sha === a[i]!.sha)).toBe(false);
  });

  test("is searched for and the original is named with its owner, stars and dates, identities rewritten", async () => {
    const { ev, searches } = await evidenceOf("mallory/tinyparse", "mallory");
    expect(ev.candidateCommitCount).toBe(60);
    expect(ev.provenanceSearched).toBe(true);
    expect(searches).toBeGreaterThan(0);
    expect(searches).toBeLessThanOrEqual(3);
    expect(ev.copyOf).toMatchObject({
      original: "libauthor/tinyparse",
      stargazers: 11_000,
      createdAt: "2012-03-01T00:00:00Z",
      identicalTree: true,
    });
    expect(ev.copyOf!.pushedAt).toBeTruthy();
    // the same content at the same moment, authored by someone else there
    expect(ev.copyOf!.sameMoment).toMatchObject({ sameIdentity: false, author: "mallory", originalAuthor: "patcher" });
  });

  test("is still found by its content after the original moved on", async () => {
    await sim.push(
      "libauthor/tinyparse",
      [{ author, authorDate: "2025-12-10T10:00:00Z", message: "New release", files: { "src/new.c": "int n;\n" } }],
      "2025-12-10T10:01:00Z",
    );
    const { ev } = await evidenceOf("mallory/tinyparse", "mallory");
    expect(ev.copyOf?.original).toBe("libauthor/tinyparse");
    expect(ev.copyOf?.identicalTree).toBe(true);
    expect(ev.copyOf?.sameMoment?.sameIdentity).toBe(false);
  });
});

describe("a renamed re-upload with a new description", () => {
  test("is found by its README's title and named by content", async () => {
    const { ev, searches } = await evidenceOf("mallory/cfg-stream", "mallory");
    expect(searches).toBe(3);
    expect(sim.calls((c) => (c.query.q ?? "").includes("in:readme")).map((c) => c.query.q)).toEqual([
      '"tinyparse: a streaming config parser" in:readme fork:false',
    ]);
    expect(ev.copyOf?.original).toBe("libauthor/tinyparse");
    expect(ev.copyOf?.identicalTree).toBe(true);
  });
});

describe("an honest import of years of local work", () => {
  test("is searched, matches nothing and carries no copy and no anachronism", async () => {
    const { ev, searches, budget } = await evidenceOf("erin/notes-tool", "erin");
    expect(ev.provenanceSearched).toBe(true);
    expect(searches).toBeGreaterThan(0);
    // search answers report their own bucket (30 a minute): never taken for the REST budget
    expect(budget).toBe(5000);
    expect(ev.copyOf).toBeUndefined();
    expect(ev.anachronisms).toBeUndefined();
  });
});

describe("ordinary repositories", () => {
  test("a history dated inside its repository's life spends no search", async () => {
    const { ev, searches } = await evidenceOf("namesake/tinyparse", "namesake");
    expect(ev.provenanceSearched).toBeUndefined();
    expect(searches).toBe(0);
  });

  test("suspects are histories mostly dated long before their repository; forks never", () => {
    const repo = { createdAt: "2025-01-01T00:00:00Z", fork: false } as GhRepo;
    const at = (d: string) => ({ authorDate: d }) as never;
    const old = ["2019-01-01", "2019-02-01", "2019-03-01"].map((d) => at(`${d}T00:00:00Z`));
    expect(isProvenanceSuspect(repo, old)).toBe(true);
    expect(isProvenanceSuspect({ ...repo, fork: true }, old)).toBe(false);
    expect(isProvenanceSuspect(repo, old.slice(0, 2))).toBe(false);
    expect(isProvenanceSuspect(repo, [...old, ...Array(4).fill(at("2025-02-01T00:00:00Z"))])).toBe(false);
  });
});

describe("readmeTitle", () => {
  test("reads the first heading, a setext title or the first line, without markup", () => {
    expect(readmeTitle("<p align=center><img src=x></p>\n\n# **Fast** [Parser](http://x)\n")).toBe("Fast Parser");
    expect(readmeTitle("My Tool\n=======\n\ntext")).toBe("My Tool");
    expect(readmeTitle("\n\nJust a line\nmore")).toBe("Just a line");
    expect(readmeTitle("")).toBe("");
  });
});
