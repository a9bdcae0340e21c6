import { describe, expect, test } from "bun:test";
import { commitBurst } from "../../../src/analysis/rules/commit-burst.ts";
import { commit, DAY, HOUR } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T00:00:00Z");

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
