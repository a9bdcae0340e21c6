import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config/config.ts";
import { parseDuration, parseDurationList } from "../../src/config/duration.ts";

describe("loadConfig", () => {
  test("embedded defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      githubApiUrl: "https://api.github.com",
      githubToken: null,
      workerConcurrency: 4,
      webhookTimeoutMs: 10_000,
      webhookRetryScheduleMs: [60_000, 300_000, 1_800_000, 7_200_000, 28_800_000],
      webhookConcurrency: 16,
      dbSynchronous: "FULL",
      logLevel: "info",
      maxResumeBytes: 10 * 1024 * 1024,
    });
    expect(c.dbPath).toEndWith("/data/claimcheck.db");
    expect(Object.isFrozen(c)).toBe(true);
  });

  test("flags win over the environment, which wins over defaults", () => {
    const c = loadConfig(
      { PORT: "9000", WORKER_CONCURRENCY: "8", GITHUB_API_URL: "https://ghe.local/api/v3/" },
      { port: "9100" },
    );
    expect(c.port).toBe(9100);
    expect(c.workerConcurrency).toBe(8);
    expect(c.githubApiUrl).toBe("https://ghe.local/api/v3");
    expect(loadConfig({ DB_SYNCHRONOUS: "normal" }).dbSynchronous).toBe("NORMAL");
    expect(() => loadConfig({ DB_SYNCHRONOUS: "OFF" })).toThrow("DB_SYNCHRONOUS");
  });

  test("PostgreSQL pool and timeouts: defaults, durations, and a clear error for values out of range", () => {
    const d = loadConfig({});
    expect([d.dbPoolSize, d.dbStatementTimeoutMs, d.dbConnectTimeoutMs]).toEqual([10, 15_000, 10_000]);
    const c = loadConfig({ DB_POOL_SIZE: "4", DB_STATEMENT_TIMEOUT: "2s", DB_CONNECT_TIMEOUT: "3s" });
    expect([c.dbPoolSize, c.dbStatementTimeoutMs, c.dbConnectTimeoutMs]).toEqual([4, 2_000, 3_000]);
    expect(() => loadConfig({ DB_POOL_SIZE: "0" })).toThrow("DB_POOL_SIZE");
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT: "10ms" })).toThrow("DB_STATEMENT_TIMEOUT must be at least 100ms");
    expect(() => loadConfig({ DB_CONNECT_TIMEOUT: "soon" })).toThrow("DB_CONNECT_TIMEOUT");
  });

  test("GITHUB_TOKENS and GITHUB_TOKEN make one list of distinct tokens; GITHUB_CONCURRENCY defaults to 8, at most 100", () => {
    expect(loadConfig({}).githubTokens).toEqual([]);
    expect(loadConfig({}).githubConcurrency).toBe(8);
    const c = loadConfig({ GITHUB_TOKENS: " ghp_a, ghp_b ,,ghp_a", GITHUB_TOKEN: "ghp_c", GITHUB_CONCURRENCY: "3" });
    expect(c.githubTokens).toEqual(["ghp_a", "ghp_b", "ghp_c"]);
    expect(c.githubToken).toBe("ghp_c");
    expect(c.githubConcurrency).toBe(3);
    expect(() => loadConfig({ GITHUB_CONCURRENCY: "101" })).toThrow("GITHUB_CONCURRENCY");
    expect(() => loadConfig({ GITHUB_CONCURRENCY: "0" })).toThrow("GITHUB_CONCURRENCY");
    expect(() => loadConfig({ GITHUB_TOKENS: "ghp_a ghp_b" })).toThrow("GITHUB_TOKENS");
  });

  test("every problem is reported at once", () => {
    let err: unknown;
    try {
      loadConfig({
        PORT: "http",
        WORKER_CONCURRENCY: "0",
        WEBHOOK_TIMEOUT: "soon",
        WEBHOOK_RETRY_SCHEDULE: "1m,,2h",
        LOG_LEVEL: "loud",
        GITHUB_API_URL: "ftp://x",
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems;
    expect(problems).toHaveLength(6);
    for (const name of [
      "PORT",
      "WORKER_CONCURRENCY",
      "WEBHOOK_TIMEOUT",
      "WEBHOOK_RETRY_SCHEDULE",
      "LOG_LEVEL",
      "GITHUB_API_URL",
    ]) {
      expect(problems.some((p) => p.startsWith(name))).toBe(true);
    }
  });
});

describe("durations", () => {
  test.each([
    ["10s", 10_000],
    ["500ms", 500],
    ["5m", 300_000],
    ["2h", 7_200_000],
    ["1d", 86_400_000],
    ["250", 250],
    ["1.5s", 1500],
  ])("%s = %d ms", (text, ms) => expect(parseDuration(text)).toBe(ms));
  test.each(["", "s", "10 parsecs", "-1s", "1m5s"])("%p is rejected", (text) => expect(parseDuration(text)).toBeNull());
  test("lists", () => {
    expect(parseDurationList("1m, 5m,30m")).toEqual([60_000, 300_000, 1_800_000]);
    expect(parseDurationList("1m,,5m")).toBeNull();
    expect(parseDurationList("1m,x")).toBeNull();
  });
});
