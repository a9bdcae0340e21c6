import { describe, expect, test } from "bun:test";
import {
  afterFailure,
  attemptsPerRound,
  type DeliveryState,
  type WebhookStatus,
  webhookStatusOf,
} from "../../src/webhooks/retry-schedule.ts";

const M = 60_000;
const H = 60 * M;
const DEFAULT = [1 * M, 5 * M, 30 * M, 2 * H, 8 * H];

describe("afterFailure (the default schedule: 1m, 5m, 30m, 2h, 8h)", () => {
  const t0 = 1_000_000;
  const table: Array<[number, ReturnType<typeof afterFailure>]> = [
    [1, { kind: "retry", at: t0 + 1 * M, delayMs: 1 * M }],
    [2, { kind: "retry", at: t0 + 5 * M, delayMs: 5 * M }],
    [3, { kind: "retry", at: t0 + 30 * M, delayMs: 30 * M }],
    [4, { kind: "retry", at: t0 + 2 * H, delayMs: 2 * H }],
    [5, { kind: "retry", at: t0 + 8 * H, delayMs: 8 * H }],
    [6, { kind: "exhausted" }],
    [7, { kind: "exhausted" }],
  ];
  test.each(table)("after failure %d", (n, expected) => {
    expect(afterFailure(n, DEFAULT, t0)).toEqual(expected);
  });

  test("each delay counts from the failure it follows, so six attempts span ~10.6 h plus attempt time", () => {
    let t = 0;
    let attempts = 1;
    for (let n = 1; ; n++) {
      const d = afterFailure(n, DEFAULT, t + 10_000); // every attempt takes 10 s (the timeout)
      if (d.kind === "exhausted") break;
      t = d.at;
      attempts++;
    }
    expect(attempts).toBe(attemptsPerRound(DEFAULT));
    expect(attempts).toBe(6);
    expect(t).toBe(DEFAULT.reduce((a, b) => a + b) + 5 * 10_000);
  });

  test("an empty schedule means one attempt only; a bad count is a programming error", () => {
    expect(afterFailure(1, [], 0)).toEqual({ kind: "exhausted" });
    expect(attemptsPerRound([])).toBe(1);
    expect(() => afterFailure(0, DEFAULT, 0)).toThrow(RangeError);
    expect(() => afterFailure(1.5, DEFAULT, 0)).toThrow(RangeError);
  });
});

describe("webhookStatusOf", () => {
  const table: Array<[DeliveryState | null, WebhookStatus]> = [
    ["pending", "pending"],
    ["retrying", "retrying"],
    ["delivered", "delivered"],
    ["failed", "webhook_failed"],
    [null, "not_configured"],
  ];
  test.each(table)("%p -> %s", (state, status) => expect(webhookStatusOf(state)).toBe(status));
});
