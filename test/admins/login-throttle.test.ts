import { describe, expect, test } from "bun:test";
import { decideLoginAttempt, type ThrottlePolicy, type UserFailure } from "../../src/admins/login-throttle.ts";

const P: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  maxPerPair: 5,
  maxPerAddress: 20,
  userAlarm: 10,
  userBackoffMs: 60_000,
};
const NOW = 1_000_000_000;
const HERE = "203.0.113.1";
const min = (m: number) => NOW - m * 60_000;
/** failures of the username from `address`, `mins` minutes ago each */
const from = (address: string, ...mins: number[]): UserFailure[] => mins.map((m) => ({ at: min(m), address }));
/** one failure each from `n` other addresses, `mins` minutes ago */
const spread = (n: number, mins = 1): UserFailure[] =>
  Array.from({ length: n }, (_, i) => ({ at: min(mins), address: `198.51.100.${i}` }));
const many = (n: number, minsAgo = 1) => Array.from({ length: n }, () => min(minsAgo));

const decide = (user: UserFailure[], address: number[] = [], policy = P) =>
  decideLoginAttempt({ now: NOW, address: HERE, userFailures: user, addressFailures: address, policy });

describe("decideLoginAttempt", () => {
  const cases: Array<[string, UserFailure[], number[], ReturnType<typeof decideLoginAttempt>]> = [
    ["no failures", [], [], { ok: true }],
    ["four from this address: one more try", from(HERE, 1, 2, 3, 4), [], { ok: true }],
    [
      "five from this address: it waits until the oldest leaves the window",
      from(HERE, 1, 2, 3, 4, 5),
      [],
      { ok: false, reason: "pair", retryAfterSeconds: 10 * 60 },
    ],
    ["five from other addresses, none from this one: it may try", spread(5), [], { ok: true }],
    [
      "five for the username from another address do not hold this one back",
      from("192.0.2.7", 1, 2, 3, 4, 5),
      [],
      { ok: true },
    ],
    ["failures older than the window do not count", from(HERE, 16, 20, 30, 40, 50, 60), [], { ok: true }],
    [
      "six in the window: the 2nd oldest of the last five decides",
      from(HERE, 1, 2, 3, 4, 5, 14),
      [],
      { ok: false, reason: "pair", retryAfterSeconds: 10 * 60 },
    ],
    ["nineteen from the address, any usernames: allowed", [], many(19), { ok: true }],
    ["twenty from the address", [], many(20, 3), { ok: false, reason: "address", retryAfterSeconds: 12 * 60 }],
    [
      "pair and address: the later release wins",
      from(HERE, 1, 2, 3, 4, 5),
      many(20, 1),
      { ok: false, reason: "address", retryAfterSeconds: 14 * 60 },
    ],
    [
      "unsorted input is fine",
      from(HERE, 5, 1, 4, 2, 3),
      [],
      { ok: false, reason: "pair", retryAfterSeconds: 10 * 60 },
    ],
    // the username under attack (ten failures from all addresses together)
    ["under attack, an address that never failed for it may try", spread(10), [], { ok: true }],
    [
      "under attack, an address with one failure waits the backoff after it",
      [...spread(9), ...from(HERE, 0.5)],
      [],
      { ok: false, reason: "user", retryAfterSeconds: 30 },
    ],
    [
      "the backoff doubles with each of the address's failures",
      [...spread(8), ...from(HERE, 3, 1)],
      [],
      { ok: false, reason: "user", retryAfterSeconds: 60 },
    ],
    ["once the backoff has passed it may try again", [...spread(9), ...from(HERE, 1.5)], [], { ok: true }],
    [
      "four failures of the address: 8 minutes after the last",
      [...spread(6), ...from(HERE, 14, 13, 12, 0)],
      [],
      { ok: false, reason: "user", retryAfterSeconds: 8 * 60 },
    ],
    ["nine failures are not yet an attack", [...spread(8), ...from(HERE, 0.5)], [], { ok: true }],
  ];
  for (const [name, user, address, expected] of cases) {
    test(name, () => expect(decide(user, address)).toEqual(expected));
  }

  test("the backoff doubles up to the window, no further", () => {
    const unpaired = { ...P, maxPerPair: 0 };
    expect(decide([...spread(4), ...from(HERE, 6, 5, 4, 3, 2, 0)], [], unpaired)).toEqual({
      ok: false,
      reason: "user",
      retryAfterSeconds: 15 * 60,
    });
  });

  test("limits of 0 disable their check; retryAfter is at least one second", () => {
    expect(
      decide(from(HERE, ...Array.from({ length: 50 }, () => 1)), [], { ...P, maxPerPair: 0, userAlarm: 0 }),
    ).toEqual({ ok: true });
    const edge = decide(
      Array.from({ length: 5 }, () => ({ at: NOW - P.windowMs + 1, address: HERE })),
      [],
    );
    expect(edge).toEqual({ ok: false, reason: "pair", retryAfterSeconds: 1 });
  });

  test("failures recorded without an address count for the username, never for a pair", () => {
    const legacy = Array.from({ length: 10 }, () => ({ at: min(1), address: null }));
    expect(decide(legacy)).toEqual({ ok: true });
    expect(decide([...legacy, ...from(HERE, 0.5)]).ok).toBe(false);
  });
});
