import { describe, expect, test } from "bun:test";
import { anchorCommits, traceArrivals } from "../../src/forges/evidence/arrivals.ts";
import type { GhCommit } from "../../src/github/types.ts";

const push = (at: string, before: string | null, after: string) => ({
  at,
  by: "a",
  ref: "main",
  before,
  after,
  commitCount: 0,
});

describe("traceArrivals", () => {
  // a - b - c - m (merge of c and x) - d ;  x branches from b
  const parents = new Map<string, string[]>([
    ["a", []],
    ["b", ["a"]],
    ["c", ["b"]],
    ["x", ["b"]],
    ["m", ["c", "x"]],
    ["d", ["m"]],
  ]);

  test("each push claims what its head reaches beyond its previous head, merged branches included", () => {
    const arrivals = traceArrivals(
      [
        push("2025-01-03T00:00:00Z", "c", "d"),
        push("2025-01-01T00:00:00Z", null, "b"),
        push("2025-01-02T00:00:00Z", "b", "c"),
      ],
      parents,
    );
    expect(Object.fromEntries(arrivals)).toEqual({
      a: "2025-01-01T00:00:00Z",
      b: "2025-01-01T00:00:00Z",
      c: "2025-01-02T00:00:00Z",
      m: "2025-01-03T00:00:00Z",
      x: "2025-01-03T00:00:00Z",
      d: "2025-01-03T00:00:00Z",
    });
  });

  test("a commit no recorded push reaches keeps no arrival; unknown heads are ignored", () => {
    const arrivals = traceArrivals(
      [push("2025-01-02T00:00:00Z", "b", "c"), push("2025-01-05T00:00:00Z", "c", "zz")],
      parents,
    );
    expect([...arrivals.keys()]).toEqual(["c"]);
  });

  test("coverage: complete when a branch-creating push was seen, else known only since the given time", () => {
    const commit = { sha: "b" } as GhCommit;
    const full = anchorCommits(
      "gitlab-push-events",
      [push("2025-01-01T00:00:00Z", null, "b")],
      parents,
      [commit],
      "2024-01-01T00:00:00Z",
    );
    expect(full.coversSince).toBeUndefined();
    expect(full.arrivals).toEqual({ b: "2025-01-01T00:00:00Z" });
    const part = anchorCommits(
      "gitlab-push-events",
      [push("2025-01-02T00:00:00Z", "b", "c")],
      parents,
      [commit],
      "2024-01-01T00:00:00Z",
    );
    expect(part.coversSince).toBe("2024-01-01T00:00:00Z");
    expect(part.arrivals).toEqual({});
  });
});
