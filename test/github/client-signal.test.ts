/**
 * A verification's signal reaches every GitHub request and every wait for one (the retry plugin's backoff,
 * the rate gate's pause): once it aborts, the client's call ends at once with the signal's reason, and no
 * further request is sent. Each request's outcome is reported (GitHubAnswer) so the verification can
 * tell a person that GitHub does not answer.
 */
import { expect, test } from "bun:test";
import type { GitHubAnswer } from "../../src/github/conditional-fetch.ts";
import { budgetKey, createGitHubClient } from "../../src/github/github-client.ts";
import { RateGate } from "../../src/github/rate-gate.ts";
import { freshDb } from "./fixtures.ts";

test("an abort ends a call waiting between retries at once; each failed request was reported", async () => {
  let sent = 0;
  const answers: GitHubAnswer[] = [];
  const ctrl = new AbortController();
  const client = createGitHubClient({
    baseUrl: "https://gh.test",
    token: "t",
    db: freshDb(),
    gate: new RateGate(),
    retries: 3,
    backoffUnitMs: 60_000, // a retry would wait a minute: only the abort can end the call in time
    signal: ctrl.signal,
    onAnswer: (a) => answers.push(a),
    fetch: async () => {
      sent++;
      throw Object.assign(new Error("Unable to connect"), { code: "ECONNREFUSED" });
    },
  });
  const call = client.get("/users/{username}", { username: "dev" }).catch((e: unknown) => e);
  while (sent === 0) await Bun.sleep(1);
  const reason = new Error("the job passed its deadline");
  ctrl.abort(reason);
  expect(await call).toBe(reason);
  expect(sent).toBe(1);
  expect(answers).toEqual([{ ok: false, problem: "ECONNREFUSED: Unable to connect" }]);
});

test("answers below 500 are reported as GitHub answering, 5xx as a problem", async () => {
  const answers: GitHubAnswer[] = [];
  const statuses = [502, 404];
  const client = createGitHubClient({
    baseUrl: "https://gh.test",
    token: "t",
    db: freshDb(),
    gate: new RateGate(),
    retries: 1,
    backoffUnitMs: 1,
    onAnswer: (a) => answers.push(a),
    fetch: async () => new Response("{}", { status: statuses.shift() ?? 200 }),
  });
  expect((await client.get("/users/{username}", { username: "gone" }, [404])).status).toBe(404);
  expect(answers).toEqual([{ ok: false, problem: "GitHub answered 502" }, { ok: true }]);
});

test("a call waiting out a secondary-limit pause ends when the signal aborts, and sends nothing", async () => {
  let sent = 0;
  const gate = new RateGate(undefined, { sleep: () => new Promise(() => {}) }); // a pause that would never end
  const client = createGitHubClient({
    baseUrl: "https://gh.test",
    token: "t",
    db: freshDb(),
    gate,
    fetch: async () => {
      sent++;
      return new Response("{}");
    },
  });
  const ctrl = new AbortController();
  const paused = createGitHubClient({
    baseUrl: "https://gh.test",
    token: "t",
    db: freshDb(),
    gate,
    signal: ctrl.signal,
    fetch: async () => {
      sent++;
      return new Response("{}");
    },
  });
  await client.get("/rate_limit"); // the budget exists
  gate.pause(budgetKey("https://gh.test", "t", "core"), 30_000);
  const call = paused.get("/users/{username}", { username: "dev" }).catch((e: unknown) => e);
  const reason = new Error("lease lost");
  ctrl.abort(reason);
  expect(await call).toBe(reason);
  expect(sent).toBe(1);
});
