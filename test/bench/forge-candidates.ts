/**
 * Candidates of the analysis benchmark whose work is on GitLab (gitlab.com) and on a Gitea/Forgejo host
 * (codeberg.org), served by the GitLab and Gitea simulators from real git repositories, some with work on
 * GitHub too. Each candidate names its accounts per host, as a verification's hostUsername and accounts
 * do; each labelled repository keeps the scenario library's label, and the targets are GitHub's.
 */
import type { SampleProject, SampleResume } from "../demo/resume-pdf.ts";
import { backdatedIntoOldProject } from "../support/forge-sim/forge-scenarios.ts";
import * as S from "../support/github-sim/scenarios/index.ts";
import type { CandidateKind } from "./analysis-candidates.ts";
import { title } from "./analysis-candidates.ts";

export type BenchHost = "github.com" | "gitlab.com" | "codeberg.org";

export interface ForgeBenchCandidate {
  kind: CandidateKind;
  /** the candidate's name in the tables */
  name: string;
  /** one account per host, with the repositories built there */
  accounts: Array<{ host: BenchHost; spec: S.CandidateSpec }>;
  resume: SampleResume;
  /** per claim: the repository it should match (host/owner/name), or null when none should */
  truth: Array<{ claim: string; repo: string | null }>;
  /** what this candidate is in the suite for, one line */
  purpose: string;
}

const NOW = S.SCENARIO_NOW;
const o = <T extends object>(login: string, extra: T = {} as T) => ({ login, now: NOW, ...extra });

/** A line under a project's title, as resumes write one: the repository's description. */
const described = (s: S.RepoScenario) => (s.repo.description ? [s.repo.description] : []);
/** A claim linking a repository on its host. */
const link = (host: BenchHost, s: S.RepoScenario, extra: Partial<SampleProject> = {}) => ({
  project: {
    name: title(s.repo.name),
    repoUrl: `${host}/${s.repo.owner}/${s.repo.name}`,
    description: described(s),
    ...extra,
  },
  repo: `${host}/${s.repo.owner}/${s.repo.name}`,
});
/** A claim without a link, matched by its name among the candidate's repositories on every host. */
const named = (host: BenchHost, s: S.RepoScenario, extra: Partial<SampleProject> = {}) => ({
  project: { name: title(s.repo.name), description: described(s), ...extra },
  repo: `${host}/${s.repo.owner}/${s.repo.name}`,
});

function candidate(
  kind: CandidateKind,
  name: string,
  purpose: string,
  accounts: Array<{ host: BenchHost; login: string; repos: S.RepoScenario[]; createdAt?: string }>,
  claims: Array<{ project: SampleProject; repo: string | null }>,
): ForgeBenchCandidate {
  const github = accounts.find((a) => a.host === "github.com");
  return {
    kind,
    name,
    purpose,
    accounts: accounts.map((a) => ({
      host: a.host,
      spec: S.assembleCandidate({ login: a.login, name: title(name), createdAt: a.createdAt, repos: a.repos }),
    })),
    resume: {
      name: title(name),
      email: `${name}@example.com`,
      ...(github ? { githubLogin: github.login } : {}),
      profiles: accounts.filter((a) => a.host !== "github.com").map((a) => `${a.host}/${a.login}`),
      projects: claims.map((c) => c.project),
    },
    truth: claims.map((c) => ({ claim: c.project.name, repo: c.repo })),
  };
}

export function forgeBenchCandidates(): ForgeBenchCandidate[] {
  const hana = [
    S.honestHistory(
      o("gl-hana", {
        name: "route-planner",
        language: "Go",
        months: 10,
        commits: 70,
        description: "Route planning service for delivery fleets",
        topics: ["routing", "logistics"],
      }),
    ),
    S.honestRebase(o("gl-hana")),
    S.forkWithOwnWork(o("gl-hana")),
    S.aiAssistedHistory(o("gl-hana")),
  ];
  const mallory = [
    S.paintedGraph(o("gl-mallory")),
    backdatedIntoOldProject(o("gl-mallory")),
    S.randomDateBot(o("gl-mallory")),
  ];
  const una = [backdatedIntoOldProject(o("gl-una", { name: "billing-engine" }))];
  const ines = [S.honestImport(o("gl-ines"))];
  const carol = [
    S.honestHistory(
      o("cb-carol", {
        name: "tiny-wiki",
        language: "Rust",
        months: 8,
        commits: 55,
        description: "A wiki engine in one binary",
        topics: ["wiki"],
      }),
    ),
    S.honestRebase(o("cb-carol")),
    S.forkWithOwnWork(o("cb-carol")),
  ];
  const nina = [S.cronFarm(o("cb-nina")), S.paintedGraph(o("cb-nina", { name: "green-wall", clockTime: "23:30:00" }))];
  const anaGitHub = [
    S.honestHistory(
      o("ana-gh", {
        name: "api-kit",
        commits: 45,
        description: "Typed HTTP client generator",
        topics: ["api"],
      }),
    ),
  ];
  const anaGitLab = [
    S.honestHistory(
      o("ana-gl", {
        name: "fleet-monitor",
        language: "Python",
        months: 9,
        commits: 60,
        description: "Telemetry dashboards for vehicle fleets",
        topics: ["telemetry"],
      }),
    ),
    S.botCommits(o("ana-gl")),
  ];
  const ottoGitHub = [S.paintedGraph(o("otto-gh"))];
  const ottoGitLab = [backdatedIntoOldProject(o("otto-gl", { name: "trade-engine" }))];
  return [
    candidate(
      "honest",
      "hana",
      "GitLab: an honest history, a rebase, a fork with own work, AI-assisted work; commits tied without account links",
      [{ host: "gitlab.com", login: "gl-hana", repos: hana }],
      [
        link("gitlab.com", hana[0]!, { technologies: ["Go"], dates: "2025" }),
        link("gitlab.com", hana[1]!),
        link("gitlab.com", hana[2]!, { name: "FastCSV (fork, performance work)" }),
        named("gitlab.com", hana[3]!),
      ],
    ),
    candidate(
      "fraud",
      "mallory",
      "GitLab: a painted graph, a backdated history only the push events expose, random dates",
      [{ host: "gitlab.com", login: "gl-mallory", repos: mallory, createdAt: "2023-06-01T10:00:00Z" }],
      mallory.map((s) => link("gitlab.com", s)),
    ),
    candidate(
      "doubtful",
      "una",
      "GitLab: one history backdated into an old project; nothing in git shows it, the push events do",
      [{ host: "gitlab.com", login: "gl-una", repos: una }],
      [link("gitlab.com", una[0]!, { dates: "Jan 2024 - Dec 2025" })],
    ),
    candidate(
      "import",
      "ines",
      "GitLab: years of local work imported when the project was created, ordinary work after",
      [{ host: "gitlab.com", login: "gl-ines", repos: ines }],
      [link("gitlab.com", ines[0]!)],
    ),
    candidate(
      "honest",
      "carol",
      "Codeberg (Forgejo): an honest history, a rebase, a fork with own work",
      [{ host: "codeberg.org", login: "cb-carol", repos: carol }],
      [
        link("codeberg.org", carol[0]!, { technologies: ["Rust"] }),
        link("codeberg.org", carol[1]!),
        named("codeberg.org", carol[2]!, { name: "FastCSV" }),
      ],
    ),
    candidate(
      "fraud",
      "nina",
      "Codeberg (Forgejo): a cron farm and a painted graph",
      [{ host: "codeberg.org", login: "cb-nina", repos: nina }],
      nina.map((s) => link("codeberg.org", s)),
    ),
    candidate(
      "honest",
      "ana",
      "GitHub and GitLab: one project on each, one matched by name across both hosts, one closed-source claim",
      [
        { host: "github.com", login: "ana-gh", repos: anaGitHub },
        { host: "gitlab.com", login: "ana-gl", repos: anaGitLab },
      ],
      [
        link("github.com", anaGitHub[0]!),
        link("gitlab.com", anaGitLab[0]!),
        named("gitlab.com", anaGitLab[1]!),
        { project: { name: "Internal billing platform", description: ["Closed-source payments work"] }, repo: null },
      ],
    ),
    candidate(
      "fraud",
      "otto",
      "GitHub and GitLab: a painted graph on GitHub, a history backdated into an old GitLab project",
      [
        { host: "github.com", login: "otto-gh", repos: ottoGitHub, createdAt: "2024-01-10T10:00:00Z" },
        { host: "gitlab.com", login: "otto-gl", repos: ottoGitLab },
      ],
      [link("github.com", ottoGitHub[0]!), link("gitlab.com", ottoGitLab[0]!)],
    ),
  ];
}
