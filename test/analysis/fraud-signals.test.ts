/**
 * The padding, claim and origin signals, and future dates' severity, on real histories (fraud corpus
 * fixtures: metadata of public repositories rebuilt with real git) in the GitHub simulator, through the
 * whole analysis over the GraphQL client; one of them also through the real server (createApp with the
 * production steps) from a typeset resume PDF.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runAnalysis } from "../../src/analysis/run-analysis.ts";
import type { AnalysisOutcome, Flag } from "../../src/analysis/types.ts";
import { createEvidenceSource } from "../../src/github/graphql/graphql-source.ts";
import { openDatabase } from "../../src/storage/database.ts";
import { FRAUD_CORPUS_FILE } from "../bench/fraud-corpus.ts";
import { type BuiltCorpusCandidate, buildCorpusCandidate, loadCorpus } from "../bench/honest-corpus-candidates.ts";
import { perfectExtraction, sampleResumePdf } from "../demo/resume-pdf.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { pathHistory } from "../support/github-sim/real/path-history.ts";
import * as S from "../support/github-sim/scenarios/index.ts";
import { type RunningTestApp, startTestApp, verifyAndWait } from "../support/harness.ts";

const corpus = loadCorpus(FRAUD_CORPUS_FILE);
const built = (login: string): BuiltCorpusCandidate =>
  buildCorpusCandidate(corpus.candidates.find((c) => c.login === login)!, corpus.dir);

const YEAR_MS = 365 * 86_400_000;
/** A real honest history (a Lua library, 221 commits over years) with twelve commits dated five years ahead ... */
function futureDated(): S.CandidateSpec {
  const login = "lena-clock";
  const scenario = pathHistory({
    file: "rxi+lume.json.gz",
    login,
    name: "lume",
    description: "Lua functions for games",
    label: { kind: "honest", expected: [], maxSeverity: "WARNING", notes: "12 commits dated five years ahead" },
    // ... for twelve commits: a machine whose clock jumped ahead, until someone fixed it
    transform: (at, ct) => ({
      authorAt: at.map((t, i) => (i >= 20 && i < 32 ? t + (5 * YEAR_MS) / 1000 : t)),
      committerAt: ct,
    }),
  });
  return S.assembleCandidate({ login, name: "Lena Clock", createdAt: "2012-01-01T00:00:00Z", repos: [scenario] });
}

const cases = ["pablo-commits", "vas-auto", "cole-forkify", "shiv-bot", "rohan-logs"].map(built);
let sim: Awaited<ReturnType<typeof startGitHubSimulator>>;
const outcomes = new Map<string, AnalysisOutcome>();

beforeAll(async () => {
  const lena = futureDated();
  sim = await startGitHubSimulator({ candidates: [...cases.map((c) => c.spec), lena], tokens: ["sim-token"] });
  const resumes = [
    ...cases.map((c) => [c.spec.login, perfectExtraction(c.resume)] as const),
    [
      lena.login,
      perfectExtraction({
        name: "Lena Clock",
        githubLogin: lena.login,
        projects: [
          {
            name: "lume",
            repoUrl: `github.com/${lena.login}/lume`,
            dates: "2012 - 2018",
            description: ["Lua helpers"],
          },
        ],
      }),
    ] as const,
  ];
  for (const [login, resume] of resumes) {
    const db = await openDatabase(":memory:");
    const github = createEvidenceSource({ baseUrl: sim.url, token: "sim-token", db, backoffUnitMs: 1, graphql: true });
    outcomes.set(login, await runAnalysis({ hostUsername: login, resume, github }));
    await db.close();
  }
}, 240_000);

afterAll(async () => {
  await sim?.stop();
});

const flag = (login: string, rule: string): Flag | undefined => outcomes.get(login)!.flags.find((f) => f.rule === rule);

describe("signals on real histories", () => {
  /** PADDED_ACTIVITY at WARNING naming `phrases`, crediting at most `cap`, the candidate at 40 or less. */
  const padding = (login: string, cap: number, phrases: string[]) => {
    const f = flag(login, "PADDED_ACTIVITY");
    expect(f?.severity).toBe("WARNING");
    for (const p of phrases) expect(f?.message).toContain(p);
    expect(Number(f?.evidence?.creditCap)).toBeLessThanOrEqual(cap);
    expect(outcomes.get(login)!.confidenceScore).toBeLessThanOrEqual(40);
  };

  test("padding at random times (empty commits, random-string messages) is PADDED_ACTIVITY and credits almost nothing", () =>
    padding("pablo-commits", 0.09, [
      "a random string",
      "whether a scheduled job or a script makes it, on a clock or at random times",
    ]));

  test("a generator's new files under generated names, dated to the minute by a script, are padding", () =>
    padding("shiv-bot", 0.4, ["a date a script wrote", "one new file under a generated name"]));

  test("an auto-committer's messages stating their own commit time, over log appends, are padding at any hour", () =>
    padding("rohan-logs", 0.4, ["state their own commit time, so a program made those commits", ".dev_activity_log"]));

  test("a team, a period and releases the history contradicts: one WARNING naming both sides", () => {
    const f = flag("vas-auto", "CLAIM_CONTRADICTED");
    expect(f?.severity).toBe("WARNING");
    expect(f?.message).toContain('"team of 8", but one person, the candidate, made every commit');
    expect(f?.message).toContain('"over 3 years", but the candidate\'s 21 commits span less than a day');
    expect(f?.message).toContain('"40+ releases", but 21 commits by the candidate');
    expect(f?.message).toContain("private repository");
    const score = outcomes.get("vas-auto")!.confidenceScore;
    expect(score).toBeLessThanOrEqual(69);
    expect(score).toBeGreaterThan(40);
  });

  test('"designed and built from scratch" over a course\'s root commit is ORIGIN_CONTRADICTED and discredits the claim', () => {
    const f = flag("cole-forkify", "ORIGIN_CONTRADICTED");
    expect(f?.severity).toBe("WARNING");
    expect(f?.message).toContain('"Designed and built"');
    expect(f?.message).toMatch(/root commit of 2020-10-\d\d/);
    expect(outcomes.get("cole-forkify")!.confidenceScore).toBeLessThanOrEqual(40);
  });

  test("twelve commits dated five years ahead in a natural history are a WARNING worded as an observation", () => {
    const out = outcomes.get("lena-clock")!;
    const f = out.flags.find((x) => x.rule === "FUTURE_AUTHOR_DATE");
    expect(f?.severity).toBe("WARNING");
    expect(f?.message).toContain("12 of");
    expect(f?.message).toContain("alone this is an observation");
    expect(out.flags.filter((x) => x.severity === "CRITICAL")).toEqual([]);
    expect(out.confidenceScore).toBeGreaterThan(5);
  });
});

describe("through the real server", () => {
  let app: RunningTestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { GITHUB_API_URL: sim.url, GITHUB_TOKEN: "sim-token" } });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  test("a contradicted scale claim from a typeset resume names what the resume says and what the history shows", async () => {
    const vas = cases.find((c) => c.spec.login === "vas-auto")!;
    const r = await verifyAndWait(app.url, app.key, {
      resume: await sampleResumePdf(vas.resume),
      hostUsername: "vas-auto",
    });
    expect(r.status).toBe("COMPLETED");
    const f = r.flags?.find((x) => x.rule === "CLAIM_CONTRADICTED");
    expect(f?.severity).toBe("WARNING");
    expect(f?.message).toContain("team of 8");
    expect(f?.message).toContain("one person, the candidate, made every commit");
    expect(r.confidenceScore ?? 100).toBeLessThanOrEqual(69);
  }, 120_000);
});
