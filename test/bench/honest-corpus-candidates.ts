/**
 * The honest-candidate corpus (test/fixtures/honest-corpus/corpus.json): candidates made of real public
 * histories (metadata fixtures, format 2) under fictional logins, each with a resume dated the way people
 * date work, and a label fixed before any rule was changed for it. This module reads the manifest and
 * builds each candidate for the GitHub simulator; honest-corpus.ts runs and judges them.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Severity } from "../../src/analysis/types.ts";
import type { SampleProject, SampleResume } from "../demo/resume-pdf.ts";
import { HONEST_CORPUS_DIR, pathHistory } from "../support/github-sim/real/path-history.ts";
import { realHistory } from "../support/github-sim/real/real-history.ts";
import * as S from "../support/github-sim/scenarios/index.ts";
import { renamedRealCopy, rewrittenRealCopy, sharedShaHistory } from "../support/github-sim/scenarios/real-copies.ts";
import type { UserSpec } from "../support/github-sim/sim-world.ts";

export const CORPUS_FILE = join(HONEST_CORPUS_DIR, "../corpus.json");

/**
 * honest >= 70; import (an honest import or rewrite) >= 40; partial 41-69; fraud <= 40; inflation <= 40 or a
 * WARNING naming it; contradicted (a claim the history contradicts, on real own code) <= 69 with the WARNING
 */
export type CorpusKind = "honest" | "import" | "partial" | "fraud" | "inflation" | "contradicted";

/** A flag that must (or must not) be raised on a project: `rule` ("*" any) at `severity` or worse. */
export interface FlagRule {
  rule: string;
  severity: Severity;
  /** the flag's message must match this (case-insensitive regular expression) */
  mentions?: string;
  why: string;
}

export type CorpusHistory =
  | {
      kind: "fixture";
      fixture: string;
      source: string;
      head: string;
      transform?: Transform;
      notOwnWork?: string;
      /** every author and committer date moved back this many years (a date-shifting script) */
      shiftYears?: number;
    }
  | {
      /** the original's whole history re-pushed with every identity rewritten to the candidate, dates kept */
      kind: "rewritten-copy";
      fixture: string;
      source: string;
      head: string;
      originalOwner: string;
      originalName: string;
    }
  | { kind: "legacy-fixture"; fixture: string; source: string; head: string }
  | {
      kind: "renamed-copy";
      fixture: string;
      source: string;
      head: string;
      originalOwner: string;
      originalName: string;
      commits: number;
      spanDays: number;
      identicalShare: number;
      firstCommitAt: string;
    }
  | {
      kind: "shared-shas";
      fixture: string;
      source: string;
      head: string;
      originalOwner: string;
      originalName: string;
      sharedCommits: number;
      ownCommits: number;
      firstOwnCommitAt: string;
    };

/** Named date rewrites of a whole history (an honest rebase or filter-repo run) */
export type Transform = "rewrite-in-place" | "rewrite-into-new-repository";

export interface CorpusProject {
  /** the project's name on the resume */
  claim: string;
  /** the resume's date text, as written */
  dates: string;
  datePrecision: "year" | "season" | "month" | "month-year";
  /** the resume links github.com/<owner>/<repo> */
  link: boolean;
  description: string[];
  technologies: string[];
  repo: {
    name: string;
    /** an organisation owning the repository (the candidate is a member); default the candidate */
    owner?: string;
    createdAt: string;
    /** how createdAt was chosen (a git history does not record it) */
    createdAtBasis: string;
    /** own commits authored before createdAt (work started locally) */
    authoredBeforeRepo?: number;
    /** GitHub's pushed_at when it is not just after the last commit (a history pushed long after its dates) */
    pushedAt?: string;
  };
  history: CorpusHistory;
  /** commits that truly count for the candidate (automation and merges excluded); null: not judged (a copy, padding) */
  truthCommits: number | null;
  /** every own commit was committed after the repository existed: nothing in it is unanchored */
  anchored: boolean;
  ownWork: { first: string; last: string };
  mustNot?: FlagRule[];
  must?: FlagRule[];
}

export interface CorpusCandidate {
  login: string;
  class: string;
  split: "tune" | "held-out";
  /**
   * held out in a slice added after the rules had been tuned on the first split (both of its halves):
   * labelled and committed before any rule saw it, never tuned on
   */
  freshHeldOut?: boolean;
  accountCreatedAt: string;
  label: {
    kind: CorpusKind;
    score: [number, number];
    notes: string;
    /** inflation: the score range or one of `must`'s flags suffices */
    scoreOrFlag?: boolean;
    must?: Array<{
      anyOf: Array<{ score?: [number, number]; severity?: Severity; mentions?: string }>;
      why: string;
    }>;
  };
  projects: CorpusProject[];
}

export interface CorpusManifest {
  meta: {
    dateRules: string[];
    bands: Record<string, string>;
    split: string;
    counts: string;
    now: string;
    /** the folder of the history fixtures, relative to the manifest; default `histories` beside it */
    historiesDir?: string;
  };
  candidates: CorpusCandidate[];
  /** absolute folder of the history fixtures (set by loadCorpus) */
  dir?: string;
}

export function loadCorpus(file = CORPUS_FILE): CorpusManifest {
  const m = JSON.parse(readFileSync(file, "utf8")) as CorpusManifest;
  return { ...m, dir: join(dirname(file), m.meta.historiesDir ?? "histories") };
}

/** A corpus candidate made ready for the simulator: the account, its repositories, the resume. */
export interface BuiltCorpusCandidate {
  entry: CorpusCandidate;
  spec: S.CandidateSpec;
  resume: SampleResume;
  /** per project: "owner/name" of the repository it claims */
  repos: string[];
}

const title = (login: string) =>
  login
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");

const YEAR = 31_557_600;
/** A date-shifting script: every author and committer date moved back `years` years. */
const shiftBack = (years: number) => (at: number[], ct: number[]) => ({
  authorAt: at.map((t) => t - years * YEAR),
  committerAt: ct.map((t) => t - years * YEAR),
});

/** An honest whole-history rewrite: every commit re-committed in one session 30 days after the last. */
function rewrite(at: number[], ct: number[]): { authorAt: number[]; committerAt: number[] } {
  const at0 = Math.max(...ct) + 30 * 86_400;
  return { authorAt: at, committerAt: ct.map((_, i) => at0 + Math.floor(i / 3)) };
}

const honestLabel = (notes: string): S.ScenarioLabel => ({
  kind: "honest",
  expected: [],
  maxSeverity: "WARNING",
  candidateCommits: 0,
  notes,
});

function scenarioOf(c: CorpusCandidate, p: CorpusProject, dir: string): S.RepoScenario {
  const h = p.history;
  const owner = p.repo.owner;
  const label: S.ScenarioLabel = {
    ...honestLabel(c.label.notes),
    kind: c.label.kind === "honest" || c.label.kind === "import" ? "honest" : "ambiguous",
    expected: (p.must ?? [])
      .filter((m) => m.rule !== "*")
      .map((m) => ({ rule: m.rule as S.RuleName, severity: m.severity })),
    maxSeverity: c.label.kind === "honest" ? "WARNING" : "CRITICAL",
    candidateCommits: p.truthCommits ?? 0,
  };
  const base = { login: c.login, name: p.repo.name, description: p.description[0], dir };
  switch (h.kind) {
    case "fixture":
      return pathHistory({
        ...base,
        file: h.fixture,
        owner,
        label,
        createdAt: p.repo.createdAt,
        pushedAt: p.repo.pushedAt,
        transform: h.transform ? rewrite : h.shiftYears ? shiftBack(h.shiftYears) : undefined,
      });
    case "rewritten-copy":
      return rewrittenRealCopy({
        ...base,
        ...h,
        file: h.fixture,
        createdAt: p.repo.createdAt,
        label,
        description: p.description[0]!,
      });
    case "legacy-fixture":
      return realHistory({ ...base, file: h.fixture, label, createdAt: p.repo.createdAt });
    case "renamed-copy":
      return renamedRealCopy({ ...base, ...h, file: h.fixture, description: p.description[0]!, label });
    case "shared-shas":
      return sharedShaHistory({ ...base, ...h, file: h.fixture, description: p.description[0]!, label });
  }
}

/** Builds one corpus candidate: its repositories (organisation-owned ones too), account and resume. */
export function buildCorpusCandidate(
  c: CorpusCandidate,
  dir = join(dirname(CORPUS_FILE), "histories"),
): BuiltCorpusCandidate {
  const scenarios = c.projects.map((p) => scenarioOf(c, p, dir));
  const own = scenarios.filter((s) => s.repo.owner === c.login);
  const spec = S.assembleCandidate({ login: c.login, name: title(c.login), createdAt: c.accountCreatedAt, repos: own });
  // an organisation's repository: the organisation is an account of its own; the commits stay the candidate's
  for (const s of scenarios.filter((x) => x.repo.owner !== c.login)) {
    const org: UserSpec = {
      login: s.repo.owner,
      name: title(s.repo.owner),
      createdAt: "2011-01-01T00:00:00Z",
      type: "Organization",
    };
    for (const u of [org, ...s.users])
      if (!spec.users.some((x) => x.login.toLowerCase() === u.login.toLowerCase())) spec.users.push(u);
    spec.repos.push(...s.prerequisites, s.repo);
    spec.scenarios.push({ fullName: `${s.repo.owner}/${s.repo.name}`, scenario: s.scenario, label: s.label });
  }
  const projects: SampleProject[] = c.projects.map((p, i) => {
    const s = scenarios[i]!;
    return {
      name: p.claim,
      ...(p.link ? { repoUrl: `github.com/${s.repo.owner}/${s.repo.name}` } : {}),
      technologies: p.technologies,
      dates: p.dates,
      description: p.description,
    };
  });
  return {
    entry: c,
    spec,
    resume: { name: title(c.login), githubLogin: c.login, email: `${c.login}@example.com`, projects },
    repos: scenarios.map((s) => `${s.repo.owner}/${s.repo.name}`),
  };
}
