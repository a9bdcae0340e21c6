import { describe, expect, test } from "bun:test";
import { generateApiKey, hashApiKey, looksLikeApiKey } from "../../src/accounts/api-keys.ts";
import { decideLimits, monthStartUtc, nextMonthStartUtc } from "../../src/accounts/limits.ts";

const now = Date.parse("2026-03-31T23:59:30Z");

describe("decideLimits", () => {
  test("within both limits", () => {
    expect(
      decideLimits({ now, monthlyQuota: 10, usedThisMonth: 3, ratePerMinute: 5, recentByKey: [now - 1000] }),
    ).toEqual({ ok: true, remainingQuota: 6, remainingRate: 3 });
  });
  test("0 means unlimited", () => {
    expect(
      decideLimits({ now, monthlyQuota: 0, usedThisMonth: 1e6, ratePerMinute: 0, recentByKey: Array(1000).fill(now) }),
    ).toMatchObject({ ok: true });
  });
  test("quota exhausted: retry when the month turns (UTC)", () => {
    expect(decideLimits({ now, monthlyQuota: 3, usedThisMonth: 3, ratePerMinute: 0, recentByKey: [] })).toMatchObject({
      ok: false,
      reason: "quota",
      retryAfterSeconds: 30,
    });
  });
  test("rate exhausted: retry when the oldest request that blocks leaves the window", () => {
    const recent = [now - 50_000, now - 20_000, now - 1_000];
    expect(
      decideLimits({ now, monthlyQuota: 0, usedThisMonth: 0, ratePerMinute: 3, recentByKey: recent }),
    ).toMatchObject({ ok: false, reason: "rate", retryAfterSeconds: 10 });
    expect(
      decideLimits({ now, monthlyQuota: 0, usedThisMonth: 0, ratePerMinute: 2, recentByKey: recent }),
    ).toMatchObject({ ok: false, reason: "rate", retryAfterSeconds: 40 });
  });
  test("requests older than the window do not count", () => {
    expect(
      decideLimits({ now, monthlyQuota: 0, usedThisMonth: 0, ratePerMinute: 1, recentByKey: [now - 60_000] }),
    ).toMatchObject({ ok: true });
  });
  test("month boundaries", () => {
    expect(new Date(monthStartUtc(now)).toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(new Date(nextMonthStartUtc(now)).toISOString()).toBe("2026-04-01T00:00:00.000Z");
    expect(new Date(nextMonthStartUtc(Date.parse("2026-12-15T00:00:00Z"))).toISOString()).toBe(
      "2027-01-01T00:00:00.000Z",
    );
  });
});

describe("API keys", () => {
  test("random, prefixed, >= 128 bits, only the hash is needed to check", () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^cck_[0-9a-z]{32}$/); // 32 chars x 5 bits = 160 bits
    expect(a.hash).toBe(hashApiKey(a.key));
    expect(a.hash).not.toContain(a.key.slice(4));
    expect(looksLikeApiKey(a.key)).toBe(true);
    expect(looksLikeApiKey("cck_short")).toBe(false);
    expect(a.key.startsWith(a.displayPrefix)).toBe(true);
  });
});
