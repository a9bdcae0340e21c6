/**
 * Real-history fixtures: derived from a git repository they keep dates, merges and line counts but no
 * names, emails or messages; rebuilt in the simulator they give back the same dates and line counts.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readLineCounts } from "./git-reader.ts";
import { appendCommits, type CommitSpec, initBareRepo } from "./git-writer.ts";
import { deriveFixture } from "./real/derive-fixture.ts";
import { loadHistory, realCommits } from "./real/real-history.ts";

const dir = mkdtempSync(join(tmpdir(), "claimcheck-real-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alice = { name: "Alice Realname", email: "alice@private-company.example" };
const bob = { name: "Bob Other", email: "bob@elsewhere.example" };
const T = Date.parse("2021-03-01T10:00:00Z");

describe("derive-fixture", () => {
  test("keeps dates, merges and line counts; drops names, emails and messages", async () => {
    const repo = join(dir, "src.git");
    await initBareRepo(repo);
    const commits: CommitSpec[] = [
      { author: alice, authorDate: T, message: "Initial commit", files: { "a.txt": "1\n2\n3\n" } },
      { author: bob, authorDate: T + 3600_000, message: "Secret project codename", files: { "b.txt": "x\n" } },
      {
        author: alice,
        authorDate: T + 7200_000,
        committerDate: T + 90 * 86_400_000,
        message: "Fix the thing",
        files: { "a.txt": "1\n" },
      },
      { author: alice, authorDate: T + 8000_000, message: "Merge pull request #42 from alice/feature", mergeOf: 1 },
    ];
    await appendCommits(repo, commits);
    const f = await deriveFixture(repo, "github.com/example/src");
    const text = JSON.stringify(f);
    for (const secret of ["Alice", "alice@", "Bob", "private-company", "Secret", "codename", "Fix the thing"])
      expect(text).not.toContain(secret);
    expect(f.commitCount).toBe(4);
    expect(f.commits.a).toEqual(["candidate", "contrib-1", "candidate", "candidate"]);
    expect(f.commits.m).toEqual(["Initial commit", "Change 1", "Change 2", "Merge pull request #1"]);
    expect(f.commits.merge).toEqual([-1, -1, -1, 1]);
    expect(f.commits.add.slice(0, 3)).toEqual([3, 1, 0]);
    expect(f.commits.del.slice(0, 3)).toEqual([0, 0, 2]);
    const committed = f.commits.ct.slice(0, 3).reduce((sum, d) => sum + d, 0);
    expect(committed * 1000).toBe(T + 90 * 86_400_000);
  });

  test("--candidate names one person under several author names, or a minor author", async () => {
    const repo = join(dir, "names.git");
    await initBareRepo(repo);
    const alias = { name: "alice-r", email: "a@laptop.example" };
    const commits: CommitSpec[] = [0, 1, 2, 3].map((i) => ({
      author: [bob, bob, alice, alias][i]!,
      authorDate: T + i * 3600_000,
      message: `Work ${i}`,
      files: { [`f${i}.txt`]: `${i}\n` },
    }));
    await appendCommits(repo, commits);
    expect((await deriveFixture(repo, "github.com/example/names")).commits.a).toEqual([
      "candidate",
      "candidate",
      "contrib-1",
      "contrib-2",
    ]);
    const f = await deriveFixture(repo, "github.com/example/names", { candidateNames: ["Alice Realname", "alice-r"] });
    expect(f.commits.a).toEqual(["contrib-1", "contrib-1", "candidate", "candidate"]);
    expect(JSON.stringify(f)).not.toContain("alice-r");
  });
});

describe("vendored and generated files", () => {
  test("are counted apart when derived and rebuilt under node_modules/, so the analysis can leave them out", async () => {
    const repo = join(dir, "vendored.git");
    await initBareRepo(repo);
    const deps = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`node_modules/pkg${i}/index.js`, "a\nb\nc\nd\n"]),
    );
    await appendCommits(repo, [
      { author: alice, authorDate: T, message: "Initial commit", files: { "README.md": "hi\n" } },
      { author: alice, authorDate: T + 3600_000, message: "server", files: { "server.js": "x\ny\n", ...deps } },
    ]);
    const f = await deriveFixture(repo, "github.com/example/v");
    expect(f.commits.add).toEqual([1, 122]);
    expect(f.commits.gadd).toEqual([0, 120]);
    expect(f.commits.gfiles).toEqual([0, 30]);
    // a committed fixture rebuilds its vendored files under node_modules/, the rest under data/
    const dump = realCommits({
      file: "Workout-Tracker.json",
      login: "someone",
      name: "w",
      label: { kind: "honest", expected: [], maxSeverity: null, notes: "" },
    }).commits[2]!;
    const paths = Object.keys(dump.files ?? {});
    expect(paths.filter((p) => p.startsWith("node_modules/"))).toHaveLength(1007);
    expect(paths.filter((p) => p.startsWith("data/")).length).toBeGreaterThan(0);
    // without vendored files the fields are left out (the older fixtures have none)
    const { commits } = realCommits({
      file: "AutoGitfiti.json",
      login: "someone",
      name: "x",
      label: { kind: "honest", expected: [], maxSeverity: null, notes: "" },
    });
    expect(Object.keys(commits[0]!.files ?? {}).every((p) => p.startsWith("data/"))).toBe(true);
  });
});

describe("real-history loader", () => {
  test("a committed fixture rebuilds with its dates and line counts", async () => {
    const h = loadHistory("AutoGitfiti.json");
    const { commits, candidate } = realCommits({
      file: "AutoGitfiti.json",
      login: "someone",
      name: "x",
      label: { kind: "honest", expected: [], maxSeverity: null, notes: "" },
    });
    expect(commits).toHaveLength(h.fixture.commitCount);
    expect(candidate).toBe(99);
    expect(commits.map((c) => Number(c.authorDate) / 1000)).toEqual(h.authorAt);
    const repo = join(dir, "rebuilt.git");
    await initBareRepo(repo);
    await appendCommits(repo, commits);
    const counts = [...(await readLineCounts(repo, "refs/heads/main")).values()].reverse();
    expect(counts.map((c) => c.additions)).toEqual(h.fixture.commits.add);
  });
});
