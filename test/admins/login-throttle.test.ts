import { describe, expect, test } from "bun:test";
import { decideLoginAttempt, type ThrottlePolicy } from "../../src/admins/login-throttle.ts";

const P: ThrottlePolicy = { windowMs: 15 * 60_000, maxPerUser: 5, maxPerAddress: 20 };
const NOW = 1_000_000_000;
const ago = (...mins: number[]) => mins.map((m) => NOW - m * 60_000);
const many = (n: number, minsAgo = 1) => Array.from({ length: n }, () => NOW - minsAgo * 60_000);

describe("decideLoginAttempt", () => {
  const cases: Array<[string, { user: number[]; address: number[] }, ReturnType<typeof decideLoginAttempt>]> = [
    ["no failures", { user: [], address: [] }, { ok: true }],
    ["four failures for the user: one more try", { user: ago(1, 2, 3, 4), address: [] }, { ok: true }],
    [
      "five for the user: wait until the oldest leaves the window",
      { user: ago(1, 2, 3, 4, 5), address: [] },
      { ok: false, reason: "user", retryAfterSeconds: 10 * 60 },
    ],
    ["failures older than the window do not count", { user: ago(16, 20, 30, 40, 50, 60), address: [] }, { ok: true }],
    [
      "six in the window: the 2nd oldest of the last five decides",
      { user: ago(1, 2, 3, 4, 5, 14), address: [] },
      { ok: false, reason: "user", retryAfterSeconds: 10 * 60 },
    ],
    ["nineteen from the address: allowed", { user: [], address: many(19) }, { ok: true }],
    [
      "twenty from the address",
      { user: [], address: many(20, 3) },
      { ok: false, reason: "address", retryAfterSeconds: 12 * 60 },
    ],
    [
      "both: the later release wins",
      { user: ago(1, 2, 3, 4, 5), address: many(20, 1) },
      { ok: false, reason: "address", retryAfterSeconds: 14 * 60 },
    ],
    [
      "unsorted input is fine",
      { user: ago(5, 1, 4, 2, 3), address: [] },
      { ok: false, reason: "user", retryAfterSeconds: 10 * 60 },
    ],
  ];
  for (const [name, input, expected] of cases) {
    test(name, () => {
      expect(
        decideLoginAttempt({ now: NOW, userFailures: input.user, addressFailures: input.address, policy: P }),
      ).toEqual(expected);
    });
  }

  test("a limit of 0 disables that check; retryAfter is at least one second", () => {
    expect(
      decideLoginAttempt({ now: NOW, userFailures: many(50), addressFailures: [], policy: { ...P, maxPerUser: 0 } }),
    ).toEqual({ ok: true });
    const edge = decideLoginAttempt({
      now: NOW,
      userFailures: Array.from({ length: 5 }, () => NOW - P.windowMs + 1),
      addressFailures: [],
      policy: P,
    });
    expect(edge).toEqual({ ok: false, reason: "user", retryAfterSeconds: 1 });
  });
});
