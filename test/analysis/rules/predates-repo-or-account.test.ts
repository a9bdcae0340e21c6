import { describe, expect, test } from "bun:test";
import { predatesRepoOrAccount } from "../../../src/analysis/rules/predates-repo-or-account.ts";
import { commit, DAY } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

describe("PREDATES_REPO_OR_ACCOUNT", () => {
  const created = "2024-06-01T00:00:00Z";
  const before = (n: number) =>
    Array.from({ length: n }, (_, i) => commit(LOGIN, Date.parse(created) - 100 * DAY + i * DAY));
  const after = (n: number) => Array.from({ length: n }, (_, i) => commit(LOGIN, Date.parse(created) + i * DAY));
  test.each([
    ["everything before the repository existed", [...before(30)], "WARNING", 1],
    ["a quarter of the history before it", [...before(5), ...after(15)], "WARNING", 0.25],
    ["a little earlier local work is normal", [...before(2), ...after(30)], null, 0],
    [
      "commits within 7 days before creation are fine",
      [commit(LOGIN, Date.parse(created) - 6 * DAY), ...after(5)],
      null,
      0,
    ],
  ])("%s", (_, commits, severity, share) => {
    const hit = predatesRepoOrAccount(ctxOf(commits as never, { repo: { createdAt: created } }));
    expect(hit?.severity ?? null).toBe(severity as never);
    if (hit) expect(hit.evidence.share).toBe(share as number);
  });

  test("a commit dated before the repository on top of later work: its dates were set by hand", () => {
    // a backdated root (ordinary early work), 4 commits after creation, then one committed 3 years "earlier"
    const c = Date.parse(created);
    const history = [commit(LOGIN, c - 900 * DAY), ...after(4), commit(LOGIN, c - 1000 * DAY)];
    const hit = predatesRepoOrAccount(ctxOf(history, { repo: { createdAt: created } }));
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.evidence.committedOutOfOrder).toBe(1);
    expect(hit?.message).toContain("1 of them sit on top of work committed after the repository existed");
    // the same two early commits beneath the later work are a little earlier local work
    const local = [commit(LOGIN, c - 1000 * DAY), commit(LOGIN, c - 900 * DAY), ...after(4)];
    expect(predatesRepoOrAccount(ctxOf(local, { repo: { createdAt: created } }))).toBeNull();
  });

  test("a rebase of old work onto new work keeps author dates but commits now: not out of order", () => {
    const c = Date.parse(created);
    const rebasedOnTop = [
      ...after(4),
      commit(LOGIN, c - 1000 * DAY, c + 10 * DAY),
      commit(LOGIN, c - 990 * DAY, c + 10 * DAY),
    ];
    expect(predatesRepoOrAccount(ctxOf(rebasedOnTop, { repo: { createdAt: created } }))).toBeNull();
  });

  test("commits before the account existed are named as such", () => {
    const hit = predatesRepoOrAccount(ctxOf(before(10), { repo: { createdAt: created }, userCreated: created }));
    expect(hit?.message).toContain("before the account was created (2024-06-01)");
  });
});
