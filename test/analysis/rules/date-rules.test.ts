import { describe, expect, test } from "bun:test";
import { backdatedSplit } from "../../../src/analysis/rules/backdated-split.ts";
import { clockTimeMonoculture } from "../../../src/analysis/rules/clock-time-monoculture.ts";
import { commitBurst } from "../../../src/analysis/rules/commit-burst.ts";
import { futureAuthorDate } from "../../../src/analysis/rules/future-author-date.ts";
import { identicalAuthorTimestamps } from "../../../src/analysis/rules/identical-author-timestamps.ts";
import { predatesRepoOrAccount } from "../../../src/analysis/rules/predates-repo-or-account.ts";
import { randomOrderHistory } from "../../../src/analysis/rules/random-order-history.ts";
import { commit, DAY, HOUR, honestHistory, MIN, rng } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T00:00:00Z");
const honest = honestHistory(LOGIN, T0, 300, 120, 7);

describe("FUTURE_AUTHOR_DATE", () => {
  test.each([
    ["no future dates", [commit(LOGIN, T0), commit(LOGIN, T0 + DAY)], null],
    ["author 23 h after committer is tolerated", [commit(LOGIN, T0 + 23 * HOUR, T0)], null],
    ["one commit 3 days ahead is a WARNING", [commit(LOGIN, T0 + 3 * DAY, T0), commit(LOGIN, T0)], "WARNING"],
    // a future date gains nothing: an observation, CRITICAL only beside padding (corroborate.ts)
    [
      "two commits ahead are a WARNING",
      [commit(LOGIN, T0 + 3 * DAY, T0), commit(LOGIN, T0 + 9 * DAY, T0 + HOUR)],
      "WARNING",
    ],
  ])("%s", (_, commits, severity) => {
    expect(futureAuthorDate(ctxOf(commits))?.severity ?? null).toBe(severity as never);
  });

  test("an author date after the last push counts even when the committer date was forged too", () => {
    const late = Date.parse("2025-09-01T00:00:00Z");
    const hit = futureAuthorDate(
      ctxOf([commit(LOGIN, late, late), commit(LOGIN, late + DAY, late + DAY)], {
        repo: { pushedAt: "2025-06-01T00:00:00Z" },
      }),
    );
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.message).toStartWith("ana/tool: 2 of 2 commits claim an author date after");
  });

  test("the honest history has none", () => expect(futureAuthorDate(ctxOf(honest))).toBeNull());
});

describe("CLOCK_TIME_MONOCULTURE", () => {
  const painted = Array.from({ length: 60 }, (_, i) =>
    commit(LOGIN, T0 + i * DAY + 12 * HOUR, T0 + 400 * DAY + i * 1000),
  );
  const hourly = Array.from({ length: 60 }, (_, i) => commit(LOGIN, T0 + i * DAY + 20 * HOUR + (i % 50) * MIN));
  test.each([
    ["painter: every commit at 12:00:00", painted, "CRITICAL"],
    // regularity of the hour alone is a habit: an observation until padding corroborates it (corroborate.ts)
    ["every commit within one hour of the day", hourly, "INFO"],
    ["fewer than 30 commits are never judged", painted.slice(0, 29), null],
    ["the honest history spreads over the day", honest, null],
    [
      "fewer than 20 days are never judged",
      Array.from({ length: 40 }, (_, i) => commit(LOGIN, T0 + (i % 10) * DAY + 12 * HOUR)),
      null,
    ],
  ])("%s", (_, commits, severity) => {
    expect(clockTimeMonoculture(ctxOf(commits))?.severity ?? null).toBe(severity as never);
  });

  test("the message names the clock time", () => {
    expect(clockTimeMonoculture(ctxOf(painted))?.message).toBe(
      "ana/tool: 60 of 60 commits across 60 days were authored at exactly 12:00:00; no person commits at the same second day after day, a script that sets the date does",
    );
  });

  test("one hour of the day is worded as an observation with its innocent reading", () => {
    const msg = clockTimeMonoculture(ctxOf(hourly))?.message ?? "";
    expect(msg).toContain("100% of 60 commits across 60 days were authored between 20:00 and 21:00");
    expect(msg).toContain("People who commit right after a daily event");
    expect(msg).toContain("an observation, not a forgery");
  });
});

describe("IDENTICAL_AUTHOR_TIMESTAMPS", () => {
  const same = (n: number) => Array.from({ length: n }, (_, i) => commit(LOGIN, T0, T0 + i * MIN));
  test.each([
    [3, null, 0],
    [4, null, 0],
    [5, "WARNING", 0],
    [9, "WARNING", 0],
    // dates set by a tool or by hand: CRITICAL only beside padding (corroborate.ts)
    [10, "WARNING", 1],
  ])("%i commits on one author timestamp -> %p", (n, severity, setDates) => {
    const hit = identicalAuthorTimestamps(ctxOf(same(n as number)));
    expect(hit?.severity ?? null).toBe(severity as never);
    if (hit) expect(hit.evidence.setDates).toBe(setDates as number);
  });

  test("a scheduled job writing 2-3 commits per run: most commits share their second, none reaches 5", () => {
    // 120 runs over 120 days, each writing 2 or 3 commits in the same second
    const runs = Array.from({ length: 120 }, (_, d) =>
      Array.from({ length: 2 + (d % 2) }, () => commit(LOGIN, T0 + d * DAY + (d % 7) * 3600_000)),
    ).flat();
    const hit = identicalAuthorTimestamps(ctxOf(runs));
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.evidence.setDates).toBe(1);
    expect(hit?.message).toContain("a log dated to the day each entry describes does this too");
    expect(hit?.message).toContain(
      "300 of 300 commits (100%) share their author second with another, over 120 seconds",
    );
  });

  test("a few pairs in a long honest history (4 %, measured at most) are not flagged", () => {
    // 200 commits 5 hours apart; 8 pairs (16 commits, 8 %) share a second: under a quarter, and < 10 seconds
    const honest = Array.from({ length: 200 }, (_, i) =>
      commit(LOGIN, T0 + (i < 16 && i % 2 === 1 ? i - 1 : i) * 5 * 3600_000),
    );
    expect(identicalAuthorTimestamps(ctxOf(honest))).toBeNull();
  });

  test("many commits sharing a committer timestamp (a rebase) are not flagged", () => {
    const rebased = Array.from({ length: 30 }, (_, i) => commit(LOGIN, T0 + i * DAY, T0 + 40 * DAY));
    expect(identicalAuthorTimestamps(ctxOf(rebased))).toBeNull();
  });
});

describe("BACKDATED_SPLIT", () => {
  test("months of authoring committed within minutes is the example message", () => {
    const c = Array.from({ length: 230 }, (_, i) =>
      commit(LOGIN, Date.parse("2023-01-01T10:00:00Z") + i * 1.85 * DAY, Date.parse("2024-03-02T10:00:00Z") + i * 2000),
    );
    const hit = backdatedSplit(ctxOf(c));
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.message).toBe(
      "ana/tool: 227 of 230 commits were authored across 14 months but committed within 8 minutes on 2024-03-02; a rebase, a history rewrite or a maintainer committing old pull requests does this too",
    );
  });

  test.each([
    ["half the commits are backdated", 0.5, "WARNING"],
    ["a third backdated is not enough", 0.33, null],
  ])("%s", (_, share, severity) => {
    const n = 60;
    const c = Array.from({ length: n }, (_, i) =>
      i < n * (share as number)
        ? commit(LOGIN, T0 + i * 3 * DAY, T0 + 400 * DAY + i * MIN)
        : commit(LOGIN, T0 + 401 * DAY + i * HOUR),
    );
    expect(backdatedSplit(ctxOf(c))?.severity ?? null).toBe(severity as never);
  });

  test("a maintainer committing a few old pull requests weeks later has a low day ratio", () => {
    const c = Array.from({ length: 20 }, (_, i) => commit(LOGIN, T0 + i * DAY, T0 + i * DAY + 20 * DAY));
    expect(backdatedSplit(ctxOf(c))).toBeNull();
  });
});

describe("RANDOM_ORDER_HISTORY", () => {
  const r = rng(3);
  const random = Array.from({ length: 200 }, (_, i) =>
    commit(LOGIN, T0 + Math.floor(r() * 365) * DAY, T0 + 400 * DAY + i * 1000),
  );
  test.each([
    ["random author dates along the chain", random, "WARNING"],
    ["fewer than 50 commits are not judged", random.slice(0, 49), null],
    ["an ordered honest history", honest, null],
  ])("%s", (_, commits, severity) => {
    expect(randomOrderHistory(ctxOf(commits))?.severity ?? null).toBe(severity as never);
  });

  test("small backward jumps (a rebase reordering days) do not count", () => {
    const c = Array.from({ length: 80 }, (_, i) => commit(LOGIN, T0 + i * DAY + (i % 2 === 0 ? 0 : -2 * DAY)));
    expect(randomOrderHistory(ctxOf(c))).toBeNull();
  });
});

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

describe("COMMIT_BURST", () => {
  test.each([
    [199, 0, null],
    [200, 0, "WARNING"],
    [0, 500, "WARNING"],
    [0, 499, null],
  ])("%i commits in one hour, %i spread over one day", (inHour, inDay, severity) => {
    const base = Date.parse("2024-03-02T00:00:00Z");
    const c = [
      ...Array.from({ length: inHour as number }, (_, i) => commit(LOGIN, T0 - i * DAY, base + 10 * HOUR + i * 10_000)),
      ...Array.from({ length: inDay as number }, (_, i) => commit(LOGIN, T0 - i * DAY, base + i * 150_000)),
    ];
    expect(commitBurst(ctxOf(c))?.severity ?? null).toBe(severity as never);
  });
});
