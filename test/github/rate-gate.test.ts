import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { budgetKey, createGitHubClient } from "../../src/github/github-client.ts";
import { chooseToken } from "../../src/github/github-source.ts";
import { RateGate, reserveOf } from "../../src/github/rate-gate.ts";
import { GitHubRateLimitedError } from "../../src/github/types.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";

const clock = new ManualClock();
let sim: GitHubSimulator;
beforeAll(async () => {
  sim = await startGitHubSimulator({ clock, users: [{ login: "dev", createdAt: "2020-01-01T00:00:00Z" }] });
});
afterAll(() => sim.stop());

describe("rate gate", () => {
  test("admits until remaining minus in-flight reaches the reserve, then refuses with the reset", async () => {
    const gate = new RateGate(undefined, { clock });
    const resetAt = clock.now() + 3_600_000;
    gate.record("b", { limit: 5000, remaining: reserveOf(5000) + 2, resetAt });
    await gate.admit("b");
    await gate.admit("b");
    const err = await gate.admit("b").catch((e) => e);
    expect(err).toBeInstanceOf(GitHubRateLimitedError);
    expect((err as GitHubRateLimitedError).resetAt).toBe(resetAt);
    gate.release("b");
    await gate.admit("b"); // a request answered frees its place
    clock.advance(3_600_001);
    await gate.admit("b"); // past the reset: the old window no longer holds anyone back
  });

  test("answers arriving out of order: the lowest remaining of one window wins, a new reset replaces it", () => {
    const gate = new RateGate(undefined, { clock });
    const resetAt = clock.now() + 1000;
    gate.record("b", { limit: 60, remaining: 10, resetAt });
    gate.record("b", { limit: 60, remaining: 12, resetAt });
    expect(gate.window("b")?.remaining).toBe(10);
    gate.record("b", { limit: 60, remaining: 59, resetAt: resetAt + 3_600_000 });
    expect(gate.window("b")?.remaining).toBe(59);
  });

  test("a secondary limit pauses every request on the budget for its Retry-After; a long one defers", async () => {
    const waited: number[] = [];
    const { promise: over, resolve: end } = Promise.withResolvers<void>();
    const gate = new RateGate(undefined, {
      clock,
      maxPauseMs: 10_000,
      sleep: (ms) => {
        waited.push(ms);
        return over;
      },
    });
    gate.pause("b", 3000);
    const both = Promise.all([gate.admit("b"), gate.admit("b")]);
    await Promise.resolve();
    expect(waited).toEqual([3000, 3000]);
    clock.advance(3000);
    end();
    await both;
    gate.pause("b", 60_000);
    expect(await gate.admit("b").catch((e) => e)).toBeInstanceOf(GitHubRateLimitedError);
  });

  test("pick keeps the preferred token while it has budget, else the one with most left, else the first reset", () => {
    const gate = new RateGate(undefined, { clock });
    const t = clock.now();
    expect(gate.pick(["a", "b", "c"], 4)).toBe(1);
    gate.record("b", { limit: 5000, remaining: 10, resetAt: t + 50_000 });
    gate.record("c", { limit: 5000, remaining: 4000, resetAt: t + 60_000 });
    expect(gate.pick(["a", "b", "c"], 1)).toBe(0); // "a" never reported: unknown is plenty
    gate.record("a", { limit: 5000, remaining: 0, resetAt: t + 90_000 });
    expect(gate.pick(["a", "b", "c"], 1)).toBe(2);
    gate.record("c", { limit: 5000, remaining: 1, resetAt: t + 60_000 });
    expect(gate.pick(["a", "b", "c"], 0)).toBe(1); // all at the reserve: the one resetting first
  });

  test("two clients sharing a gate: once one saw the budget at the reserve, the other sends nothing", async () => {
    const gate = new RateGate(undefined, { clock });
    const make = () => createGitHubClient({ baseUrl: sim.url, token: "tok", clock, gate, backoffUnitMs: 1 });
    const first = make();
    sim.rateLimit.set({ limit: 5000, remaining: reserveOf(5000) + 1 }, "tok");
    await first.get("/users/{username}", { username: "dev" });
    const second = make();
    const sent = sim.callLog.length;
    expect(await second.get("/users/{username}", { username: "dev" }).catch((e) => e)).toBeInstanceOf(
      GitHubRateLimitedError,
    );
    expect(sim.callLog.length).toBe(sent);
  });
});

describe("several tokens", () => {
  test("a candidate keeps its token while it has budget; a spent token's candidates move to another", () => {
    const gate = new RateGate(undefined, { clock });
    const tokens = ["t1", "t2", "t3"];
    const base = "https://api.github.com";
    const pick = (login: string) => chooseToken({ baseUrl: base, tokens, affinity: login, gate });
    const logins = Array.from({ length: 60 }, (_, i) => `candidate-${i}`);
    const first = logins.map(pick);
    expect(logins.map(pick)).toEqual(first); // stable: re-verifications meet their cache
    for (const t of tokens) expect(first.filter((x) => x === t).length).toBeGreaterThan(5); // spread
    gate.record(budgetKey(base, "t1", "core"), { limit: 5000, remaining: 0, resetAt: clock.now() + 60_000 });
    gate.record(budgetKey(base, "t3", "core"), { limit: 5000, remaining: 4000, resetAt: clock.now() + 60_000 });
    const after = logins.map(pick);
    expect(after).not.toContain("t1");
    for (const [i, t] of first.entries()) if (t !== "t1") expect(after[i]).toBe(t);
    expect(chooseToken({ baseUrl: base, tokens: [], token: "solo" })).toBe("solo");
    // over GraphQL the points budget decides: a token out of points is passed over, whatever its REST budget
    gate.record(budgetKey(base, "t2", "graphql"), { limit: 5000, remaining: 0, resetAt: clock.now() + 60_000 });
    const overGraphql = logins.map((l) => chooseToken({ baseUrl: base, tokens, affinity: l, gate }, "graphql"));
    expect(overGraphql).not.toContain("t2");
    expect(overGraphql).toContain("t1");
  });
});
