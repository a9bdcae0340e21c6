import { describe, expect, test } from "bun:test";
import { NAME_MATCH_THRESHOLD, nameScore, percentile, prf, repoKey, scoreFile } from "./support/bench-scoring.ts";

describe("nameScore", () => {
  test.each([
    ["CRIU", "CRIU (Checkpoint Restore in Userspace)", true],
    ["Cargo", "Cargo", true],
    ["UNHack", "UNHack 2023", true],
    ["Snake", "Pong", false],
    ["Project 1", "Project 2", false],
    ["Mind Maze", "Mind-Maze", true],
  ])("%s ~ %s: %s", (a, b, want) => expect(nameScore(a, b) >= NAME_MATCH_THRESHOLD).toBe(want));
});

test.each([
  [
    "https://github.com/search?q=repo:rust-lang/cargo+repo:rust-lang/rust+author:x&type=commits",
    "github.com/rust-lang/cargo",
  ],
  ["https://github.com/rust-lang/crates.io/commits?author=x", "github.com/rust-lang/crates.io"],
  ["github.com/0xKilty/information-compressor", "github.com/0xkilty/information-compressor"],
  ["https://github.com/powlaw", "github.com/powlaw"],
  [
    "https://git.kernel.org/pub/scm/linux/kernel/git/next/linux-next.git",
    "git.kernel.org/pub/scm/linux/kernel/git/next/linux-next",
  ],
  ["https://www.npmjs.com/package/x", null],
  [null, null],
])("repoKey(%s)", (url, want) => expect(repoKey(url)).toBe(want));

test("scoreFile matches one to one and counts repos as sets", () => {
  const s = scoreFile(
    [
      { name: "Linux kernel (upstream)", repoUrl: "https://git.kernel.org/pub/x/linux.git", nameIsDescriptive: true },
      { name: "Snake", repoUrl: null },
    ],
    [
      { name: "linux", repoUrl: "git.kernel.org/pub/x/linux.git" },
      { name: "Snake", repoUrl: null },
      { name: "Extra", repoUrl: "github.com/a/b" },
    ],
  );
  expect(s).toMatchObject({ nameTp: 2, nameFp: 1, nameFn: 0, repoTp: 1, repoGot: 2, repoWant: 1, extra: ["Extra"] });
});

test("prf and percentile", () => {
  expect(prf(0, 0, 0)).toEqual({ p: 1, r: 1, f1: 1 });
  expect(prf(9, 1, 1).f1).toBeCloseTo(0.9);
  expect(percentile([5, 1, 3, 2, 4], 0.5)).toBe(3);
  expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], 0.95)).toBe(19);
});
