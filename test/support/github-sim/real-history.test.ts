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
