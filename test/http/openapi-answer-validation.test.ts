/**
 * The routes check their answers against the contract at run time: a result that breaks its schema is
 * never sent as it is, and the failure is the service's (500 internal_error, logged), not the client's;
 * a result that carries only the contract's fixed members (as one recorded by an earlier version may) is answered.
 */

import { afterEach, expect, test } from "bun:test";
import { createLogger } from "../../src/lib/log.ts";
import { fixedSteps, makePdf, pollUntil, type RunningTestApp, startTestApp, submit } from "../support/harness.ts";

let t: RunningTestApp | null = null;
afterEach(async () => {
  await t?.stop();
  t = null;
});

function recordingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, logger: createLogger("info", {}, (l) => lines.push(JSON.parse(l))) };
}

async function finalAnswer(app: RunningTestApp): Promise<Response> {
  const ack = (await (await submit(app.url, app.key, { resume: await makePdf(), hostUsername: "octocat" })).json()) as {
    trackingId: string;
  };
  return pollUntil(
    async () => {
      const res = await fetch(`${app.url}/v1/jobs/${ack.trackingId}`, {
        headers: { authorization: `Bearer ${app.key}` },
      });
      return res.headers.get("retry-after") === null ? res : null;
    },
    "the job's final answer",
    30_000,
  );
}

test("a result outside the schema is answered 500 internal_error and logged, never sent as it is", async () => {
  const { lines, logger } = recordingLogger();
  const base = fixedSteps();
  t = await startTestApp({
    logger,
    steps: {
      ...base,
      async analyze(input) {
        const part = await base.analyze(input);
        // a severity the contract does not know (the types refuse it; a bug could still make one)
        return { ...part, flags: [{ severity: "SEVERE", message: "made up" }] } as never;
      },
    },
  });
  const res = await finalAnswer(t);
  expect(res.status).toBe(500);
  expect(await res.json()).toEqual({
    error: "internal_error",
    message: "something went wrong; the service log has details",
  });
  expect(lines.map((l) => l.msg)).toContain("an answer does not match the API schema; sent internal_error instead");
});

test("a result with only the contract's fixed members (no extras) is answered as it is", async () => {
  t = await startTestApp({ steps: fixedSteps(64) });
  const res = await finalAnswer(t);
  expect(res.status).toBe(200);
  const body = (await res.json()) as Record<string, unknown>;
  expect(body.confidenceScore).toBe(64);
  expect(body.verifiedProjects).toEqual([
    { name: "tool", repoUrl: "github.com/octocat/tool", commits: 12, matchStrength: "HIGH" },
  ]);
});
