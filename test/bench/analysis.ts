#!/usr/bin/env bun
/**
 * `bun run bench:analysis`: a labelled scenario suite through the whole pipeline. Candidates are built
 * in the GitHub simulator from the scenario library (real git histories), their resumes are written as
 * PDFs with pdf-lib, extracted with extractResume, and analysed with runAnalysis over the real GitHub
 * client. Prints per-rule true/false positives, CRITICAL flags on honest histories, score ranges of
 * honest and fraudulent candidates, matching accuracy, and GitHub calls per verification cold and warm.
 * Exits 1 when a target is missed. `--no-extract` feeds the analysis what a perfect extractor would
 * produce instead, to tell analysis errors from extraction errors. Then the honest-candidate corpus
 * (honest-corpus.ts) and the fraud corpus (fraud-corpus.ts): `--corpus-only` runs just those two sections,
 * `--fraud-only` just the fraud corpus, `--suite-only` just the labelled suite, `--show-held-out` lists their
 * held-out halves.
 * Then candidates on GitLab and Gitea/Forgejo, some beside GitHub (forge-hosts.ts), with the same targets.
 */
import { runAnalysis } from "../../src/analysis/run-analysis.ts";
import { type AnalysisOutcome, SEVERITY_RANK, type Severity } from "../../src/analysis/types.ts";
import { createEvidenceSource } from "../../src/github/graphql/graphql-source.ts";
import { type ExtractedResume, extractResume } from "../../src/resume/index.ts";
import { openDatabase } from "../../src/storage/database.ts";
import { perfectExtraction, sampleResumePdf } from "../demo/resume-pdf.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import * as S from "../support/github-sim/scenarios/index.ts";
import {
  type BenchCandidate,
  type CandidateKind,
  candidate,
  claimWeightCandidates,
  fixtureOf,
  HELD_OUT,
  linkTo,
  provenanceAndRealCandidates,
  VALIDATION_FIXTURES,
  validationCandidates,
} from "./analysis-candidates.ts";
import { machine, percentile, table } from "./bench-util.ts";
import { runForgeHosts } from "./forge-hosts.ts";
import { FRAUD_SECTION } from "./fraud-corpus.ts";
import { type CallFigures, graphqlSource, measureTypical, REST_BASELINE, restSource } from "./github-calls.ts";
import { runHonestCorpus } from "./honest-corpus.ts";

/** `--rest`: the suite over the REST path (what runs without a token); default the GraphQL path (token set) */
const API_REST = process.argv.includes("--rest");

const NOW = S.SCENARIO_NOW;
const NO_EXTRACT = process.argv.includes("--no-extract");
/** `--only a,b`: just these candidates (logins), to iterate on a few; the suite-wide targets then do not apply */
const ONLY = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1]!.split(",") : null;
const CORPUS_ONLY = process.argv.includes("--corpus-only");
/** `--suite-only`: just the labelled suite (with the typical call counts), no other hosts and no corpora */
const SUITE_ONLY = process.argv.includes("--suite-only");
/** `--fraud-only`: just the fraud corpus section; `--honest-only`: just the honest corpus */
const FRAUD_ONLY = process.argv.includes("--fraud-only");
const HONEST_ONLY = process.argv.includes("--honest-only");
const corpusOptions = {
  noExtract: NO_EXTRACT,
  rest: API_REST,
  only: ONLY,
  showHeldOut: process.argv.includes("--show-held-out"),
};

/** The corpus section's verdict line; 1 when a corpus target is missed (null: `--only` chose none of it). */
function corpusVerdict(problems: string[] | null): number {
  if (problems === null) return 0;
  console.log(
    problems.length === 0
      ? "\ncorpus: all targets met"
      : `\ncorpus targets missed:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
  return problems.length === 0 ? 0 : 1;
}

function suite(): BenchCandidate[] {
  const o = (login: string, extra: Partial<S.ScenarioOptions> = {}) => ({ login, now: NOW, ...extra });
  const hana = [
    S.honestHistory(o("hana-dev")),
    S.botCommits(o("hana-dev")),
    S.renamedRepository(o("hana-dev")),
    S.forkWithOwnWork(o("hana-dev")),
  ];
  const ivan = [
    S.aiAssistedHistory(o("ivan-builds")),
    S.honestHistory({
      ...o("ivan-builds"),
      name: "ledger-cli",
      language: "Rust",
      months: 14,
      commits: 120,
      description: "Plain-text accounting for the terminal",
      topics: ["accounting", "cli"],
    }),
    S.honestHistory({
      ...o("ivan-builds"),
      name: "dotfiles",
      commits: 20,
      description: "My shell and editor configuration",
      topics: [],
    }),
  ];
  const june = [
    S.honestRebase(o("june-compiler")),
    S.honestHistory({
      ...o("june-compiler"),
      name: "pixel-shader",
      language: "Go",
      months: 4,
      commits: 30,
      description: "GPU shader playground for generative art",
      topics: ["shaders", "graphics"],
    }),
    S.honestHistory({ ...o("june-compiler"), name: "notes", commits: 12, description: "Lecture notes", topics: [] }),
  ];
  const kofi = [
    S.unlinkedEmail(o("kofi-ops")),
    S.honestHistory({
      ...o("kofi-ops"),
      name: "k8s-autoscaler",
      language: "Go",
      months: 10,
      commits: 60,
      description: "Queue-length based autoscaler for Kubernetes",
      topics: ["kubernetes"],
    }),
  ];
  const pia = [
    S.honestHistory({ ...o("pia-matcher"), name: "weather-dash", commits: 40 }),
    S.honestHistory({
      ...o("pia-matcher"),
      name: "weather-api",
      commits: 25,
      description: "REST API serving weather data",
      topics: ["api"],
    }),
    S.honestHistory({
      ...o("pia-matcher"),
      name: "chessEngine",
      language: "Rust",
      commits: 70,
      description: "UCI chess engine",
      topics: ["chess"],
    }),
    S.honestHistory({
      ...o("pia-matcher"),
      name: "py-budget",
      language: "Python",
      commits: 22,
      description: "Budget tracking scripts",
      topics: [],
    }),
    S.honestHistory({ ...o("pia-matcher"), name: "scratch", commits: 5, description: null, topics: [] }),
  ];
  const mallory = [
    S.paintedGraph(o("mallory-painter")),
    S.randomDateBot(o("mallory-painter")),
    S.sequentialBackdating(o("mallory-painter")),
  ];
  const nina = [
    S.cronFarm(o("nina-cron")),
    S.paintedGraph({ ...o("nina-cron"), name: "green-wall", clockTime: "23:30:00" }),
  ];
  const carl = [S.upstreamRepushed(o("carl-copier")), S.forkWithoutOwnWork(o("carl-copier"))];
  const otto = [S.randomDateBot({ ...o("otto-newbie"), name: "algo-practice", commits: 1200 })];
  const maya = [
    S.honestRebase(o("maya-mixed")),
    S.bulkDump(o("maya-mixed")),
    S.unlinkedEmail(o("maya-mixed")),
    S.emptyRepository(o("maya-mixed")),
  ];
  const full = (s: S.RepoScenario) => `${s.repo.owner}/${s.repo.name}`;
  return [
    candidate("honest", "hana-dev", hana, [
      { project: linkTo(hana[0]!, { technologies: ["React", "TypeScript"], dates: "2025" }), repo: full(hana[0]!) },
      { project: linkTo(hana[1]!, { linkWord: "Source" }), repo: full(hana[1]!) },
      {
        project: {
          name: "Trail Planner",
          repoUrl: "github.com/hana-dev/trail-planner",
          description: ["Hiking trail planner (renamed since)"],
        },
        repo: full(hana[2]!),
      },
      { project: linkTo(hana[3]!, { name: "FastCSV (fork, performance work)" }), repo: full(hana[3]!) },
      {
        project: { name: "Internal billing platform at Acme", description: ["Closed-source payments work"] },
        repo: null,
      },
    ]),
    candidate("honest", "ivan-builds", ivan, [
      {
        project: { name: "Prompt Lab", technologies: ["TypeScript"], description: ["Experiments with LLM prompts"] },
        repo: full(ivan[0]!),
      },
      {
        project: { name: "LedgerCLI", technologies: ["Rust"], description: ["Plain-text accounting for the terminal"] },
        repo: full(ivan[1]!),
      },
    ]),
    candidate("honest", "june-compiler", june, [
      { project: linkTo(june[0]!), repo: full(june[0]!) },
      {
        project: {
          name: "Generative Shader Playground",
          technologies: ["Go"],
          description: ["GPU shader playground for generative art"],
        },
        repo: full(june[1]!),
      },
    ]),
    candidate("honest", "kofi-ops", kofi, [
      { project: linkTo(kofi[0]!), repo: full(kofi[0]!) },
      { project: linkTo(kofi[1]!, { name: "Kubernetes Autoscaler" }), repo: full(kofi[1]!) },
    ]),
    candidate("honest", "pia-matcher", pia, [
      { project: { name: "WeatherDash", technologies: ["React"] }, repo: full(pia[0]!) },
      { project: { name: "Weather API", description: ["REST API serving weather data"] }, repo: full(pia[1]!) },
      { project: { name: "Chess Engine", technologies: ["Rust"] }, repo: full(pia[2]!) },
      {
        project: { name: "Budget Tracker", technologies: ["Python"], description: ["Budget tracking scripts"] },
        repo: full(pia[3]!),
      },
      {
        project: { name: "Mobile Game", technologies: ["Unity"], description: ["A puzzle game for Android"] },
        repo: null,
      },
    ]),
    candidate(
      "fraud",
      "mallory-painter",
      mallory,
      mallory.map((s) => ({ project: linkTo(s), repo: full(s) })),
      { createdAt: "2023-06-01T10:00:00Z" },
    ),
    candidate(
      "fraud",
      "nina-cron",
      nina,
      nina.map((s) => ({ project: linkTo(s), repo: full(s) })),
      {
        resume: { hiddenText: "kubernetes golang rust distributed systems senior staff" },
        expected: [{ rule: "HIDDEN_TEXT", severity: "WARNING" }],
      },
    ),
    candidate(
      "fraud",
      "carl-copier",
      carl,
      carl.map((s) => ({ project: linkTo(s), repo: full(s) })),
      {
        createdAt: "2024-02-01T10:00:00Z",
        resume: { githubLogin: "carl-real" },
        expected: [{ rule: "PROFILE_MISMATCH", severity: "WARNING" }],
      },
    ),
    candidate(
      "fraud",
      "otto-newbie",
      otto,
      [
        { project: linkTo(otto[0]!), repo: full(otto[0]!) },
        {
          project: {
            name: "Trading Engine",
            dates: "Jan 2019 - Dec 2020",
            description: ["High-frequency trading engine in C++"],
          },
          repo: null,
        },
      ],
      { createdAt: "2025-11-15T10:00:00Z", expected: [{ rule: "CLAIM_BEFORE_ACCOUNT", severity: "WARNING" }] },
    ),
    candidate(
      "mixed",
      "maya-mixed",
      maya,
      maya.map((s) => ({ project: linkTo(s), repo: full(s) })),
    ),
    ...provenanceAndRealCandidates(NOW),
    ...validationCandidates(),
    ...claimWeightCandidates(NOW),
  ];
}

/** The resume without its dates: what the analysis says when no date is written at all. */
const undated = (r: ExtractedResume): ExtractedResume => ({
  ...r,
  projects: r.projects.map((p) => ({ ...p, dates: null })),
});

/** WARNING-or-worse flags of `dated` that the same analysis without the resume's dates does not raise. */
function causedByDates(dated: AnalysisOutcome, without: AnalysisOutcome): string[] {
  const key = (f: AnalysisOutcome["flags"][number]) => `${f.rule}|${f.repo ?? f.project ?? ""}|${f.severity}`;
  const plain = new Set(without.flags.map(key));
  return dated.flags
    .filter((f) => f.severity !== "INFO" && !plain.has(key(f)))
    .map((f) => `${f.rule} (${f.repo ?? f.project ?? "resume"})`);
}

const atLeast = (got: Severity, want: Severity) => SEVERITY_RANK[got] <= SEVERITY_RANK[want];
const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

interface Run {
  c: BenchCandidate;
  out: AnalysisOutcome;
  /** WARNING+ flags present only because of the resume's dates (honest kinds only) */
  byDates: string[];
  cold: { calls: number; notModified: number; ms: number; graphql: number };
  warm: { calls: number; notModified: number; servedFromCache: number; ms: number; graphql: number };
  extractMs: number;
}

async function main(): Promise<number> {
  if (FRAUD_ONLY) return corpusVerdict(await runHonestCorpus(corpusOptions, FRAUD_SECTION));
  if (HONEST_ONLY) return corpusVerdict(await runHonestCorpus(corpusOptions));
  if (CORPUS_ONLY) return corpora();
  const candidates = suite().filter((c) => ONLY === null || ONLY.includes(c.spec.login));
  const runs: Run[] = [];
  // Each candidate in a world of its own (its repositories and the originals its scenario names): two
  // candidates labelled with one real history would otherwise each hold a copy of the other's commits.
  for (const c of candidates) {
    const sim = await startGitHubSimulator({ candidates: [c.spec] });
    try {
      await c.prepare?.(sim);
      const pdf = await sampleResumePdf(c.resume);
      const t0 = performance.now();
      const resume = NO_EXTRACT ? perfectExtraction(c.resume) : await extractResume(pdf);
      const extractMs = performance.now() - t0;
      const db = await openDatabase(":memory:");
      const source = () =>
        createEvidenceSource({ baseUrl: sim.url, token: "bench-token", db, backoffUnitMs: 1, graphql: !API_REST });
      const graphqlCalls = () => sim.calls((e) => e.graphql === true).length;
      const g0 = graphqlCalls();
      const coldSrc = source();
      const t1 = performance.now();
      const out = await runAnalysis({ hostUsername: c.spec.login, resume, github: coldSrc });
      const coldMs = performance.now() - t1;
      const g1 = graphqlCalls();
      const warmSrc = source();
      const t2 = performance.now();
      const again = await runAnalysis({ hostUsername: c.spec.login, resume, github: warmSrc });
      const warmMs = performance.now() - t2;
      if (JSON.stringify({ ...again, githubCalls: 0 }) !== JSON.stringify({ ...out, githubCalls: 0 }))
        throw new Error(`${c.spec.login}: warm result differs from cold`);
      const ws = warmSrc.stats();
      const honestKind = c.kind === "honest" || c.kind === "import" || c.kind === "partial";
      const byDates =
        honestKind && resume.projects.some((p) => p.dates)
          ? causedByDates(
              out,
              await runAnalysis({ hostUsername: c.spec.login, resume: undated(resume), github: source() }),
            )
          : [];
      runs.push({
        c,
        out,
        byDates,
        extractMs,
        cold: { ...coldSrc.stats(), ms: coldMs, graphql: g1 - g0 },
        warm: {
          calls: ws.calls,
          notModified: ws.notModified,
          servedFromCache: ws.servedFromCache ?? 0,
          ms: warmMs,
          graphql: graphqlCalls() - g1,
        },
      });
      await db.close();
    } finally {
      await sim.stop();
    }
  }
  const typical: CallFigures[] = [];
  if (ONLY === null)
    for (const [name, make] of [
      ["GraphQL (token)", graphqlSource],
      ["REST (token)", restSource("bench-token")],
      ["REST (no token)", restSource(null)],
    ] as const)
      typical.push(await measureTypical(name, make));
  const code = report(runs, typical);
  if (SUITE_ONLY) return code;
  const forges = forgeVerdict(await runForgeHosts({ noExtract: NO_EXTRACT, only: ONLY }));
  return Math.max(code, forges, await corpora());
}

/** The honest corpus, then the fraud corpus: each section's verdict, the worse of the two. */
async function corpora(): Promise<number> {
  const honest = corpusVerdict(await runHonestCorpus(corpusOptions));
  return Math.max(honest, corpusVerdict(await runHonestCorpus(corpusOptions, FRAUD_SECTION)));
}

/** The other hosts' section's verdict line; 1 when one of its targets is missed. */
function forgeVerdict(problems: string[] | null): number {
  if (problems === null) return 0;
  console.log(
    problems.length === 0
      ? "\nother hosts: all targets met"
      : `\nother hosts' targets missed:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
  return problems.length === 0 ? 0 : 1;
}

function report(runs: Run[], typical: CallFigures[]): number {
  const problems: string[] = [];
  console.log(
    `# claimcheck analysis benchmark${NO_EXTRACT ? " (--no-extract: perfect extraction)" : ""}\n${machine()}\n`,
  );

  // per-rule true/false positives over the labelled repositories
  type Tally = { tp: number; fn: number; fpHonest: number; extra: number };
  const tally = new Map<string, Tally>();
  const t = (rule: string) => {
    let entry = tally.get(rule);
    if (!entry) {
      entry = { tp: 0, fn: 0, fpHonest: 0, extra: 0 };
      tally.set(rule, entry);
    }
    return entry;
  };
  let criticalOnHonest = 0;
  const counts = { total: 0, estimated: 0, over: 0 };
  let histories = 0;
  const group = () => ({ histories: 0, honestCritical: 0, fraud: 0, fraudCaught: 0 });
  const heldOut = group();
  const tuned = group();
  const validation = group();
  const setOf = (fixture: string) =>
    VALIDATION_FIXTURES.has(fixture) ? validation : HELD_OUT.has(fixture) ? heldOut : tuned;
  const setName = (fixture: string) =>
    VALIDATION_FIXTURES.has(fixture) ? " (validation set)" : HELD_OUT.has(fixture) ? " (held out)" : "";
  const scenarioRows: Array<Array<string | number>> = [];
  for (const r of runs) {
    for (const s of r.c.spec.scenarios) {
      // an unclaimed repository of the account (a decoy for matching) is never fetched: nothing to judge
      if (!r.c.truth.some((x) => x.repo?.toLowerCase() === s.fullName.toLowerCase())) continue;
      const flags = r.out.flags.filter((f) => f.repo?.toLowerCase() === s.fullName.toLowerCase());
      const forensic = flags.filter(
        (f) =>
          ![
            "EMPTY_REPO",
            "NO_CANDIDATE_COMMITS",
            "RENAMED_REPO",
            "UNLINKED_EMAIL_COMMITS",
            "LINK_TEXT_MISMATCH",
            "LINKED_REPO_NOT_FOUND",
          ].includes(f.rule),
      );
      const missed: string[] = [];
      for (const want of s.label.expected) {
        const got = forensic.find((f) => f.rule === want.rule);
        if (got && atLeast(got.severity, want.severity)) t(want.rule).tp++;
        else {
          t(want.rule).fn++;
          missed.push(`${want.rule}>=${want.severity}${got ? ` (got ${got.severity})` : ""}`);
        }
      }
      for (const f of forensic) {
        if (s.label.expected.some((w) => w.rule === f.rule)) continue;
        if (s.label.kind === "honest") t(f.rule).fpHonest++;
        else t(f.rule).extra++;
      }
      const worst = flags.reduce<Severity | null>(
        (w, f) => (w === null || SEVERITY_RANK[f.severity] < SEVERITY_RANK[w] ? f.severity : w),
        null,
      );
      if (s.label.kind === "honest") criticalOnHonest += flags.filter((f) => f.severity === "CRITICAL").length;
      const vp = r.out.verifiedProjects.find(
        (p) => p.repoUrl.toLowerCase() === `github.com/${s.fullName}`.toLowerCase(),
      );
      // every count within [0.9 x truth, truth] or labelled estimated, and never above the truth
      const truth = s.label.candidateCommits;
      const counted = vp?.commits ?? 0;
      const inRange = counted <= truth && counted >= Math.floor(0.9 * truth);
      const commitsOk = vp ? inRange || (vp.commitsEstimated === true && counted <= truth) : truth === 0;
      counts.total++;
      if (vp?.commitsEstimated) counts.estimated++;
      if (counted > truth) counts.over++;
      if (s.label.kind === "fraud" && missed.length > 0)
        problems.push(`${s.fullName} (${s.scenario}): missed ${missed.join(", ")}`);
      if (!commitsOk)
        problems.push(
          `${s.fullName}: counted ${vp ? `${vp.commitsEstimated ? "about " : ""}${counted}` : "none"} commits, label says ${truth}`,
        );
      const fixture = fixtureOf(s.scenario, r.c);
      if (fixture) {
        const group = setOf(fixture);
        group.histories++;
        if (s.label.kind === "honest") group.honestCritical += flags.filter((f) => f.severity === "CRITICAL").length;
        if (s.label.kind === "fraud") {
          group.fraud++;
          if (missed.length === 0) group.fraudCaught++;
        }
      }
      histories++;
      scenarioRows.push([
        fixture ? `${fixture}${setName(fixture)}` : s.scenario,
        s.fullName,
        s.label.kind,
        worst ?? "-",
        missed.length === 0 ? "yes" : missed.join(", "),
        `${vp?.commits ?? "-"}/${s.label.candidateCommits}`,
        flags.map((f) => `${f.rule}:${f.severity[0]}`).join(" ") || "-",
      ]);
    }
    for (const want of r.c.expected ?? []) {
      const got = r.out.flags.find((f) => f.rule === want.rule);
      if (got && atLeast(got.severity, want.severity)) t(want.rule).tp++;
      else {
        t(want.rule).fn++;
        problems.push(`${r.c.spec.login}: expected ${want.rule} >= ${want.severity}`);
      }
    }
  }
  console.log("## Scenarios (labelled repositories)\n");
  console.log(
    table(
      [
        "scenario / real source",
        "repository",
        "kind",
        "worst flag",
        "expected flags raised",
        "commits counted/true",
        "flags (C/W/I)",
      ],
      scenarioRows,
    ),
  );
  console.log("\n## Per rule\n");
  const ruleRows = [...tally.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([rule, x]) => [rule, x.tp, x.fn, x.fpHonest, x.extra]);
  console.log(table(["rule", "TP", "FN", "FP on honest", "unlabelled on fraud/ambiguous"], ruleRows));
  console.log(`\nCRITICAL flags on honest histories: ${criticalOnHonest} (target 0)`);
  if (criticalOnHonest > 0) problems.push(`${criticalOnHonest} CRITICAL flags on honest histories`);
  console.log(
    `commit counts: ${counts.total} projects, ${counts.estimated} labelled estimated, ${counts.over} above the truth ` +
      "(target: every count within [0.9 x truth, truth] or labelled estimated, none above the truth)",
  );
  const dated = runs.filter((r) => r.byDates.length > 0);
  console.log(
    `WARNINGs caused by the resume's dates on honest candidates (present with the dates, gone without them): ${dated.reduce((s, r) => s + r.byDates.length, 0)} (target 0)` +
      dated.map((r) => `\n  ${r.c.spec.login}: ${r.byDates.join(", ")}`).join(""),
  );
  for (const r of dated)
    problems.push(`${r.c.spec.login}: WARNING caused by the resume's dates: ${r.byDates.join(", ")}`);

  // scores
  console.log("\n## Candidates\n");
  const candRows = runs.map((r) => [
    r.c.spec.login,
    r.c.kind,
    r.out.confidenceScore,
    r.out.flags.filter((f) => f.severity === "CRITICAL").length,
    r.out.flags.filter((f) => f.severity === "WARNING").length,
    r.out.verifiedProjects.map((p) => `${p.repoUrl.split("/")[2]}:${p.matchStrength}`).join(" "),
  ]);
  console.log(table(["candidate", "kind", "score", "CRITICAL", "WARNING", "projects"], candRows));
  const scores = (k: CandidateKind) => runs.filter((r) => r.c.kind === k).map((r) => r.out.confidenceScore);
  const range = (xs: number[]) => (xs.length === 0 ? "none" : `${Math.min(...xs)}-${Math.max(...xs)}`);
  const honest = scores("honest");
  const fraud = scores("fraud");
  const band = [...scores("partial"), ...scores("import")];
  console.log(
    `\nhonest scores ${range(honest)} (target >= 70); fraud scores ${range(fraud)} (target <= 40); ` +
      `one honest + one unverifiable, and honest imports: ${range(band)} (target 40-70)`,
  );
  if (Math.min(...honest) < 70) problems.push(`an honest candidate scored ${Math.min(...honest)}`);
  if (Math.max(...fraud) > 40) problems.push(`a fraudulent candidate scored ${Math.max(...fraud)}`);
  for (const r of runs.filter((x) => x.c.kind === "partial" || x.c.kind === "import"))
    if (r.out.confidenceScore < 40 || r.out.confidenceScore > 70)
      problems.push(`${r.c.spec.login} (${r.c.kind}) scored ${r.out.confidenceScore}, outside 40-70`);
  const discredited = scores("discredited");
  console.log(`one honest claim beside one discredited: ${range(discredited)} (target 41-69: "mixed" at most)`);
  for (const r of runs.filter((x) => x.c.kind === "discredited"))
    if (r.out.confidenceScore < 41 || r.out.confidenceScore > 69)
      problems.push(`${r.c.spec.login} (discredited) scored ${r.out.confidenceScore}, outside 41-69`);
  for (const r of runs.filter((x) => x.c.kind === "inflation")) {
    const named = r.out.flags.some((f) => f.severity !== "INFO" && /scheduled job|automat/i.test(f.message));
    console.log(
      `inflation ${r.c.spec.login}: score ${r.out.confidenceScore}, a WARNING names the automation: ${named ? "yes" : "no"} (target: <= 40 or named)`,
    );
    if (!named && r.out.confidenceScore > 40)
      problems.push(`${r.c.spec.login} (inflation) scored ${r.out.confidenceScore} and nothing names the automation`);
  }
  for (const r of runs.filter((x) => x.c.kind === "doubtful")) {
    const high = r.out.verifiedProjects.filter((p) => p.matchStrength === "HIGH").length;
    console.log(
      `doubtful ${r.c.spec.login}: score ${r.out.confidenceScore}, HIGH projects ${high} (target: none, score <= 50)`,
    );
    if (high > 0 || r.out.confidenceScore > 50)
      problems.push(`${r.c.spec.login} (doubtful) scored ${r.out.confidenceScore}`);
  }
  const realScores = (set: ReturnType<typeof group>) =>
    runs
      .filter((r) =>
        r.c.spec.scenarios.some((x) => fixtureOf(x.scenario, r.c) && setOf(fixtureOf(x.scenario, r.c)) === set),
      )
      .map((r) => `${r.c.spec.login} (${r.c.kind}) ${r.out.confidenceScore}`);
  console.log(
    `\n## Histories\n\nlabelled histories judged: ${histories} (target >= 30); derived from real public histories: ${tuned.histories + heldOut.histories + validation.histories} (target >= 10)`,
  );
  console.log(
    table(
      ["real-derived set", "histories", "CRITICAL on honest", "fraud caught at expected severity", "candidate scores"],
      [
        [
          "tuned on",
          tuned.histories,
          tuned.honestCritical,
          `${tuned.fraudCaught}/${tuned.fraud}`,
          realScores(tuned).join(", "),
        ],
        [
          "held out",
          heldOut.histories,
          heldOut.honestCritical,
          `${heldOut.fraudCaught}/${heldOut.fraud}`,
          realScores(heldOut).join(", "),
        ],
        [
          "validation set (labelled before its first run)",
          validation.histories,
          validation.honestCritical,
          `${validation.fraudCaught}/${validation.fraud}`,
          realScores(validation).join(", "),
        ],
      ],
    ),
  );
  if (histories < 30) problems.push(`only ${histories} labelled histories`);
  if (tuned.histories + heldOut.histories < 10) problems.push("fewer than 10 real-derived histories");

  // matching accuracy, judged on the claims the extractor delivered; extraction misses are listed apart
  let right = 0;
  let total = 0;
  let unlinkedRight = 0;
  let unlinkedTotal = 0;
  const wrong: string[] = [];
  const extraction: string[] = [];
  for (const r of runs) {
    const repoOf = (url: string) => url.replace(/^github\.com\//, "").toLowerCase();
    for (const truth of r.c.truth) {
      const linked = r.c.resume.projects.some((p) => p.name === truth.claim && p.repoUrl);
      const vp = r.out.verifiedProjects.find((p) => norm(p.name) === norm(truth.claim));
      const un = r.out.unmatchedClaims.find((u) => norm(u.name) === norm(truth.claim));
      let got: string | null;
      // a claim whose repository GitHub would not serve is matched to it, just unverifiable
      const unavailable =
        un && truth.repo && un.reason.toLowerCase().startsWith(`${truth.repo.toLowerCase()} could not be read`);
      if (vp || un) got = vp ? repoOf(vp.repoUrl) : unavailable ? truth.repo!.toLowerCase() : null;
      else if (
        linked &&
        truth.repo &&
        r.out.verifiedProjects.some((p) => repoOf(p.repoUrl) === truth.repo!.toLowerCase())
      ) {
        // the link carried the claim to its repository although the extractor named it differently
        extraction.push(`${r.c.spec.login} "${truth.claim}": extracted under another name, matched by its link`);
        got = truth.repo.toLowerCase();
      } else {
        extraction.push(`${r.c.spec.login} "${truth.claim}": not extracted`);
        continue;
      }
      total++;
      if (!linked) unlinkedTotal++;
      if (got === (truth.repo?.toLowerCase() ?? null)) {
        right++;
        if (!linked) unlinkedRight++;
      } else
        wrong.push(`${r.c.spec.login} "${truth.claim}": got ${got ?? "unmatched"}, want ${truth.repo ?? "unmatched"}`);
    }
  }
  const claimCount = runs.reduce((s, r) => s + r.c.truth.length, 0);
  console.log(
    `\n## Matching\n\nextracted claims matched to the right repository (or rightly left unmatched): ${right}/${total} (${((100 * right) / total).toFixed(1)} %); ` +
      `without a link: ${unlinkedRight}/${unlinkedTotal}; claims in the resumes: ${claimCount}`,
  );
  for (const w of wrong) console.log(`  miss: ${w}`);
  for (const e of extraction) console.log(`  extraction: ${e}`);
  if (right < total) problems.push(`${total - right} claims matched wrongly`);

  // GitHub cost
  const cold = runs.map((r) => r.cold.calls).sort((a, b) => a - b);
  // GraphQL answers are POSTs: never 304; the share is over the REST requests
  const warmCalls = runs.reduce((s, r) => s + r.warm.calls - r.warm.graphql, 0);
  const warm304 = runs.reduce((s, r) => s + r.warm.notModified, 0);
  const claims = runs.reduce((s, r) => s + r.c.truth.length, 0);
  const share = warmCalls === 0 ? 1 : warm304 / warmCalls;
  console.log(`\n## GitHub calls per verification (suite over the ${API_REST ? "REST" : "GraphQL"} path)\n`);
  console.log(
    table(
      [
        "candidate",
        "claims",
        "cold calls",
        "of them GraphQL",
        "warm calls",
        "warm 304s",
        "warm from cache",
        "extract ms",
        "cold ms",
        "warm ms",
      ],
      runs.map((r) => [
        r.c.spec.login,
        r.c.truth.length,
        r.cold.calls,
        r.cold.graphql,
        r.warm.calls,
        r.warm.notModified,
        r.warm.servedFromCache,
        Math.round(r.extractMs),
        Math.round(r.cold.ms),
        Math.round(r.warm.ms),
      ]),
    ),
  );
  console.log(
    `\ncold: p50 ${percentile(cold, 50)}, max ${cold[cold.length - 1]} calls (${(cold.reduce((a, b) => a + b, 0) / claims).toFixed(1)} per claimed project); ` +
      `warm: ${warm304} of ${warmCalls} REST requests answered 304 (${(100 * share).toFixed(1)} %, target >= 90 %)`,
  );
  if (share < 0.9) problems.push(`warm re-verification: only ${(100 * share).toFixed(1)} % 304s`);
  problems.push(...reportTypical(typical));

  console.log(
    problems.length === 0 ? "\nall targets met" : `\ntargets missed:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
  return problems.length === 0 ? 0 : 1;
}

/**
 * Cold verifications an hour one token allows: GitHub gives a token 5,000 REST requests and, apart,
 * 5,000 GraphQL points an hour; the scarcer of the two sets the pace. Without a token: 60 REST requests.
 */
function verificationsPerHour(f: CallFigures): number {
  const restBudget = f.path.includes("no token") ? 60 : 5000;
  const byRest = f.coldRest > 0 ? restBudget / f.coldRest : Number.POSITIVE_INFINITY;
  const byPoints = f.coldPoints ? 5000 / f.coldPoints : Number.POSITIVE_INFINITY;
  return Math.floor(Math.min(byRest, byPoints));
}

/** The typical candidate (5 claims, 30 repositories): requests per verification on each path. */
function reportTypical(typical: CallFigures[]): string[] {
  const problems: string[] = [];
  console.log("\n## Typical candidate: 5 claims, 30 repositories (requests per verification)\n");
  console.log(
    table(
      ["path", "cold", "warm after one push to each repository", "GraphQL points cold / warm", "before GraphQL (REST)"],
      typical.map((f) => [
        f.path,
        f.cold,
        f.warm,
        f.coldPoints === undefined ? "-" : `${f.coldPoints} / ${f.warmPoints}`,
        `${REST_BASELINE.cold} / ${REST_BASELINE.warm}`,
      ]),
    ),
  );
  const gql = typical.find((f) => f.path.startsWith("GraphQL"));
  const anon = typical.find((f) => f.path.includes("no token"));
  for (const f of typical) {
    console.log(
      `${f.path}: ${f.cold} requests cold (${f.coldRest} REST${f.coldPoints === undefined ? "" : `, ${f.cold - f.coldRest} GraphQL = ${f.coldPoints} points`}): ` +
        `about ${verificationsPerHour(f).toLocaleString("en-US")} verifications an hour per token`,
    );
  }
  if (gql) {
    if (gql.cold > 15) problems.push(`typical candidate over GraphQL: ${gql.cold} requests cold (target <= 15)`);
    if (gql.warm > 5) problems.push(`typical candidate over GraphQL: ${gql.warm} requests warm (target <= 5)`);
  }
  if (anon && (anon.cold > REST_BASELINE.cold || anon.warm > REST_BASELINE.warm))
    problems.push(`REST without a token: ${anon.cold} cold / ${anon.warm} warm, worse than before`);
  return problems;
}

process.exitCode = await main();
