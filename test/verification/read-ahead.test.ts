/**
 * The account read while the resume is read: the job begins the GitHub reads that need only the login
 * before it hands the PDF to a reader, and the first analysis reads on from them (nothing asked twice).
 * Whatever happens to them (an abort, a spent budget, another login) ends as the analysis's own read would.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/config/config.ts";
import type { GitHubAnswer } from "../../src/github/conditional-fetch.ts";
import { budgetKey } from "../../src/github/github-client.ts";
import { RateGate } from "../../src/github/rate-gate.ts";
import { GitHubRateLimitedError, GitHubUnavailableError } from "../../src/github/types.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { openStorage } from "../../src/storage/backend.ts";
import { productionSteps } from "../../src/verification/production-steps.ts";
import type { ReadAhead, VerificationSteps } from "../../src/verification/verification-job.ts";
import { perfectExtraction } from "../demo/resume-pdf.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { FOUR_PROJECTS, fourProjectCandidate } from "../support/github-sim/scenarios/index.ts";
import { fixedSteps, makePdf, pollUntil, startTestApp, submit, verifyAndWait } from "../support/harness.ts";

const FOUR = FOUR_PROJECTS;
const four = (login: string) => fourProjectCandidate(login);
const resumeOf = (login: string) =>
  perfectExtraction({
    name: login,
    githubLogin: login,
    projects: FOUR.map((p) => ({ name: p.name, repoUrl: `github.com/${login}/${p.name}` })),
  });

describe("the job begins the GitHub reads before the resume is read", () => {
  /** Steps that record what the job asked of them, in order; `failFirst`: the first analysis finds GitHub silent. */
  const recording = (failFirst = false) => {
    const seen: string[] = [];
    const fixed = fixedSteps(80);
    let analyses = 0;
    const steps: VerificationSteps = {
      readAhead({ hostUsername }) {
        seen.push(`readAhead ${hostUsername}`);
        return { hostUsername };
      },
      async extract(pdf, signal, owner) {
        seen.push("extract");
        return fixed.extract(pdf, signal, owner);
      },
      async analyze(input) {
        seen.push(`analyze ${input.readAhead ? `with ${input.readAhead.hostUsername}'s read-ahead` : "afresh"}`);
        if (failFirst && analyses++ === 0) {
          input.onGitHub?.({ ok: false, problem: "GitHub answered 502" });
          throw new GitHubUnavailableError("GitHub answered 502", 502);
        }
        return fixed.analyze(input);
      },
    };
    return { steps, seen };
  };
  test("begun with the job's login before the reading; its token goes to the analysis", async () => {
    const { steps, seen } = recording();
    const t = await startTestApp({ steps });
    try {
      const done = await verifyAndWait(t.url, t.key, { resume: await makePdf(), hostUsername: "octo-dev" });
      expect(done.status).toBe("COMPLETED");
      expect(seen).toEqual(["readAhead octo-dev", "extract", "analyze with octo-dev's read-ahead"]);
    } finally {
      await t.stop();
    }
  });

  test("a verification of accounts on other hosts alone begins nothing on GitHub", async () => {
    const { steps, seen } = recording();
    const t = await startTestApp({ steps, env: { FORGE_HOSTS: "git.example.com=gitlab" } });
    try {
      const res = await submit(t.url, t.key, { resume: await makePdf(), hostUsername: "git.example.com:asmith" });
      expect(res.status).toBe(202);
      const { trackingId } = (await res.json()) as { trackingId: string };
      await pollUntil(async () => {
        const j = (await (
          await fetch(`${t.url}/v1/jobs/${trackingId}`, { headers: { authorization: `Bearer ${t.key}` } })
        ).json()) as { status: string };
        return j.status === "COMPLETED";
      }, "the verification to complete");
      expect(seen).toEqual(["extract", "analyze afresh"]);
    } finally {
      await t.stop();
    }
  });

  test("when GitHub failed the first analysis, the next reads afresh (what was begun may be what failed)", async () => {
    const { steps, seen } = recording(true);
    const t = await startTestApp({ steps });
    try {
      const done = await verifyAndWait(t.url, t.key, { resume: await makePdf(), hostUsername: "octo-dev" });
      expect(done.status).toBe("COMPLETED");
      expect(seen).toEqual(["readAhead octo-dev", "extract", "analyze with octo-dev's read-ahead", "analyze afresh"]);
    } finally {
      await t.stop();
    }
  }, 60_000);
});

describe("productionSteps: the read-ahead", () => {
  let sim: GitHubSimulator;
  beforeAll(async () => {
    sim = await startGitHubSimulator({ candidates: [four("ra-dev"), four("ra-other")] });
  });
  afterAll(() => sim.stop());

  const open = async (gate = new RateGate()) => {
    const db = await openStorage({ dbPath: ":memory:", databaseUrl: null });
    const steps = productionSteps({
      config: loadConfig({ GITHUB_API_URL: sim.url, GITHUB_TOKEN: "t" }),
      db,
      logger: silentLogger,
      gate,
    });
    return {
      steps,
      async close() {
        await steps.close();
        await db.close();
      },
    };
  };
  const graphqlCalls = (from: number) => sim.callLog.slice(from).filter((e) => e.graphql);

  test("the account is asked during the reading; the analysis asks nothing twice and hears every answer", async () => {
    const { steps, close } = await open();
    try {
      const before = sim.callLog.length;
      const token = steps.readAhead?.({ hostUsername: "ra-dev", signal: new AbortController().signal });
      await pollUntil(() => graphqlCalls(before).length === 1, "the account's request");
      const heard: GitHubAnswer[] = [];
      const out = await steps.analyze({
        hostUsername: "ra-dev",
        resume: resumeOf("ra-dev"),
        signal: new AbortController().signal,
        onGitHub: (a) => heard.push(a),
        ...(token ? { readAhead: token } : {}),
      });
      // the account, then the four histories (the long one's two pages) in one query
      expect(graphqlCalls(before)).toHaveLength(2);
      expect(heard).toEqual([{ ok: true }, { ok: true }]);
      expect(out.verifiedProjects.map((p) => p.commits)).toEqual(FOUR.map((p) => p.commits));
    } finally {
      await close();
    }
  });

  test("a read-ahead of another login is not used: the analysis reads its own account", async () => {
    const { steps, close } = await open();
    try {
      const token = steps.readAhead?.({ hostUsername: "ra-other", signal: new AbortController().signal });
      const before = sim.callLog.length;
      const out = await steps.analyze({
        hostUsername: "ra-dev",
        resume: resumeOf("ra-dev"),
        signal: new AbortController().signal,
        readAhead: token as ReadAhead,
      });
      expect(out.verifiedProjects.map((p) => p.repoUrl)).toEqual(FOUR.map((p) => `github.com/ra-dev/${p.name}`));
      expect(sim.callLog.slice(before).some((e) => e.graphql)).toBe(true);
    } finally {
      await close();
    }
  });

  test("the job's abort ends the read-ahead's request; the analysis that takes it up fails at once", async () => {
    const { steps, close } = await open();
    sim.setLatency(60_000);
    try {
      const job = new AbortController();
      const before = sim.callLog.length;
      const token = steps.readAhead?.({ hostUsername: "ra-dev", signal: job.signal });
      await pollUntil(() => graphqlCalls(before).length === 1, "the account's request");
      job.abort(new Error("lease lost"));
      const failed = await steps
        .analyze({
          hostUsername: "ra-dev",
          resume: resumeOf("ra-dev"),
          signal: job.signal,
          readAhead: token as ReadAhead,
        })
        .catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(Error);
      expect(graphqlCalls(before)).toHaveLength(1);
    } finally {
      sim.setLatency(0);
      await close();
    }
  });

  test("a spent budget refuses the read-ahead before GitHub; the analysis defers on it as on its own read", async () => {
    const spent = new RateGate();
    spent.record(budgetKey(sim.url, "t", "graphql"), { limit: 5000, remaining: 0, resetAt: Date.now() + 3_600_000 });
    spent.record(budgetKey(sim.url, "t", "core"), { limit: 5000, remaining: 0, resetAt: Date.now() + 3_600_000 });
    const { steps, close } = await open(spent);
    try {
      const before = sim.callLog.length;
      const signal = new AbortController().signal;
      const token = steps.readAhead?.({ hostUsername: "ra-dev", signal });
      const refused = await steps
        .analyze({ hostUsername: "ra-dev", resume: resumeOf("ra-dev"), signal, readAhead: token as ReadAhead })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(GitHubRateLimitedError);
      expect(sim.callLog.length).toBe(before);
    } finally {
      await close();
    }
  });
});
