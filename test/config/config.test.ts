import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config/config.ts";
import { parseDuration, parseDurationList } from "../../src/config/duration.ts";
import { SETTINGS, settingsHelp } from "../../src/config/settings.ts";

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

  test("FORGE_HOSTS and GITLAB_TOKEN: gitlab.com and codeberg.org by default, entries added, a bad one refused without its token", () => {
    expect(loadConfig({}).forgeHosts).toEqual([
      { host: "gitlab.com", kind: "gitlab", apiBase: "https://gitlab.com/api/v4", token: null },
      { host: "codeberg.org", kind: "gitea", apiBase: "https://codeberg.org/api/v1", token: null },
    ]);
    const c = loadConfig({
      GITLAB_TOKEN: "glpat-abc",
      FORGE_HOSTS: "git.example.com=gitlab,glpat-self; http://10.0.0.5:3000=forgejo",
    });
    expect(c.forgeHosts.map((h) => [h.host, h.kind, h.apiBase, h.token])).toEqual([
      ["gitlab.com", "gitlab", "https://gitlab.com/api/v4", "glpat-abc"],
      ["codeberg.org", "gitea", "https://codeberg.org/api/v1", null],
      ["git.example.com", "gitlab", "https://git.example.com/api/v4", "glpat-self"],
      ["10.0.0.5:3000", "gitea", "http://10.0.0.5:3000/api/v1", null],
    ]);
    expect(loadConfig({}, { "forge-hosts": "codeberg.org=forgejo,tok" }).forgeHosts[1]!.token).toBe("tok");
    const err = (() => {
      try {
        loadConfig({ FORGE_HOSTS: "git.example.com=svn,secret-token-123" });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err?.message).toContain("FORGE_HOSTS (--forge-hosts) = (value not shown)");
    expect(err?.message).toContain('entry 1: the kind after "=" is not gitlab, gitea or forgejo');
    expect(err?.message).not.toContain("secret-token-123");
    expect(err?.message).not.toContain("svn");
    expect(() => loadConfig({ GITLAB_TOKEN: "two words" })).toThrow("GITLAB_TOKEN");
  });

  test("a setting that may hold a token or password is never echoed in a start-up error", () => {
    const bad: Record<string, string> = {
      GITHUB_TOKENS: "ghp_LEAK1 ghp_LEAK2",
      METRICS_TOKEN: "LEAK-short",
      DATABASE_URL: "mysql://u:LEAKpw@db/x",
      GITLAB_TOKEN: "glpat LEAK3",
      FORGE_HOSTS: "git.x gitlab glpat-LEAK4",
    };
    for (const [name, value] of Object.entries(bad)) {
      let message = "";
      try {
        loadConfig({ [name]: value });
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toContain(`${name} (--`);
      expect(message).toContain("(value not shown)");
      expect(message).not.toContain("LEAK");
    }
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
    ["1.5s", 1500],
  ])("%s = %d ms", (text, ms) => expect(parseDuration(text)).toBe(ms));
  test.each(["", "s", "10 parsecs", "-1s", "1m5s", "250", "10"])("%p is rejected", (text) =>
    expect(parseDuration(text)).toBeNull(),
  );
  test("lists", () => {
    expect(parseDurationList("1m, 5m,30m")).toEqual([60_000, 300_000, 1_800_000]);
    expect(parseDurationList("1m,,5m")).toBeNull();
    expect(parseDurationList("1m,x")).toBeNull();
  });
});

describe("messages a person can act on", () => {
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
    } catch (e) {
      if (e instanceof ConfigError) return e.problems;
      throw e;
    }
    return [];
  };

  /** Every duration setting, found by its default (a number and a unit), so a new one is covered too. */
  const durationSettings = Object.values(SETTINGS).filter((s) => /^\d+(ms|s|m|h|d)(,|$)/.test(s.def));

  test("every duration setting refuses a bare number and says to write a unit", () => {
    expect(durationSettings.map((s) => s.env)).toContain("WEBHOOK_TIMEOUT");
    expect(durationSettings.length).toBeGreaterThanOrEqual(7);
    for (const s of durationSettings) {
      const problems = problemsOf({ [s.env]: "10" });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toStartWith(`${s.env} (--${s.flag}) = "10": `);
      expect(problems[0]).toContain("write 10s");
    }
    expect(problemsOf({ WEBHOOK_TIMEOUT: "10" })[0]).toBe(
      'WEBHOOK_TIMEOUT (--webhook-timeout) = "10": a duration needs a unit: write 10s for seconds (or 10ms, 10m, 10h)',
    );
    expect(problemsOf({ WEBHOOK_RETRY_SCHEDULE: "1m,5,30m" })[0]).toContain('"5": a duration needs a unit: write 5s');
    expect(loadConfig({ WEBHOOK_TIMEOUT: "10s" }).webhookTimeoutMs).toBe(10_000);
  });

  test("a number setting that is not a number says so in words", () => {
    expect(problemsOf({ PORT: "abc" })).toEqual(['PORT (--port) = "abc": must be a whole number from 0 to 65535']);
    expect(problemsOf({ PORT: "80.5" })[0]).toContain("must be a whole number from 0 to 65535");
    expect(problemsOf({ WORKER_CONCURRENCY: "" })[0]).toContain("must be a whole number from 1 to 256");
    expect(problemsOf({ BODY_BUDGET_MB: "1e3" })[0]).toContain("must be a whole number");
    expect(problemsOf({ PORT: "abc" }).join()).not.toContain("NaN");
    expect(loadConfig({ PORT: " 8081 " }).port).toBe(8081);
  });

  test("serve --help states each default once", () => {
    const help = settingsHelp();
    for (const line of help.split("\n")) expect(line.match(/\(default: /g)?.length ?? 0).toBe(1);
    expect(help).not.toContain("(default: none) (default");
    expect(help).toContain("(default: http://HOST:PORT)");
  });
});
