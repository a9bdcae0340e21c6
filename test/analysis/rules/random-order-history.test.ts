import { describe, expect, test } from "bun:test";
import { randomOrderHistory } from "../../../src/analysis/rules/random-order-history.ts";
import { commit, DAY, honestHistory, rng } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T00:00:00Z");
const honest = honestHistory(LOGIN, T0, 300, 120, 7);

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
