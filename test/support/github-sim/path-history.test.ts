/**
 * Path-history fixtures (format 2): derived from a git repository they keep dates, time zones, merges and
 * each changed path with its line counts, but no names, emails, content or free-text messages; rebuilt in
 * the simulator every commit changes the same paths by the same numbers of lines.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { appendCommits, type CommitSpec, git, initBareRepo } from "./git-writer.ts";
import { derivePathFixture } from "./real/derive-path-fixture.ts";
import { pathCommits } from "./real/path-history.ts";

const dir = mkdtempSync(join(tmpdir(), "claimcheck-path-history-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alice = { name: "Alice Realname", email: "alice@private-company.example" };
const bob = { name: "Bob Other", email: "bob@elsewhere.example" };
const web = { name: "GitHub", email: "noreply@github.com" };
const T = Date.parse("2021-03-01T10:00:00Z");
const lines = (n: number, tag: string) => `${Array.from({ length: n }, (_, i) => `${tag} ${i}`).join("\n")}\n`;

const history: CommitSpec[] = [
  {
    author: alice,
    authorDate: T,
    tz: "-0700",
    message: "Initial commit",
    files: { "lib/glad/glad.c": lines(40, "g"), "src/main.c": lines(10, "m"), "Alice_Realname_CV.pdf": "%PDF\0bin\n" },
  },
  {
    author: alice,
    committer: web,
    authorDate: T + 3600_000,
    message: "Add files via upload",
    files: { "Prof Smith/notes.docx": "\0doc\n" },
  },
  {
    author: bob,
    authorDate: T + 7200_000,
    message: "Secret project codename (#12)",
    files: { "src/main.c": `${lines(10, "m").split("\n").slice(3).join("\n")}${lines(5, "n")}` },
  },
  { author: alice, authorDate: T + 9000_000, message: "Update README.md", files: { "lib/glad/glad.c": null } },
  { author: alice, authorDate: T + 9900_000, message: "Merge pull request #42 from alice/feature", mergeOf: 1 },
];

async function numstat(repo: string): Promise<string[][]> {
  const shas = (await git(["rev-list", "--reverse", "--topo-order", "main"], { cwd: repo })).trim().split("\n");
  const out: string[][] = [];
  for (const sha of shas)
    out.push(
      (await git(["diff-tree", "-r", "--root", "--no-commit-id", "--no-renames", "--numstat", sha], { cwd: repo }))
        .trim()
        .split("\n")
        .filter(Boolean)
        .sort(),
    );
  return out;
}

describe("derive-path-fixture", () => {
  test("keeps paths, line counts, time zones and tool defaults; drops names, emails and messages", async () => {
    const repo = join(dir, "src.git");
    await initBareRepo(repo);
    await appendCommits(repo, history);
    const f = await derivePathFixture(repo, "github.com/example/src");
    const text = JSON.stringify(f);
    for (const secret of ["Alice", "alice@", "Realname", "Bob", "private-company", "Secret", "codename"])
      expect(text).not.toContain(secret);
    expect(f.format).toBe(2);
    expect(f.commits.a).toEqual(["candidate", "candidate", "contrib-1", "candidate", "candidate"]);
    expect(f.commits.c[1]).toBe("web-flow");
    expect(f.commits.tz[0]).toBe("-0700");
    expect(f.commits.m).toEqual([
      "Initial commit",
      "Add files via upload",
      "Change h (#12)",
      "Update README.md",
      "Merge pull request #42",
    ]);
    const at = (i: number) => f.commits.f[i]!.filter((_, j) => j % 3 === 0).map((x) => f.paths[x]!);
    expect(at(0).sort()).toEqual(["candidate_candidate_CV.pdf", "lib/glad/glad.c", "src/main.c"]);
    const triple = (i: number, path: string) => {
      const k = f.commits.f[i]!.findIndex((x, j) => j % 3 === 0 && f.paths[x] === path);
      return f.commits.f[i]!.slice(k, k + 3).slice(1);
    };
    expect(triple(0, "lib/glad/glad.c")).toEqual([40, 0]);
    expect(triple(0, "candidate_candidate_CV.pdf")).toEqual([-1, 0]);
    expect(triple(2, "src/main.c")).toEqual([5, 3]);
    expect(triple(3, "lib/glad/glad.c")).toEqual([-2, 40]);
    expect(f.commits.f[4]).toEqual([]);
    expect(f.commits.merge).toEqual([-1, -1, -1, -1, 1]);
  });

  test("--scrub-paths hides file names that can name people, keeping common names, extensions and the names the analysis reads", async () => {
    const repo = join(dir, "scrub.git");
    await initBareRepo(repo);
    await appendCommits(repo, history.slice(0, 2));
    const f = await derivePathFixture(repo, "github.com/example/scrub", { scrubPaths: true });
    expect(JSON.stringify(f)).not.toContain("Smith");
    // a library's own file name says the file is third-party: kept, or the copy would count as the candidate's code
    expect(f.paths.some((p) => /^lib\/p\d+\/glad\.c$/.test(p))).toBe(true);
    expect(f.paths.some((p) => /^p\d+\/p\d+\.docx$/.test(p))).toBe(true);
    expect(f.paths).toContain("src/main.c");
  });

  test("an author name used with the person's e-mail is the person (one developer, two names)", async () => {
    const repo = join(dir, "alias.git");
    await initBareRepo(repo);
    const alias = { name: "alice-r", email: alice.email };
    await appendCommits(
      repo,
      [alice, alice, bob, alias].map((author, i) => ({
        author,
        authorDate: T + i * 3600_000,
        message: `Work ${i}`,
        files: { [`f${i}.txt`]: `${i}\n` },
      })),
    );
    const f = await derivePathFixture(repo, "github.com/example/alias");
    expect(f.commits.a).toEqual(["candidate", "candidate", "contrib-1", "candidate"]);
  });

  test("rebuilt, every commit changes the same paths by the same line counts", async () => {
    const repo = join(dir, "orig.git");
    await initBareRepo(repo);
    await appendCommits(repo, history);
    const f = await derivePathFixture(repo, "github.com/example/orig");
    const fixtures = join(dir, "fixtures");
    rmSync(fixtures, { recursive: true, force: true });
    await Bun.write(join(fixtures, ".keep"), "");
    writeFileSync(join(fixtures, "orig.json.gz"), gzipSync(JSON.stringify(f)));
    const { commits, candidate } = pathCommits(
      {
        file: "orig.json.gz",
        login: "someone",
        name: "x",
        label: { kind: "honest", expected: [], maxSeverity: null, notes: "" },
      },
      fixtures,
    );
    expect(candidate).toBe(3);
    expect(commits[1]!.committer).toEqual(web);
    const rebuilt = join(dir, "rebuilt.git");
    await initBareRepo(rebuilt);
    await appendCommits(rebuilt, commits);
    const before = await numstat(repo);
    const after = await numstat(rebuilt);
    const scrubbed = before.map((c) => c.map((l) => l.replace("Alice_Realname", "candidate_candidate")).sort());
    expect(after).toEqual(scrubbed);
  });
});
