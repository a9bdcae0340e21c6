import type { ForensicRuleId, Severity } from "../../../../src/analysis/types.ts";
import type { GitIdentity } from "../git-writer.ts";
import type { RepoSpec, UserSpec } from "../sim-world.ts";

/** The reference "now" of scenarios (ManualClock's default): every history is placed relative to it. */
export const SCENARIO_NOW = "2026-01-01T00:00:00Z";

/** Names of the analysis's rules (docs/analysis.md), used to label what a scenario should trigger. */
export type RuleName = ForensicRuleId | "AI_AGENT";

export type { Severity } from "../../../../src/analysis/types.ts";

/**
 * What a scenario is, for benchmarks: `kind` says whether an honest developer could have made it;
 * `expected` lists the flags a correct analysis raises (rule at its minimum severity); `maxSeverity` is
 * the highest severity a correct analysis may reach (honest histories must stay below CRITICAL);
 * `candidateCommits` is the number of commits that truly count for the candidate.
 */
export interface ScenarioLabel {
  kind: "honest" | "fraud" | "ambiguous";
  expected: Array<{ rule: RuleName; severity: Severity }>;
  maxSeverity: Severity | null;
  candidateCommits: number;
  /** commits linked to the candidate that a scheduled job made: not their work, so not in candidateCommits */
  automatedCommits?: number;
  notes: string;
}

/** One scenario's output: the candidate's repository plus the accounts and repositories it needs. */
export interface RepoScenario {
  /** the builder's name, e.g. "paintedGraph" */
  scenario: string;
  repo: RepoSpec;
  /** other accounts the history references (upstream maintainers, organisations) */
  users: UserSpec[];
  /** repositories that must exist first (a fork's parent) */
  prerequisites: RepoSpec[];
  label: ScenarioLabel;
}

/** Options every builder takes. */
export interface ScenarioOptions {
  /** the candidate's login: owner of the repository and author of "their" commits */
  login: string;
  /** repository name (each builder has a default) */
  name?: string;
  /** ISO reference time; histories end before it (default SCENARIO_NOW) */
  now?: string;
  /** default: derived from login + name, so identical options give identical SHAs */
  seed?: number;
  description?: string | null;
  topics?: string[];
  homepage?: string | null;
}

/** A whole candidate: the account, every account and repository to build (in order), and labels. */
export interface CandidateSpec {
  login: string;
  user: UserSpec;
  users: UserSpec[];
  repos: RepoSpec[];
  scenarios: Array<{ fullName: string; scenario: string; label: ScenarioLabel }>;
}

/** The email a candidate commits with (linked to the account). */
export const candidateEmail = (login: string): string => `${login.toLowerCase()}@example.com`;

/** The git identity a candidate commits as. */
export const candidateIdentity = (login: string, name?: string): GitIdentity => ({
  name: name ?? login,
  email: candidateEmail(login),
});

/**
 * Puts scenarios together into one candidate: the account (linked to candidateEmail), the other
 * accounts they reference and their repositories, prerequisites first, duplicates dropped.
 */
export function assembleCandidate(opts: {
  login: string;
  name?: string | null;
  /** account creation time (default 2018-03-14) */
  createdAt?: string;
  repos: RepoScenario[];
  /** more emails linked to the account */
  emails?: string[];
}): CandidateSpec {
  const user: UserSpec = {
    login: opts.login,
    name: opts.name ?? null,
    createdAt: opts.createdAt ?? "2018-03-14T10:00:00Z",
    emails: [candidateEmail(opts.login), ...(opts.emails ?? [])],
  };
  const users = new Map<string, UserSpec>([[opts.login.toLowerCase(), user]]);
  const repos = new Map<string, RepoSpec>();
  for (const s of opts.repos) {
    if (s.repo.owner.toLowerCase() !== opts.login.toLowerCase()) {
      throw new Error(
        `scenario ${s.scenario} builds ${s.repo.owner}/${s.repo.name}, not a repository of ${opts.login}`,
      );
    }
    for (const u of s.users) if (!users.has(u.login.toLowerCase())) users.set(u.login.toLowerCase(), u);
    for (const r of s.prerequisites) repos.set(`${r.owner}/${r.name}`.toLowerCase(), r);
  }
  for (const s of opts.repos) {
    const key = `${s.repo.owner}/${s.repo.name}`.toLowerCase();
    if (repos.has(key)) throw new Error(`two scenarios build ${key}`);
    repos.set(key, s.repo);
  }
  return {
    login: opts.login,
    user,
    users: [...users.values()],
    repos: [...repos.values()],
    scenarios: opts.repos.map((s) => ({
      fullName: `${s.repo.owner}/${s.repo.name}`,
      scenario: s.scenario,
      label: s.label,
    })),
  };
}
