import { expect, test } from "bun:test";
import { commitTimeline } from "../../src/analysis/commit-timeline.ts";
import type { GhCommit } from "../../src/github/types.ts";

const commit = (i: number, authorDate: string, committerDate: string): GhCommit => ({
  sha: String(i).padStart(40, "0"),
  authorLogin: "ana",
  authorName: "Ana",
  authorEmail: "ana@example.com",
  authorDate,
  committerLogin: "ana",
  committerName: "Ana",
  committerEmail: "ana@example.com",
  committerDate,
  message: "work",
  parents: 1,
  verified: false,
});

test("oldest first by committer date, author and committer dates kept as written", () => {
  const t = commitTimeline("ana/tool", [
    commit(2, "2024-01-01T00:00:00Z", "2024-03-02T10:00:00Z"),
    commit(1, "2023-05-01T00:00:00Z", "2024-03-02T09:59:00Z"),
  ]);
  expect(t).toEqual({
    repo: "ana/tool",
    commits: [
      { authorDate: "2023-05-01T00:00:00Z", committerDate: "2024-03-02T09:59:00Z" },
      { authorDate: "2024-01-01T00:00:00Z", committerDate: "2024-03-02T10:00:00Z" },
    ],
  });
});

test("thinned evenly past the cap, keeping the first commit", () => {
  const many = Array.from({ length: 1000 }, (_, i) =>
    commit(
      i,
      new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
      new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
    ),
  );
  const t = commitTimeline("ana/big", many, 100);
  expect(t.commits).toHaveLength(100);
  expect(t.commits[0]!.authorDate).toBe("2024-01-01T00:00:00.000Z");
  expect(t.commits[1]!.authorDate).toBe(new Date(Date.UTC(2024, 0, 1) + 10 * 3_600_000).toISOString());
});
