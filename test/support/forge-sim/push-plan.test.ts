import { describe, expect, test } from "bun:test";
import type { CommitSpec } from "../github-sim/git-writer.ts";
import { planPushes } from "./push-plan.ts";

const me = { name: "a", email: "a@example.com" };
const at = (iso: string): CommitSpec => ({ author: me, authorDate: iso, message: "m" });
const T = (iso: string) => Date.parse(iso);

describe("planPushes", () => {
  test("an honest history is pushed session by session, a few minutes after each session's last commit", () => {
    const commits = [at("2025-01-01T10:00:00Z"), at("2025-01-01T11:00:00Z"), at("2025-01-03T09:00:00Z")];
    expect(planPushes({ commits, createdAt: T("2025-01-01T09:00:00Z") })).toEqual([
      { at: T("2025-01-01T11:05:00Z"), from: 0, to: 2 },
      { at: T("2025-01-03T09:05:00Z"), from: 2, to: 3 },
    ]);
  });

  test("commits dated before the repository existed arrive together with the first push after creation", () => {
    const commits = [at("2023-01-01T10:00:00Z"), at("2023-06-01T10:00:00Z"), at("2025-02-01T10:00:00Z")];
    const plan = planPushes({ commits, createdAt: T("2025-01-10T00:00:00Z") });
    expect(plan).toEqual([
      { at: T("2025-01-10T00:01:00Z"), from: 0, to: 2 },
      { at: T("2025-02-01T10:05:00Z"), from: 2, to: 3 },
    ]);
  });

  test("pushedAt dates the last push; explicit pushes are taken as given and must cover every commit", () => {
    const commits = [at("2024-01-01T10:00:00Z"), at("2024-02-01T10:00:00Z")];
    const plan = planPushes({ commits, createdAt: T("2025-06-01T00:00:00Z"), pushedAt: "2025-06-01T00:09:00Z" });
    expect(plan).toEqual([{ at: T("2025-06-01T00:09:00Z"), from: 0, to: 2 }]);
    const given = planPushes({
      commits,
      createdAt: 0,
      pushes: [
        { at: 5, commits: 1, by: "b" },
        { at: 9, commits: 1 },
      ],
    });
    expect(given).toEqual([
      { at: 5, from: 0, to: 1, by: "b" },
      { at: 9, from: 1, to: 2 },
    ]);
    expect(() => planPushes({ commits, createdAt: 0, pushes: [{ at: 5, commits: 1 }] })).toThrow(/bring 1 commits/);
  });
});
