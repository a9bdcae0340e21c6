import { expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config/config.ts";
import { DEFAULT_JOB_DEADLINE_MS } from "../../src/jobs/worker.ts";

test("JOB_DEADLINE: 5 minutes by default (the worker's own default), set by environment or --job-deadline", () => {
  expect(loadConfig({}).jobDeadlineMs).toBe(DEFAULT_JOB_DEADLINE_MS);
  expect(DEFAULT_JOB_DEADLINE_MS).toBe(5 * 60_000);
  expect(loadConfig({ JOB_DEADLINE: "90s" }).jobDeadlineMs).toBe(90_000);
  expect(loadConfig({ JOB_DEADLINE: "90s" }, { "job-deadline": "10m" }).jobDeadlineMs).toBe(600_000);
});

test("a JOB_DEADLINE under a second is refused, naming the setting", () => {
  const err = (() => {
    try {
      loadConfig({ JOB_DEADLINE: "500ms" });
    } catch (e) {
      return e;
    }
  })();
  expect(err).toBeInstanceOf(ConfigError);
  expect((err as ConfigError).problems.join("\n")).toContain("JOB_DEADLINE (--job-deadline)");
});
