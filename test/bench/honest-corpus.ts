/**
 * The honest-candidate corpus section of `bun run bench:analysis` (alone: `--corpus-only`). Each corpus
 * candidate (honest-corpus-candidates.ts) is built in the GitHub simulator, its resume typeset and
 * extracted, and analysed over the GraphQL path; the outcome is judged against the candidate's label.
 * Held-out candidates are reported as counts only unless `--show-held-out` is given, so their misses
 * cannot steer the rules. Exits non-zero (through the caller) when a target is missed.
 */
import { runAnalysis } from "../../src/analysis/run-analysis.ts";
import { type AnalysisOutcome, type Flag, SEVERITY_RANK, type Severity } from "../../src/analysis/types.ts";
import { createEvidenceSource } from "../../src/github/graphql/graphql-source.ts";
import { extractResume } from "../../src/resume/index.ts";
import { openDatabase } from "../../src/storage/database.ts";
import { perfectExtraction, sampleResumePdf } from "../demo/resume-pdf.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { table } from "./bench-util.ts";
import {
  type BuiltCorpusCandidate,
  buildCorpusCandidate,
  type CorpusManifest,
  loadCorpus,
} from "./honest-corpus-candidates.ts";

/**
 * The first look: each target's misses (tune, held out) on the rules before any change for this corpus
 * (commit 05579ac, docs/analysis-corpus.md), printed beside today's so both stay in view.
 */
const FIRST_LOOK: Record<string, [number, number]> = {
  met: [15, 16],
  "CRITICAL flags on honest candidates": [2, 1],
  "WARNINGs caused by date precision (anchored histories)": [1, 3],
  "flags an honest reading forbids (must-not)": [6, 5],
  "expected flags not raised (must)": [1, 1],
  "honest candidates outside their band": [6, 2],
  "import candidates outside their band": [0, 0],
  "partial candidates outside their band": [1, 0],
  "fraud candidates outside their band": [1, 0],
  "inflation candidates outside their band": [1, 0],
  "project counts outside [0.9 x truth, truth] and not marked estimated": [1, 1],
};

export interface CorpusRunOptions {
  noExtract?: boolean;
  rest?: boolean;
  /** only these logins (the suite-wide targets are still computed over what ran) */
  only?: string[] | null;
  showHeldOut?: boolean;
}

/** What went wrong for one candidate, each with the rule behind it (for the per-class summary). */
interface Miss {
  /** "score", "critical", "date-precision", "must-not", "must", "count" */
  kind: string;
  /** the rule (or "score") it comes from, for the per-class reasons */
  rule: string;
  text: string;
}

interface Judged {
  c: BuiltCorpusCandidate;
  out: AnalysisOutcome;
  misses: Miss[];
  /** an honest or import candidate scored below its band */
  lostCredit: boolean;
}

const atLeast = (got: Severity, want: Severity) => SEVERITY_RANK[got] <= SEVERITY_RANK[want];
const matches = (f: Flag, r: { rule?: string; severity?: Severity; mentions?: string }) =>
  (r.rule === undefined || r.rule === "*" || f.rule === r.rule) &&
  (r.severity === undefined || atLeast(f.severity, r.severity)) &&
  (r.mentions === undefined || new RegExp(r.mentions, "i").test(f.message));

/** Judges one outcome against the candidate's label (see corpus.json "meta"). */
export function judge(manifest: CorpusManifest, c: BuiltCorpusCandidate, out: AnalysisOutcome): Judged {
  const misses: Miss[] = [];
  const { label } = c.entry;
  const honestKind = label.kind === "honest" || label.kind === "import";
  const [lo, hi] = label.score;
  const inBand = out.confidenceScore >= lo && out.confidenceScore <= hi;
  c.entry.projects.forEach((p, i) => {
    const repo = c.repos[i]!.toLowerCase();
    const flags = out.flags.filter((f) => f.repo?.toLowerCase() === repo);
    if (honestKind)
      for (const f of flags.filter((x) => x.severity === "CRITICAL"))
        misses.push({
          kind: "critical",
          rule: f.rule,
          text: `${p.repo.name}: ${f.rule} CRITICAL on an honest history`,
        });
    if (honestKind && p.anchored)
      for (const f of flags.filter((x) => manifest.meta.dateRules.includes(x.rule) && atLeast(x.severity, "WARNING")))
        misses.push({
          kind: "date-precision",
          rule: f.rule,
          text: `${p.repo.name}: ${f.rule} ${f.severity} on an anchored history dated "${p.dates}"`,
        });
    for (const r of p.mustNot ?? [])
      for (const f of flags.filter((x) => matches(x, r)))
        misses.push({ kind: "must-not", rule: f.rule, text: `${p.repo.name}: ${f.rule} ${f.severity} (${r.why})` });
    for (const r of p.must ?? [])
      if (!flags.some((f) => matches(f, r)))
        misses.push({ kind: "must", rule: r.rule, text: `${p.repo.name}: no ${r.rule} >= ${r.severity} (${r.why})` });
    const vp = out.verifiedProjects.find((v) => v.repoUrl.toLowerCase() === `github.com/${repo}`);
    const counted = vp?.commits ?? 0;
    const truth = p.truthCommits;
    if (truth !== null && !vp?.commitsEstimated && (counted > truth || counted < Math.floor(0.9 * truth)))
      misses.push({
        kind: "count",
        rule: "count",
        text: `${p.repo.name}: counted ${vp ? counted : "nothing"}, truth ${truth} (target [0.9 x truth, truth] or estimated)`,
      });
  });
  const flagOk = (label.must ?? []).every((m) =>
    m.anyOf.some((a) =>
      a.score
        ? out.confidenceScore >= a.score[0] && out.confidenceScore <= a.score[1]
        : out.flags.some((f) => matches(f, a)),
    ),
  );
  if (label.scoreOrFlag) {
    if (!flagOk)
      misses.push({ kind: "score", rule: "score", text: `scored ${out.confidenceScore} and no flag names it` });
  } else if (!inBand)
    misses.push({ kind: "score", rule: "score", text: `scored ${out.confidenceScore}, band ${lo}-${hi}` });
  else if (!flagOk)
    misses.push({
      kind: "score",
      rule: "named",
      text: `scored ${out.confidenceScore} but no flag names it (${(label.must ?? []).map((m) => m.why).join("; ")})`,
    });
  return { c, out, misses, lostCredit: honestKind && out.confidenceScore < lo };
}

/** Why an honest candidate lost credit: its WARNING/CRITICAL flags and capped claims, by rule. */
function reasons(j: Judged): string[] {
  const out = j.out.flags
    .filter((f) => atLeast(f.severity, "WARNING"))
    .map((f) => `${f.rule}:${f.severity === "CRITICAL" ? "C" : "W"}`);
  for (const line of j.out.scoreBreakdown.claims) {
    if (line.extentCapped) out.push("extent-cap");
    if (line.matchStrength && line.matchStrength !== "HIGH") out.push(`match-${line.matchStrength}`);
  }
  return out;
}

function tally(xs: string[]): string {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, n]) => (n > 1 ? `${k} x${n}` : k))
    .join(", ");
}

async function runAll(built: BuiltCorpusCandidate[], o: CorpusRunOptions): Promise<AnalysisOutcome[]> {
  const sim = await startGitHubSimulator({ candidates: built.map((b) => b.spec) });
  const outs: AnalysisOutcome[] = [];
  try {
    for (const b of built) {
      const resume = o.noExtract ? perfectExtraction(b.resume) : await extractResume(await sampleResumePdf(b.resume));
      const db = await openDatabase(":memory:");
      const github = createEvidenceSource({
        baseUrl: sim.url,
        token: "bench-token",
        db,
        backoffUnitMs: 1,
        graphql: !o.rest,
      });
      outs.push(await runAnalysis({ hostUsername: b.spec.login, resume, github }));
      await db.close();
    }
  } finally {
    await sim.stop();
  }
  return outs;
}

/** Which corpus a run reads and how its section is titled, with its first look (misses per target). */
export interface CorpusSection {
  file?: string;
  title: string;
  firstLook: Record<string, [number, number]>;
  /** the label kinds whose bands are targets, with what each wants */
  bands: Array<[string, string]>;
}

const HONEST_SECTION: CorpusSection = {
  title: "Honest-candidate corpus (real histories, resumes dated as people write them)",
  firstLook: FIRST_LOOK,
  bands: [
    ["honest", ">= 70: 0 outside"],
    ["import", ">= 40 with the innocent reading: 0 outside"],
    ["partial", "41-69: 0 outside"],
    ["fraud", "<= 40: 0 outside"],
    ["inflation", "<= 40 or a WARNING naming the automation: 0 outside"],
  ],
};

/** Runs the corpus and prints its section of the report; returns the missed targets (null: none selected). */
export async function runHonestCorpus(o: CorpusRunOptions = {}, section = HONEST_SECTION): Promise<string[] | null> {
  const manifest = loadCorpus(section.file);
  const entries = manifest.candidates.filter((c) => !o.only || o.only.includes(c.login));
  if (entries.length === 0) return null;
  const built = entries.map((c) => buildCorpusCandidate(c, manifest.dir));
  const t0 = performance.now();
  const outs = await runAll(built, o);
  const judged = built.map((b, i) => judge(manifest, b, outs[i]!));
  return report(judged, o, performance.now() - t0, section);
}

function report(judged: Judged[], o: CorpusRunOptions, ms: number, section: CorpusSection): string[] {
  const FIRST = section.firstLook;
  const tune = judged.filter((j) => j.c.entry.split === "tune");
  const held = judged.filter((j) => j.c.entry.split === "held-out");
  console.log(
    `\n## ${section.title}\n\n` +
      `${judged.length} candidates (${tune.length} tune, ${held.length} held out), ` +
      `${judged.reduce((s, j) => s + j.c.entry.projects.length, 0)} projects, ${(ms / 1000).toFixed(0)} s\n`,
  );
  const row = (j: Judged) => [
    j.c.entry.login,
    j.c.entry.class,
    j.c.entry.label.kind,
    `${j.out.confidenceScore} (${j.c.entry.label.score.join("-")})`,
    j.misses.length === 0 ? "yes" : "no",
    tally(reasons(j)) || "-",
    j.misses.map((m) => m.text).join("; ") || "-",
  ];
  const headers = ["candidate", "class", "label", "score (band)", "met", "WARNING+ flags / caps", "misses"];
  console.log("### Tune half\n");
  console.log(table(headers, tune.map(row)));
  if (o.showHeldOut) {
    console.log("\n### Held-out half (--show-held-out)\n");
    console.log(table(headers, held.map(row)));
  } else console.log("\n### Held-out half: counts only (--show-held-out to list)");

  // per class: how many honest candidates lose credit and why, tune and held out apart
  const classes = [...new Set(judged.map((j) => j.c.entry.class))];
  const cell = (js: Judged[]) => {
    const lost = js.filter((j) => j.lostCredit);
    return `${js.length - js.filter((j) => j.misses.length > 0).length}/${js.length} met, ${lost.length} lost credit`;
  };
  const why = (js: Judged[]) =>
    tally(js.filter((j) => j.misses.length > 0).flatMap((j) => j.misses.map((m) => m.rule)));
  console.log("\n### Per class\n");
  console.log(
    table(
      ["class", "tune", "tune: misses by rule", "held out", ...(o.showHeldOut ? ["held out: misses by rule"] : [])],
      classes.map((k) => {
        const t = tune.filter((j) => j.c.entry.class === k);
        const h = held.filter((j) => j.c.entry.class === k);
        return [k, cell(t), why(t) || "-", cell(h), ...(o.showHeldOut ? [why(h) || "-"] : [])];
      }),
    ),
  );

  const problems: string[] = [];
  const target = (name: string, miss: (j: Judged) => number, want: string) => {
    const t = tune.reduce((s, j) => s + miss(j), 0);
    const h = held.reduce((s, j) => s + miss(j), 0);
    const first = FIRST[name];
    console.log(
      `${name}: tune ${t}, held out ${h}${first ? ` (first look: tune ${first[0]}, held out ${first[1]})` : ""} (target ${want})`,
    );
    if (t + h > 0) problems.push(`${section.title.split(" (")[0]}: ${name}: ${t} tune, ${h} held out`);
  };
  console.log("\n### Targets\n");
  const met = (js: Judged[]) => js.filter((j) => j.misses.length === 0).length;
  console.log(
    `candidates meeting every target of their label: tune ${met(tune)} of ${tune.length}, held out ${met(held)} of ${held.length} ` +
      (FIRST.met ? `(first look: tune ${FIRST.met[0]}, held out ${FIRST.met[1]})` : "(first look: not yet recorded)"),
  );
  const honestKind = (j: Judged) => j.c.entry.label.kind === "honest" || j.c.entry.label.kind === "import";
  const count = (j: Judged, kind: string) => j.misses.filter((m) => m.kind === kind).length;
  target("CRITICAL flags on honest candidates", (j) => (honestKind(j) ? count(j, "critical") : 0), "0");
  target("WARNINGs caused by date precision (anchored histories)", (j) => count(j, "date-precision"), "0");
  target("flags an honest reading forbids (must-not)", (j) => count(j, "must-not"), "0");
  target("expected flags not raised (must)", (j) => count(j, "must"), "0");
  const band = (kind: string, want: string) =>
    target(
      `${kind} candidates outside their band`,
      (j) => (j.c.entry.label.kind === kind ? count(j, "score") : 0),
      want,
    );
  for (const [kind, want] of section.bands) band(kind, want);
  target("project counts outside [0.9 x truth, truth] and not marked estimated", (j) => count(j, "count"), "0");
  return problems;
}
