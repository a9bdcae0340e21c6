import { describe, expect, test } from "bun:test";
import { futureAuthorDate } from "../../../src/analysis/rules/future-author-date.ts";
import { commit, DAY, HOUR, honestHistory } from "../fixtures.ts";
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
