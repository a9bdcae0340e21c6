import { expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config/config.ts";

test("BODY_TIMEOUT and BODY_BUDGET_MB: defaults, values and refusals", () => {
  const d = loadConfig({});
  expect(d.bodyTimeoutMs).toBe(10_000);
  expect(d.bodyBudgetBytes).toBe(64 * 1024 * 1024);
  const c = loadConfig({ BODY_TIMEOUT: "30s", BODY_BUDGET_MB: "256" });
  expect(c.bodyTimeoutMs).toBe(30_000);
  expect(c.bodyBudgetBytes).toBe(256 * 1024 * 1024);
  expect(loadConfig({}, { "body-timeout": "2s", "body-budget-mb": "8" }).bodyTimeoutMs).toBe(2_000);
  for (const env of [
    { BODY_TIMEOUT: "10" },
    { BODY_TIMEOUT: "50ms" },
    { BODY_TIMEOUT: "5m" },
    { BODY_BUDGET_MB: "0" },
  ]) {
    expect(() => loadConfig(env)).toThrow(ConfigError);
  }
});

test("every bad security setting is listed at once", () => {
  let err: unknown = null;
  try {
    loadConfig({ BODY_TIMEOUT: "never", BODY_BUDGET_MB: "-1", METRICS_TOKEN: "short" });
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(ConfigError);
  const problems = (err as ConfigError).problems.join("\n");
  expect(problems).toContain("BODY_TIMEOUT");
  expect(problems).toContain("BODY_BUDGET_MB");
  expect(problems).toContain("METRICS_TOKEN");
});
