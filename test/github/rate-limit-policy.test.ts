import { describe, expect, test } from "bun:test";
import { classifyFailure, readRateLimit, SECONDARY_FALLBACK_MS } from "../../src/github/rate-limit-policy.ts";

const NOW = Date.parse("2026-01-01T00:00:00Z");
const RESET = NOW / 1000 + 1800;
const spent = { "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(RESET) };

describe("readRateLimit", () => {
  test("reads the window (reset in epoch seconds -> ms)", () => {
    expect(readRateLimit({ ...spent, "x-ratelimit-remaining": "12" })).toEqual({
      limit: 60,
      remaining: 12,
      resetAt: RESET * 1000,
    });
  });
  test("works on a Headers object", () => {
    expect(readRateLimit(new Headers(spent))).toEqual({ limit: 60, remaining: 0, resetAt: RESET * 1000 });
  });
  test("null when absent or malformed", () => {
    expect(readRateLimit({})).toBeNull();
    expect(readRateLimit({ ...spent, "x-ratelimit-reset": "soon" })).toBeNull();
  });
});

describe("classifyFailure", () => {
  const cases: Array<[string, number, Record<string, string>, string, ReturnType<typeof classifyFailure>]> = [
    [
      "primary, 403",
      403,
      spent,
      "API rate limit exceeded for 1.2.3.4.",
      { kind: "primary-limit", resetAt: RESET * 1000 },
    ],
    ["primary, 429", 429, spent, "API rate limit exceeded", { kind: "primary-limit", resetAt: RESET * 1000 }],
    [
      "primary with a reset in the past resets now",
      403,
      { ...spent, "x-ratelimit-reset": String(NOW / 1000 - 5) },
      "API rate limit exceeded",
      { kind: "primary-limit", resetAt: NOW },
    ],
    [
      "secondary with retry-after",
      403,
      {
        "retry-after": "30",
        "x-ratelimit-remaining": "4000",
        "x-ratelimit-limit": "5000",
        "x-ratelimit-reset": String(RESET),
      },
      "You have exceeded a secondary rate limit",
      { kind: "secondary-limit", retryAfterMs: 30_000, resetAt: NOW + 30_000 },
    ],
    [
      "secondary by message only",
      429,
      {},
      "You have exceeded a secondary rate limit.",
      { kind: "secondary-limit", retryAfterMs: SECONDARY_FALLBACK_MS, resetAt: NOW + SECONDARY_FALLBACK_MS },
    ],
    [
      "secondary wins over remaining 0",
      403,
      { ...spent, "retry-after": "5" },
      "secondary rate limit",
      { kind: "secondary-limit", retryAfterMs: 5000, resetAt: NOW + 5000 },
    ],
    [
      "rate-limit message without headers",
      403,
      {},
      "API rate limit exceeded",
      { kind: "primary-limit", resetAt: NOW + SECONDARY_FALLBACK_MS },
    ],
    [
      "plain 403 (forbidden) is not a limit",
      403,
      { "x-ratelimit-remaining": "10", "x-ratelimit-limit": "60", "x-ratelimit-reset": String(RESET) },
      "Resource not accessible",
      { kind: "client-error" },
    ],
    ["401", 401, {}, "Bad credentials", { kind: "bad-credentials" }],
    ["500", 500, {}, "Server Error", { kind: "unavailable" }],
    ["502", 502, {}, "Bad Gateway", { kind: "unavailable" }],
    ["transport error (status 0)", 0, {}, "ECONNREFUSED", { kind: "unavailable" }],
    ["404", 404, {}, "Not Found", { kind: "client-error" }],
    ["422", 422, {}, "No commit found", { kind: "client-error" }],
  ];
  for (const [name, status, headers, message, expected] of cases)
    test(name, () => expect(classifyFailure(status, headers, message, NOW)).toEqual(expected));
});
