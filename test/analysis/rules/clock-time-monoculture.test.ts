import { describe, expect, test } from "bun:test";
import { clockTimeMonoculture } from "../../../src/analysis/rules/clock-time-monoculture.ts";
import { commit, DAY, HOUR, honestHistory, MIN } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const T0 = Date.parse("2024-01-01T00:00:00Z");
const honest = honestHistory(LOGIN, T0, 300, 120, 7);

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
