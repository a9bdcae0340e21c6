/**
 * The analysis benchmark's section for candidates on other hosts (forge-candidates.ts): each candidate's
 * accounts are served by the GitHub, GitLab and Gitea simulators, their resumes are written as PDFs and
 * extracted (GitLab and Codeberg links are read as repositories), and runAnalysis reads every account
 * through its host's source, as a verification with hostUsername and accounts does. GitHub's targets:
 * honest >= 70, fraud <= 40, no CRITICAL on an honest history, every fraud's expected flags raised; a
 * history backdated into an old GitLab project is caught by its push events, an honest import is
 * explained by them.
 */
import { runAnalysis } from "../../src/analysis/run-analysis.ts";
import { type AnalysisOutcome, SEVERITY_RANK, type Severity } from "../../src/analysis/types.ts";
import { createForgeSource } from "../../src/forges/forge-sources.ts";
import { MemoryResponseCache } from "../../src/forges/http/response-cache.ts";
import { createEvidenceSource } from "../../src/github/graphql/graphql-source.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { extractResume } from "../../src/resume/index.ts";
import { openDatabase } from "../../src/storage/database.ts";
import { perfectExtraction, sampleResumePdf } from "../demo/resume-pdf.ts";
import { startGiteaSimulator } from "../support/gitea-sim/gitea-simulator.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { SCENARIO_NOW } from "../support/github-sim/scenarios/index.ts";
import { startGitLabSimulator } from "../support/gitlab-sim/gitlab-simulator.ts";
import { table } from "./bench-util.ts";
import { type BenchHost, type ForgeBenchCandidate, forgeBenchCandidates } from "./forge-candidates.ts";

export interface ForgeRunOptions {
  noExtract?: boolean;
  /** candidate names to run (the suite's targets then cover only them) */
  only?: string[] | null;
}

interface Run {
  c: ForgeBenchCandidate;
  out: AnalysisOutcome;
  calls: Record<string, number>;
}

const atLeast = (got: Severity, want: Severity) => SEVERITY_RANK[got] <= SEVERITY_RANK[want];

/** Runs the section; returns the missed targets (null when `only` chose none of its candidates). */
export async function runForgeHosts(o: ForgeRunOptions = {}): Promise<string[] | null> {
  const candidates = forgeBenchCandidates().filter((c) => !o.only || o.only.includes(c.name));
  if (candidates.length === 0) return null;
  const on = (host: BenchHost) =>
    candidates.flatMap((c) => c.accounts.filter((a) => a.host === host).map((a) => a.spec));
  const clock = new ManualClock(Date.parse(SCENARIO_NOW));
  const [github, gitlab, gitea] = await Promise.all([
    startGitHubSimulator({ candidates: on("github.com") }),
    startGitLabSimulator({ clock, candidates: on("gitlab.com") }),
    startGiteaSimulator({ clock, candidates: on("codeberg.org"), activityFeeds: true }),
  ]);
  const runs: Run[] = [];
  try {
    for (const c of candidates) {
      const resume = o.noExtract ? perfectExtraction(c.resume) : await extractResume(await sampleResumePdf(c.resume));
      const sources = {
        "gitlab.com": createForgeSource({
          config: { host: "gitlab.com", kind: "gitlab", apiBase: `${gitlab.url}/api/v4`, token: "glpat-bench" },
          clock,
          cache: new MemoryResponseCache(),
          backoffUnitMs: 1,
        }),
        "codeberg.org": createForgeSource({
          config: { host: "codeberg.org", kind: "gitea", apiBase: `${gitea.url}/api/v1`, token: null },
          clock,
          cache: new MemoryResponseCache(),
          backoffUnitMs: 1,
        }),
      };
      const db = openDatabase(":memory:");
      const githubSource = createEvidenceSource({ baseUrl: github.url, token: "bench-token", db, backoffUnitMs: 1 });
      const gh = c.accounts.find((a) => a.host === "github.com");
      const out = await runAnalysis({
        hostUsername: gh?.spec.login ?? "",
        accounts: c.accounts
          .filter((a) => a.host !== "github.com")
          .map((a) => ({ login: a.spec.login, source: sources[a.host as "gitlab.com" | "codeberg.org"] })),
        readableHosts: ["gitlab.com", "codeberg.org"],
        resume,
        github: githubSource,
      });
      runs.push({
        c,
        out,
        calls: {
          "github.com": gh ? githubSource.stats().calls : 0,
          "gitlab.com": sources["gitlab.com"].stats().calls,
          "codeberg.org": sources["codeberg.org"].stats().calls,
        },
      });
      db.close();
    }
  } finally {
    await Promise.all([github.stop(), gitlab.stop(), gitea.stop()]);
  }
  return report(runs);
}

function report(runs: Run[]): string[] {
  const problems: string[] = [];
  console.log("\n## Candidates on GitLab and Gitea/Forgejo (and GitHub beside them)\n");
  const scenarioRows: Array<Array<string | number>> = [];
  let criticalOnHonest = 0;
  for (const r of runs) {
    for (const a of r.c.accounts)
      for (const s of a.spec.scenarios) {
        const label = a.host === "github.com" ? s.fullName : `${a.host}/${s.fullName}`;
        if (!r.c.truth.some((t) => t.repo?.toLowerCase() === `${a.host}/${s.fullName}`.toLowerCase())) continue;
        const flags = r.out.flags.filter((f) => f.repo?.toLowerCase() === label.toLowerCase());
        const missed = s.label.expected
          .filter((w) => !flags.some((f) => f.rule === w.rule && atLeast(f.severity, w.severity)))
          .map((w) => `${w.rule}>=${w.severity}`);
        if (s.label.kind === "fraud" && missed.length)
          problems.push(`${label} (${s.scenario}): missed ${missed.join(", ")}`);
        const critical = flags.filter((f) => f.severity === "CRITICAL").length;
        if (s.label.kind === "honest") criticalOnHonest += critical;
        const vp = r.out.verifiedProjects.find(
          (p) => p.repoUrl.toLowerCase() === `${a.host}/${s.fullName}`.toLowerCase(),
        );
        const truth = s.label.candidateCommits;
        const counted = vp?.commits ?? 0;
        const countOk = vp
          ? counted <= truth && (counted >= Math.floor(0.9 * truth) || vp.commitsEstimated === true)
          : truth === 0;
        if (!countOk) problems.push(`${label}: counted ${vp ? counted : "none"} commits, label says ${truth}`);
        scenarioRows.push([
          s.scenario,
          label,
          s.label.kind,
          missed.length === 0 ? "yes" : missed.join(", "),
          `${vp?.commits ?? "-"}/${truth}`,
          flags.map((f) => `${f.rule}:${f.severity[0]}`).join(" ") || "-",
        ]);
      }
  }
  console.log(
    table(
      ["scenario", "repository", "kind", "expected flags raised", "commits counted/true", "flags (C/W/I)"],
      scenarioRows,
    ),
  );
  console.log(`\nCRITICAL flags on honest histories on these hosts: ${criticalOnHonest} (target 0)`);
  if (criticalOnHonest > 0) problems.push(`${criticalOnHonest} CRITICAL flags on honest histories on GitLab/Gitea`);

  console.log("");
  console.log(
    table(
      ["candidate", "kind", "hosts", "score", "CRITICAL", "WARNING", "projects", "calls (GitHub/GitLab/Gitea)", "for"],
      runs.map((r) => [
        r.c.name,
        r.c.kind,
        r.c.accounts.map((a) => a.host).join(" + "),
        r.out.confidenceScore,
        r.out.flags.filter((f) => f.severity === "CRITICAL").length,
        r.out.flags.filter((f) => f.severity === "WARNING").length,
        r.out.verifiedProjects.map((p) => `${p.host}:${p.matchStrength}`).join(" "),
        `${r.calls["github.com"]}/${r.calls["gitlab.com"]}/${r.calls["codeberg.org"]}`,
        r.c.purpose,
      ]),
    ),
  );
  for (const r of runs) {
    const s = r.out.confidenceScore;
    const high = r.out.verifiedProjects.filter((p) => p.matchStrength === "HIGH").length;
    if (r.c.kind === "honest" && s < 70) problems.push(`${r.c.name} (honest) scored ${s}`);
    if (r.c.kind === "fraud" && s > 40) problems.push(`${r.c.name} (fraud) scored ${s}`);
    if (r.c.kind === "import" && (s < 40 || s > 70)) problems.push(`${r.c.name} (import) scored ${s}, outside 40-70`);
    if (r.c.kind === "doubtful" && (high > 0 || s > 50)) problems.push(`${r.c.name} (doubtful) scored ${s}`);
  }

  // matching, judged on the claims the extractor delivered (as the main suite does); extraction misses apart
  let right = 0;
  let total = 0;
  const wrong: string[] = [];
  const extraction: string[] = [];
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
  for (const r of runs)
    for (const t of r.c.truth) {
      const want = t.repo?.toLowerCase() ?? null;
      const vp = r.out.verifiedProjects.find((p) => norm(p.name) === norm(t.claim));
      const un = r.out.unmatchedClaims.find((u) => norm(u.name) === norm(t.claim));
      const linked = r.c.resume.projects.some((p) => p.name === t.claim && p.repoUrl);
      let got: string | null;
      if (vp || un) got = vp ? vp.repoUrl.toLowerCase() : null;
      else if (linked && want && r.out.verifiedProjects.some((p) => p.repoUrl.toLowerCase() === want)) {
        extraction.push(`${r.c.name} "${t.claim}": extracted under another name, matched by its link`);
        got = want;
      } else {
        extraction.push(`${r.c.name} "${t.claim}": not extracted`);
        continue;
      }
      total++;
      if (got === want) right++;
      else wrong.push(`${r.c.name} "${t.claim}": got ${got ?? "unmatched"}, want ${t.repo ?? "unmatched"}`);
    }
  console.log(`\nextracted claims matched to the right repository on the right host: ${right}/${total}`);
  for (const w of wrong) console.log(`  miss: ${w}`);
  for (const e of extraction) console.log(`  extraction: ${e}`);
  if (wrong.length) problems.push(`${wrong.length} claims on other hosts matched wrongly`);

  problems.push(...anchoredTime(runs));
  return problems;
}

/** The two facts only push times can tell: a backdated history caught, an honest import explained. */
function anchoredTime(runs: Run[]): string[] {
  const problems: string[] = [];
  console.log("\nGitLab's push events as anchored time:");
  for (const r of runs) {
    for (const a of r.c.accounts)
      for (const s of a.spec.scenarios) {
        const label = `${a.host}/${s.fullName}`;
        const flags = r.out.flags.filter((f) => f.repo?.toLowerCase() === label.toLowerCase());
        if (s.scenario === "backdatedIntoOldProject") {
          const late = flags.find((f) => f.rule === "PUSHED_LONG_AFTER_DATES");
          console.log(`  backdated ${label}: ${late ? `${late.severity}: ${late.message}` : "NOT CAUGHT"}`);
          if (!late) problems.push(`${label}: the backdated history was not caught by its push events`);
        }
        if (s.scenario === "honestImport" && a.host !== "github.com") {
          const unanchored = flags.find((f) => f.rule === "UNANCHORED_HISTORY");
          const explained = unanchored?.evidence?.importPush === 1;
          const accused = flags.some((f) => f.severity === "CRITICAL" || f.rule === "PUSHED_LONG_AFTER_DATES");
          console.log(
            `  import ${label}: ${explained ? "explained by the push that created the branch" : "NOT EXPLAINED"}${accused ? ", ACCUSED" : ""}${unanchored ? `: ${unanchored.message}` : ""}`,
          );
          if (!explained) problems.push(`${label}: the honest import was not explained by its push events`);
          if (accused) problems.push(`${label}: the honest import was accused`);
        }
      }
  }
  return problems;
}
