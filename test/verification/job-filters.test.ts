import { describe, expect, test } from "bun:test";
import { dayStartUtc, decodeCursor, encodeCursor, parseJobFilter } from "../../src/verification/job-filters.ts";

describe("parseJobFilter", () => {
  test("valid values pass through; empty ones are no filter", () => {
    const { filter, problems } = parseJobFilter({
      state: "FAILED",
      client: "acme",
      username: "octo",
      from: "2026-01-01",
      to: "2026-01-31",
      before: "1767225600000.vrf_abc",
      after: "",
    });
    expect(problems).toEqual([]);
    expect(filter).toEqual({
      state: "FAILED",
      client: "acme",
      username: "octo",
      from: "2026-01-01",
      to: "2026-01-31",
      before: { createdAt: 1767225600000, trackingId: "vrf_abc" },
      after: null,
    });
    expect(parseJobFilter({}).filter).toEqual({
      state: null,
      client: null,
      username: null,
      from: null,
      to: null,
      before: null,
      after: null,
    });
  });

  const bad: Array<[string, Record<string, string>, string]> = [
    ["unknown state", { state: "DONE" }, "state:"],
    ["lower-case spec state", { state: "completed" }, "state:"],
    ["client with a slash", { client: "a/b" }, "client:"],
    ["username with SQL wildcards", { username: "a%_" }, "username:"],
    ["username too long", { username: "a".repeat(40) }, "username:"],
    ["impossible date", { from: "2026-02-30" }, "from:"],
    ["not a date", { to: "yesterday" }, "to:"],
    ["cursor without id", { before: "123" }, "before:"],
    ["cursor with markup", { after: "1.<script>" }, "after:"],
  ];
  for (const [name, q, problem] of bad) {
    test(`drops and reports: ${name}`, () => {
      const { filter, problems } = parseJobFilter(q);
      expect(problems.length).toBe(1);
      expect(problems[0]!.startsWith(problem)).toBe(true);
      const key = Object.keys(q)[0] as keyof typeof filter;
      expect(filter[key]).toBeNull();
    });
  }

  test("both cursors: keeps before; from after to is reported", () => {
    const r = parseJobFilter({ before: "2.vrf_b", after: "1.vrf_a", from: "2026-03-02", to: "2026-03-01" });
    expect(r.filter.before).toEqual({ createdAt: 2, trackingId: "vrf_b" });
    expect(r.filter.after).toBeNull();
    expect(r.problems).toHaveLength(2);
  });
});

describe("days and cursors", () => {
  test("dayStartUtc", () => {
    expect(dayStartUtc("2026-01-31")).toBe(Date.UTC(2026, 0, 31));
    expect(dayStartUtc("2024-02-29")).toBe(Date.UTC(2024, 1, 29));
    expect(dayStartUtc("2025-02-29")).toBeNull();
    expect(dayStartUtc("2026-1-1")).toBeNull();
  });
  test("cursor round trip", () => {
    const c = { createdAt: 1767225600123, trackingId: "vrf_0123abc" };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
  });
});
