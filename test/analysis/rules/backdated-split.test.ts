import { describe, expect, test } from "bun:test";
import { backdatedSplit } from "../../../src/analysis/rules/backdated-split.ts";
import { commit, DAY, HOUR, MIN } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T00:00:00Z");

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
