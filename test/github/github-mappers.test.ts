import { describe, expect, test } from "bun:test";
import { sameLogin, toGhCommit, toGhRepo, toGhUser } from "../../src/github/github-mappers.ts";

describe("toGhRepo", () => {
  const full = {
    full_name: "alice/trailmap",
    name: "trailmap",
    owner: { login: "alice" },
    fork: true,
    parent: { full_name: "org/trail", default_branch: "develop" },
    source: { full_name: "root/trail" },
    description: "Trails",
    homepage: "",
    topics: ["maps", 3],
    language: "Go",
    default_branch: "main",
    created_at: "2024-01-01T00:00:00Z",
    pushed_at: null,
    updated_at: "2024-02-01T00:00:00Z",
    size: 120,
    stargazers_count: 4,
    archived: false,
  };
  test("maps a full repository, fork network included; empty homepage -> null", () => {
    expect(toGhRepo(full)).toEqual({
      fullName: "alice/trailmap",
      owner: "alice",
      name: "trailmap",
      fork: true,
      parent: "org/trail",
      parentDefaultBranch: "develop",
      source: "root/trail",
      description: "Trails",
      homepage: null,
      topics: ["maps"],
      language: "Go",
      defaultBranch: "main",
      createdAt: "2024-01-01T00:00:00Z",
      pushedAt: null,
      updatedAt: "2024-02-01T00:00:00Z",
      size: 120,
      stargazers: 4,
      archived: false,
    });
  });
  test("renamedFrom only when the requested name differs beyond case", () => {
    expect(toGhRepo(full, "alice/trail-planner").renamedFrom).toBe("alice/trail-planner");
    expect(toGhRepo(full, "Alice/TrailMap").renamedFrom).toBeUndefined();
  });
  test("a listing item without parent; garbage yields neutral values", () => {
    expect(toGhRepo({ full_name: "a/b", fork: true }).parent).toBeUndefined();
    expect(toGhRepo(null)).toMatchObject({ fullName: "", fork: false, topics: [], defaultBranch: "main" });
  });
});

describe("toGhCommit", () => {
  const item = {
    sha: "abc",
    commit: {
      author: { name: "A", email: "a@x", date: "2024-01-01T00:00:00Z" },
      committer: { name: "GitHub", email: "noreply@github.com", date: "2024-01-02T00:00:00Z" },
      message: "msg",
      verification: { verified: true },
    },
    author: null,
    committer: { login: "web-flow" },
    parents: [{ sha: "p1" }, { sha: "p2" }],
  };
  test("unlinked author -> null login; both dates kept; parents counted", () => {
    expect(toGhCommit(item)).toEqual({
      sha: "abc",
      authorLogin: null,
      authorName: "A",
      authorEmail: "a@x",
      authorDate: "2024-01-01T00:00:00Z",
      committerLogin: "web-flow",
      committerName: "GitHub",
      committerEmail: "noreply@github.com",
      committerDate: "2024-01-02T00:00:00Z",
      message: "msg",
      parents: 2,
      verified: true,
    });
  });
  test("a single commit carries stats and file names", () => {
    const c = toGhCommit({
      ...item,
      stats: { additions: 5, deletions: 1, total: 6 },
      files: [{ filename: "a.ts" }, { filename: "b.ts" }],
    });
    expect(c.stats).toEqual({ additions: 5, deletions: 1, files: ["a.ts", "b.ts"] });
  });
  test("each file's additions are kept beside its name when GitHub gives them", () => {
    const c = toGhCommit({
      ...item,
      stats: { additions: 17_771, deletions: 0, total: 17_771 },
      files: [
        { filename: "src/App.js", additions: 765 },
        { filename: "package-lock.json", additions: 17_006 },
      ],
    });
    expect(c.stats?.fileAdditions).toEqual([765, 17_006]);
  });
  test("an empty-object author (GitHub's other shape) -> null login", () =>
    expect(toGhCommit({ ...item, author: {} }).authorLogin).toBeNull());
});

test("toGhUser and sameLogin", () => {
  expect(
    toGhUser({ login: "x", id: 7, type: "User", name: null, created_at: "2020-01-01T00:00:00Z", public_repos: 3 }),
  ).toEqual({
    login: "x",
    id: 7,
    type: "User",
    name: null,
    createdAt: "2020-01-01T00:00:00Z",
    publicRepos: 3,
  });
  expect(sameLogin("Alice", "alice")).toBe(true);
  expect(sameLogin(null, "alice")).toBe(false);
  expect(sameLogin("", "")).toBe(false);
});
