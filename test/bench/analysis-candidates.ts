/**
 * Candidates of the analysis benchmark beyond the scenario library: where histories come from, made with
 * real git (a dump behind a README-only root, copies that are not forks, a history GitHub never saw being
 * made, an honest import, a blocked repository, a diff GitHub cannot render), and real public histories
 * under fictional logins (test/fixtures/histories, derived with test/support/github-sim/real/derive-fixture.ts).
 *
 * HELD_OUT lists the real histories that were never looked at while the rules were written or tuned:
 * they were run only by the benchmark, and their figures are reported apart.
 */
import type { Severity } from "../../src/analysis/types.ts";
import type { SampleProject, SampleResume } from "../demo/resume-pdf.ts";
import type { GitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { loadHistory, realCommits, realHistory } from "../support/github-sim/real/real-history.ts";
import * as S from "../support/github-sim/scenarios/index.ts";

export type Expect = { rule: string; severity: Severity };
/**
 * honest >= 70; fraud <= 40; mixed: no target; partial (one honest + one unverifiable) and import: 40-70;
 * doubtful: not HIGH, <= 50; discredited (one honest claim + one discredited): 41-69; inflation (a
 * scheduled job's commits sold as work): <= 40 or a WARNING that names the automation
 */
export type CandidateKind =
  | "honest"
  | "fraud"
  | "mixed"
  | "partial"
  | "import"
  | "doubtful"
  | "discredited"
  | "inflation";

export interface BenchCandidate {
  kind: CandidateKind;
  spec: S.CandidateSpec;
  resume: SampleResume;
  /** per claim: the repository it should match ("owner/name"), or null when none should */
  truth: Array<{ claim: string; repo: string | null }>;
  /** resume- or account-level flags the analysis should raise */
  expected?: Expect[];
  /** a simulator change before the run (block a repository, break a diff) */
  prepare?: (sim: GitHubSimulator) => Promise<void>;
}

export const HELD_OUT = new Set([
  "chibicc.json",
  "furkando-activity.json.gz",
  "Avinraj01-activity.json.gz",
  "hieundx-activity.json",
  "morgan.json",
  "Github-activity-generator.json.gz",
  "contribution-graph-filler.json",
  "github-contribution-graph-hacker.json",
]);

export const title = (name: string) =>
  name
    .split(/[-_]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");

export const linkTo = (s: S.RepoScenario, extra: Partial<SampleProject> = {}): SampleProject => ({
  name: title(s.repo.name),
  repoUrl: `github.com/${s.repo.owner}/${s.repo.name}`,
  ...extra,
});

export function candidate(
  kind: CandidateKind,
  login: string,
  repos: S.RepoScenario[],
  claims: Array<{ project: SampleProject; repo: string | null }>,
  opts: {
    createdAt?: string;
    resume?: Partial<SampleResume>;
    expected?: Expect[];
    prepare?: BenchCandidate["prepare"];
  } = {},
): BenchCandidate {
  const spec = S.assembleCandidate({ login, name: title(login), createdAt: opts.createdAt, repos });
  return {
    kind,
    spec,
    resume: {
      name: title(login),
      githubLogin: login,
      email: `${login}@example.com`,
      projects: claims.map((c) => c.project),
      ...opts.resume,
    },
    truth: claims.map((c) => ({ claim: c.project.name, repo: c.repo })),
    expected: opts.expected,
    prepare: opts.prepare,
  };
}

const full = (s: S.RepoScenario) => `${s.repo.owner}/${s.repo.name}`;
const linked = (s: S.RepoScenario, extra: Partial<SampleProject> = {}) => ({
  project: linkTo(s, extra),
  repo: full(s),
});
const honestLabel = (notes: string, expected: Expect[] = []) => ({
  kind: "honest" as const,
  expected: expected as S.ScenarioLabel["expected"],
  maxSeverity: "WARNING" as const,
  notes,
});
const fraudLabel = (notes: string, expected: Expect[]) => ({
  kind: "fraud" as const,
  expected: expected as S.ScenarioLabel["expected"],
  maxSeverity: "CRITICAL" as const,
  notes,
});

/** An honest rewrite of a real history: every commit re-committed in one session (rebase, filter-repo). */
const rewrite = (at: number[], ct: number[]) => {
  const at0 = Math.max(...ct) + 30 * 86_400;
  return { authorAt: at, committerAt: ct.map((_, i) => at0 + Math.floor(i / 3)) };
};

/** A copy of a real history's final tree by another account, re-committed in 3 commits within an hour. */
function realCopy(login: string, file: string, name: string): S.RepoScenario {
  const owner = `${login}-orig`;
  const original = realCommits({ file, login, owner, name, label: honestLabel("original") });
  const files: Record<string, string> = {};
  for (const c of original.commits)
    for (const [p, v] of Object.entries(c.files ?? {})) {
      if (v === null) delete files[p];
      else files[p] = v;
    }
  const paths = Object.keys(files).sort();
  const h = loadHistory(file);
  const last = Math.max(...h.committerAt) * 1000 + 400 * 86_400_000;
  const me = S.candidateIdentity(login);
  const thirds = [paths.slice(0, 2), paths.slice(2, paths.length >> 1), paths.slice(paths.length >> 1)];
  const commits = thirds.map((ps, i) => ({
    author: me,
    authorDate: last + i * 20 * 60_000,
    message: ["Initial commit", "Add sources", "Add the rest"][i]!,
    files: Object.fromEntries(ps.map((p) => [p, files[p]!])),
  }));
  const origUser = { login: owner, name: owner, createdAt: "2012-01-01T00:00:00Z", emails: [`${owner}@example.org`] };
  return {
    scenario: `real-copy:${h.fixture.source}`,
    repo: {
      owner: login,
      name,
      description: "Paints text on the contribution graph",
      createdAt: S.iso(last - 600_000),
      commits,
    },
    users: [origUser, ...original.users],
    prerequisites: [
      {
        owner,
        name,
        description: "Paints text on the contribution graph",
        createdAt: S.iso(Math.min(...h.committerAt) * 1000 - 3_600_000),
        stargazers: 250,
        commits: original.commits,
      },
    ],
    label: {
      ...fraudLabel(`${owner}/${name}'s final tree re-committed in 3 commits`, [
        { rule: "COPIED_REPOSITORY", severity: "CRITICAL" },
      ]),
      candidateCommits: 3,
    },
  };
}

export function provenanceAndRealCandidates(now: string): BenchCandidate[] {
  const o = (login: string, extra: Partial<S.ScenarioOptions> = {}) => ({ login, now, ...extra });
  const sam = [S.readmeThenDump(o("sam-dump"))];
  const cora = [S.copiedRepository(o("cora-copy"))];
  const mo = [
    S.copiedRepository({ ...o("mo-copy"), name: "task-board", originalOwner: "board-maker", changedFiles: 2 }),
  ];
  const una = [S.unanchoredHistory(o("una-backdate"))];
  const ivy = [
    S.honestImport(o("ivy-import")),
    S.honestHistory({ ...o("ivy-import"), name: "lab-notes", commits: 30 }),
  ];
  const uma = [S.honestHistory({ ...o("uma-split"), name: "route-planner", commits: 60 })];
  const video = S.honestHistory({ ...o("blake-blocked"), name: "video-tool", commits: 25 });
  // blocked before the run: nothing of it can be counted, the claim is reported unavailable
  const blockedRepo: S.RepoScenario = {
    ...video,
    scenario: "blockedRepository",
    label: {
      ...video.label,
      expected: [{ rule: "REPO_UNAVAILABLE" as S.RuleName, severity: "WARNING" }],
      candidateCommits: 0,
      notes: "a DMCA-blocked repository (451 on every call)",
    },
  };
  const blake = [S.honestHistory({ ...o("blake-blocked"), name: "photo-sorter", commits: 45 }), blockedRepo];
  const dina = [S.honestHistory({ ...o("dina-diff"), name: "geo-tiles", commits: 40 }), S.bulkDump(o("dina-diff"))];

  const r = (
    login: string,
    file: string,
    name: string,
    label: Parameters<typeof realHistory>[0]["label"],
    extra: Partial<Parameters<typeof realHistory>[0]> = {},
  ) => realHistory({ file, login, name, label, ...extra });
  const rhea = [r("rhea-long", "chalk.json", "term-colors", honestLabel("chalk: 13 years, several authors, merges"))];
  const remy = [
    r("remy-tools", "AutoGitfiti.json", "auto-graffiti", honestLabel("AutoGitfiti: 99 commits over 12 days")),
    r(
      "remy-tools",
      "daily-activity-generator.json",
      "daily-gen",
      honestLabel("17 months, contributors, dependabot", [{ rule: "BOT_AUTHOR", severity: "INFO" }]),
    ),
    r("remy-tools", "github-contribution-graph-writer.json", "graph-writer", honestLabel("40 commits over 5 days")),
  ];
  const rafa = [
    r(
      "rafa-paint",
      "github-activity-generator.json",
      "activity-art",
      fraudLabel("401 of 403 commits at one clock time, authored over 13 months, committed within minutes", [
        { rule: "CLOCK_TIME_MONOCULTURE", severity: "CRITICAL" },
        { rule: "BACKDATED_SPLIT", severity: "CRITICAL" },
        { rule: "REPEATED_OR_TIMESTAMP_MESSAGES", severity: "WARNING" },
      ]),
    ),
  ];
  const rory = [
    r(
      "rory-bot",
      "Github-activity-generator.json.gz",
      "progress-log",
      fraudLabel("28,110 generated commits over four months", [
        { rule: "IDENTICAL_AUTHOR_TIMESTAMPS", severity: "CRITICAL" },
      ]),
    ),
  ];
  const rina = [r("rina-long", "morgan.json", "http-logger", honestLabel("morgan: 12 years, maintainers, dependabot"))];
  const rune = [
    r("rune-small", "contribution-graph-filler.json", "graph-filler", honestLabel("20 commits over 6 months")),
    r(
      "rune-small",
      "github-contribution-graph-hacker.json",
      "graph-hacker",
      honestLabel("14 commits in two days, two authors"),
    ),
    r("rune-small", "Paint-GitHub-Contribution-Graph.json", "graph-paint", honestLabel("10 commits over 9 days")),
  ];
  const reed = [
    r(
      "reed-rewrite",
      "chalk.json",
      "term-colors",
      honestLabel("chalk's history re-committed in one session (a whole-history rewrite)", [
        { rule: "BACKDATED_SPLIT", severity: "WARNING" },
      ]),
      {
        transform: rewrite,
        createdAt: S.iso(loadHistory("chalk.json").authorAt[0]! * 1000 - 3_600_000),
      },
    ),
  ];
  // a real deliberate whole-history rewrite: 241 of 316 commits share one committer second; the
  // repository is assumed published from its first day (created_at is not in a git history)
  const chibicc = loadHistory("chibicc.json");
  const cleo = [
    r(
      "cleo-compiler",
      "chibicc.json",
      "small-c",
      honestLabel("chibicc: a compiler's history rewritten chapter by chapter", [
        { rule: "BACKDATED_SPLIT", severity: "WARNING" },
        { rule: "COMMIT_BURST", severity: "WARNING" },
      ]),
      { createdAt: S.iso(Math.min(...chibicc.authorAt) * 1000 - 86_400_000) },
    ),
  ];
  // committer dates forged from 1971 to 2050: GitHub saw the last real push, assumed an hour after the
  // newest committer date before the day the fixture was derived
  const furk = loadHistory("furkando-activity.json.gz");
  const derivedAt = Date.parse("2026-11-23T00:00:00Z") / 1000;
  const lastReal = Math.max(...furk.committerAt.filter((t) => t <= derivedAt)) * 1000 + 3_600_000;
  const fern = [
    r(
      "fern-paint",
      "furkando-activity.json.gz",
      "green-graph",
      fraudLabel("808 of 895 commits at 12:00:00, dates from 1971 to 2050 (both dates set)", [
        { rule: "CLOCK_TIME_MONOCULTURE", severity: "CRITICAL" },
        { rule: "FUTURE_AUTHOR_DATE", severity: "WARNING" },
      ]),
      { createdAt: S.iso(lastReal - 2 * 3_600_000), pushedAt: S.iso(lastReal) },
    ),
  ];
  const ada = [
    r(
      "ada-bot",
      "Avinraj01-activity.json.gz",
      "daily-streak",
      fraudLabel("1,994 of 2,000 commits at 00:00:00 local, authored over 28 months, committed within 11 days", [
        { rule: "CLOCK_TIME_MONOCULTURE", severity: "CRITICAL" },
        { rule: "BACKDATED_SPLIT", severity: "WARNING" },
      ]),
    ),
  ];
  const hugo = [
    r("hugo-tools", "hieundx-activity.json", "activity-tool", honestLabel("31 commits over five years, two authors")),
  ];
  const morgan = loadHistory("morgan.json");
  const importAt = morgan.committerAt[Math.floor(morgan.committerAt.length * 0.7)]! * 1000;
  const iris = [
    r(
      "iris-import",
      "morgan.json",
      "http-logger",
      {
        ...honestLabel("morgan's first 70 % pushed at once when the repository was created, work went on after", [
          { rule: "UNANCHORED_HISTORY", severity: "WARNING" },
        ]),
      },
      { createdAt: S.iso(importAt) },
    ),
  ];
  const cole = [realCopy("cole-copy", "AutoGitfiti.json", "auto-graffiti")];

  return [
    // the claimed 18 months beside a history of one day: every commit is anchored, so the period is a note
    // (dates at the precision written); the dump it is carries the weight
    candidate("fraud", "sam-dump", sam, [linked(sam[0]!, { dates: "Jun 2024 - Nov 2025" })], {
      expected: [{ rule: "UNANCHORED_HISTORY", severity: "INFO" }],
    }),
    candidate("fraud", "cora-copy", cora, [linked(cora[0]!, { dates: "Jan 2023 - Dec 2024" })]),
    candidate("doubtful", "mo-copy", mo, [linked(mo[0]!)]),
    candidate("doubtful", "una-backdate", una, [linked(una[0]!, { dates: "Jan 2023 - Jun 2025" })]),
    candidate("import", "ivy-import", [ivy[0]!], [linked(ivy[0]!)]),
    candidate("partial", "uma-split", uma, [
      linked(uma[0]!),
      {
        project: { name: "Payments Platform", description: ["Card payments at a fintech, closed source"] },
        repo: null,
      },
    ]),
    candidate("partial", "blake-blocked", blake, [linked(blake[0]!), linked(blake[1]!)], {
      expected: [{ rule: "REPO_UNAVAILABLE", severity: "WARNING" }],
      prepare: async (sim) => sim.block(full(blockedRepo)),
    }),
    candidate("mixed", "dina-diff", dina, [linked(dina[0]!), linked(dina[1]!)], {
      prepare: async (sim) => {
        const repo = sim.world.repo(full(dina[1]!))!;
        const oldest = (await sim.world.commits(repo)).at(-1)!.sha;
        sim.failDiff(full(dina[1]!), oldest);
      },
    }),
    candidate("honest", "rhea-long", rhea, [linked(rhea[0]!)], { createdAt: "2012-05-01T00:00:00Z" }),
    candidate(
      "honest",
      "remy-tools",
      remy,
      remy.map((s) => linked(s)),
      { createdAt: "2012-05-01T00:00:00Z" },
    ),
    candidate("fraud", "rafa-paint", rafa, [linked(rafa[0]!)], { createdAt: "2019-05-01T00:00:00Z" }),
    candidate("fraud", "rory-bot", rory, [linked(rory[0]!)], { createdAt: "2019-05-01T00:00:00Z" }),
    candidate("honest", "rina-long", rina, [linked(rina[0]!)], { createdAt: "2012-05-01T00:00:00Z" }),
    candidate(
      "honest",
      "rune-small",
      rune,
      rune.map((s) => linked(s)),
      { createdAt: "2012-05-01T00:00:00Z" },
    ),
    candidate("honest", "reed-rewrite", reed, [linked(reed[0]!)], { createdAt: "2012-05-01T00:00:00Z" }),
    candidate("fraud", "fern-paint", fern, [linked(fern[0]!)], { createdAt: "2019-05-01T00:00:00Z" }),
    candidate("fraud", "ada-bot", ada, [linked(ada[0]!)], { createdAt: "2019-05-01T00:00:00Z" }),
    candidate("honest", "hugo-tools", hugo, [linked(hugo[0]!)], { createdAt: "2012-05-01T00:00:00Z" }),
    candidate("honest", "cleo-compiler", cleo, [linked(cleo[0]!)], { createdAt: "2012-05-01T00:00:00Z" }),
    candidate("import", "iris-import", iris, [linked(iris[0]!)], { createdAt: "2012-05-01T00:00:00Z" }),
    candidate("fraud", "cole-copy", cole, [linked(cole[0]!)], { createdAt: "2012-05-01T00:00:00Z" }),
  ];
}

/**
 * The validation set: real histories of kinds the suite did not hold, each labelled with its expected band
 * before the analysis was ever run on it. Their first figures are an unseen-data measurement
 * (docs/analysis.md); they are reported apart.
 */
export const VALIDATION_FIXTURES = new Set([
  "til.json.gz",
  "dotfiles.json.gz",
  "pyparsing.json.gz",
  "ms.json",
  "itsdangerous.json.gz",
  "commons-cli.json.gz",
  "confd.json.gz",
  "changed-files.json.gz",
  "Fake-Commit.json",
  "green-squares-bot.json.gz",
  "green-squares-bot-fork.json.gz",
  "green-squares.json",
  "fake-commit-repo.json",
  "Workout-Tracker.json",
  "Math-Magicians.json",
]);

/** A scenario's repository moved to an organisation the candidate belongs to (their commits stay theirs). */
function teamRepo(org: string, s: S.RepoScenario): S.RepoScenario {
  const orgUser = { login: org, name: title(org), createdAt: "2011-01-01T00:00:00Z", type: "Organization" as const };
  return { ...s, repo: { ...s.repo, owner: org }, users: [...s.users, orgUser] };
}

export function validationCandidates(): BenchCandidate[] {
  const r = (
    login: string,
    file: string,
    name: string,
    label: Parameters<typeof realHistory>[0]["label"],
    extra = {},
  ) => realHistory({ file, login, name, label, ...extra });
  const bots = [{ rule: "BOT_AUTHOR", severity: "INFO" as const }];
  const tess = [
    r("tess-notes", "til.json.gz", "til", honestLabel("a notes repository: 2,348 tiny commits over 11 years", bots)),
  ];
  const dora = [
    r(
      "dora-dotfiles",
      "dotfiles.json.gz",
      "dotfiles",
      honestLabel("dotfiles: 516 of 762 commits over 13 years, about 140 contributors' small pull requests"),
    ),
  ];
  const pablo = [
    r(
      "pablo-parser",
      "pyparsing.json.gz",
      "text-parser",
      honestLabel("a parser library kept 14 years: one maintainer under two author names, repo-wide black runs"),
    ),
  ];
  // a team repository belongs to its organisation, not to the candidate (ms is the org's)
  const tomas = [
    teamRepo(
      "tiny-libs",
      r(
        "tomas-team",
        "ms.json",
        "time-format",
        honestLabel("a team repository: the candidate wrote 18 of 181 commits; squash-merged PRs, a prettier run"),
      ),
    ),
  ];
  const ivo = [
    r(
      "ivo-signing",
      "itsdangerous.json.gz",
      "safe-tokens",
      honestLabel("a maintained library: 341 own commits, 179 bot commits, 241 merges", bots),
    ),
  ];
  // the SVN era's main author: every commit of theirs (2002-2010) predates the move to git in 2017
  const hal = [
    r(
      "hal-svn",
      "commons-cli.json.gz",
      "cli-parser",
      honestLabel("imported from SVN (git-svn ids): the candidate's 219 commits of 2002-2010, before the move", [
        { rule: "UNANCHORED_HISTORY", severity: "WARNING" },
      ]),
      { createdAt: "2017-06-05T17:38:41Z" },
    ),
  ];
  const kai = [
    r(
      "kai-config",
      "confd.json.gz",
      "conf-sync",
      honestLabel("a Go tool: 443 own commits, vendored dependencies committed (one update of 128,222 lines)"),
    ),
  ];
  const bea = [
    r(
      "bea-actions",
      "changed-files.json.gz",
      "changed-paths",
      honestLabel("a CI action: 2,150 own commits beside 1,271 renovate/dependabot commits over 5 years", bots),
    ),
  ];
  const faye = [
    r(
      "faye-backdate",
      "Fake-Commit.json",
      "fake-commit",
      fraudLabel("206 commits authored from Jan 2023 but all committed on 2024-11-13/14", [
        { rule: "BACKDATED_SPLIT", severity: "CRITICAL" },
        { rule: "PREDATES_REPO_OR_ACCOUNT", severity: "WARNING" },
      ]),
    ),
  ];
  // Labelled with all 3,166 commits counting before the rules knew a job's runs. Relabelled by the general
  // rule "automation is not work": 3,044 of them come in the workflow's runs (several template commits at
  // one second, on 261 days, 96 % of the history), so 122 count; the forensic findings are unchanged. (118
  // while the fixture's distinct subjects were committed as "Change 1", "Change 2" ..., one numbered
  // template: 4 commits with subjects of their own were then taken for the job's.)
  const gus = [
    r("gus-cron", "green-squares-bot.json.gz", "green-squares", {
      ...fraudLabel("3,166 commits by a scheduled workflow, several per run at one second, filler messages", [
        { rule: "IDENTICAL_AUTHOR_TIMESTAMPS", severity: "CRITICAL" },
        { rule: "REPEATED_OR_TIMESTAMP_MESSAGES", severity: "WARNING" },
        { rule: "AUTOMATED_COMMITS", severity: "INFO" },
      ]),
      candidateCommits: 122,
    }),
  ];
  const sid = [
    r(
      "sid-fork",
      "green-squares-bot-fork.json.gz",
      "green-squares",
      fraudLabel("another account's painter history (1,472 commits) pushed as own, then 328 own cron commits", [
        { rule: "FOREIGN_HISTORY", severity: "WARNING" },
        { rule: "REPEATED_OR_TIMESTAMP_MESSAGES", severity: "WARNING" },
      ]),
    ),
  ];
  // Labelled fraud (CLOCK_TIME_MONOCULTURE CRITICAL) before the rules knew automation. Relabelled by the
  // general rules "regularity alone is a habit, CRITICAL needs padding" and "automation is not work": 277
  // of its 324 commits are a scheduled job's daily fact (two five-minute windows, the same two files, no
  // padding), 47 are the bot's development (43 on two days, 2 setting up the job, 2 later edits). The
  // resume sells the streak: inflation, capped as a mostly discredited claim ("doubtful": not HIGH, <= 50).
  const fay = [
    r("fay-facts", "green-squares.json", "green-squares", {
      kind: "ambiguous",
      expected: [
        { rule: "AUTOMATED_COMMITS", severity: "INFO" },
        { rule: "INFLATED_ACTIVITY", severity: "WARNING" },
        { rule: "CLOCK_TIME_MONOCULTURE", severity: "INFO" },
      ],
      maxSeverity: "WARNING",
      candidateCommits: 47,
      notes: "a cron job's 'fact of the day': 277 of 324 commits inside two 5-minute windows of the day; 47 by hand",
    }),
  ];
  const omar = [
    r(
      "omar-backdate",
      "fake-commit-repo.json",
      "fake-commit-repo",
      {
        kind: "ambiguous",
        expected: [{ rule: "PREDATES_REPO_OR_ACCOUNT", severity: "WARNING" }],
        maxSeverity: "CRITICAL",
        notes: "6 commits, 2 of them dated 2020 and 2022 at 12:00:00 in a repository made in 2025",
      },
      {
        // both dates of the root are forged (2020): GitHub saw the repository made with the first real commit
        createdAt: "2025-05-05T22:39:39Z",
      },
    ),
  ];
  const wes = [
    r(
      "wes-workout",
      "Workout-Tracker.json",
      "workout-tracker",
      honestLabel(
        "a course project: node_modules committed once (229,097 lines in 1,007 files), 21 commits over 11 weeks",
      ),
    ),
  ];
  const abe = [
    r(
      "abe-magic",
      "Math-Magicians.json",
      "math-magicians",
      honestLabel(
        "a Create React App project: the generator's files (a 17,000-line lockfile) second, PR workflow, 60 commits",
      ),
    ),
  ];
  const one = (kind: CandidateKind, login: string, repos: S.RepoScenario[], createdAt: string, dates?: string) =>
    candidate(kind, login, repos, [linked(repos[0]!, dates ? { dates } : {})], { createdAt });
  const tomasC = candidate("honest", "tomas-team", [], [linked(tomas[0]!)], { createdAt: "2008-01-01T00:00:00Z" });
  tomasC.spec.users.push(...tomas[0]!.users);
  tomasC.spec.repos.push(tomas[0]!.repo);
  tomasC.spec.scenarios.push({ fullName: full(tomas[0]!), scenario: tomas[0]!.scenario, label: tomas[0]!.label });
  return [
    one("honest", "tess-notes", tess, "2012-05-01T00:00:00Z"),
    one("honest", "dora-dotfiles", dora, "2010-01-01T00:00:00Z"),
    one("honest", "pablo-parser", pablo, "2012-05-01T00:00:00Z"),
    tomasC,
    one("honest", "ivo-signing", ivo, "2010-01-01T00:00:00Z"),
    one("import", "hal-svn", hal, "2008-04-01T00:00:00Z", "Jun 2002 - Sep 2010"),
    one("honest", "kai-config", kai, "2012-05-01T00:00:00Z"),
    one("honest", "bea-actions", bea, "2012-05-01T00:00:00Z"),
    one("fraud", "faye-backdate", faye, "2019-05-01T00:00:00Z"),
    one("fraud", "gus-cron", gus, "2019-05-01T00:00:00Z"),
    one("fraud", "sid-fork", sid, "2019-05-01T00:00:00Z"),
    candidate(
      "doubtful",
      "fay-facts",
      fay,
      [linked(fay[0]!, { description: ["A bot that commits a fact of the day: a 280-day commit streak"] })],
      { createdAt: "2019-05-01T00:00:00Z" },
    ),
    // labelled "doubtful" (not HIGH, <= 50) before the first run, which scored 82 with no flag; now the two
    // hand-dated commits are named (WARNING) and it scores 70. Relabelled "mixed" (no score target): the
    // other 4 of 6 commits are ordinary anchored work, and capping the claim for one commit committed out
    // of order would cap an honest history with one commit from a machine whose clock was wrong.
    one("mixed", "omar-backdate", omar, "2019-05-01T00:00:00Z"),
    one("honest", "wes-workout", wes, "2019-05-01T00:00:00Z"),
    one("honest", "abe-magic", abe, "2019-05-01T00:00:00Z"),
  ];
}

/** Which fixture a scenario was derived from ("" for synthetic ones). */
export function fixtureOf(scenario: string, c: BenchCandidate): string {
  if (!scenario.startsWith("real")) return "";
  const src = scenario.replace(/^real(-copy)?:/, "");
  const files = [
    "chibicc.json",
    "furkando-activity.json.gz",
    "Avinraj01-activity.json.gz",
    "hieundx-activity.json",
    "chalk.json",
    "morgan.json",
    "AutoGitfiti.json",
    "daily-activity-generator.json",
    "github-contribution-graph-writer.json",
    "github-activity-generator.json",
    "Github-activity-generator.json.gz",
    "contribution-graph-filler.json",
    "github-contribution-graph-hacker.json",
    "Paint-GitHub-Contribution-Graph.json",
    ...VALIDATION_FIXTURES,
  ];
  return files.find((f) => loadHistory(f).fixture.source === src) ?? c.spec.login;
}

/**
 * Weight and automation: one honest claim beside one whose history is mostly a dump, or dated before its
 * repository existed (half the claim weight discredited: "mixed" at most, 41-69); and a price tracker kept
 * busy by an hourly workflow under the owner's identity, sold on its commit count and streak.
 */
export function claimWeightCandidates(now: string): BenchCandidate[] {
  const o = (login: string, extra: Partial<S.ScenarioOptions> = {}) => ({ login, now, ...extra });
  const nell = [
    S.honestHistory({ ...o("nell-split"), name: "garden-planner", commits: 70 }),
    S.readmeThenDump({ ...o("nell-split"), name: "shop-api" }),
  ];
  const otis = [
    S.honestHistory({ ...o("otis-split"), name: "tide-clock", commits: 55, language: "Go" }),
    S.unanchoredHistory({ ...o("otis-split"), name: "tile-engine" }),
  ];
  const lena = [S.scheduledWorkflow(o("lena-streak"))];
  return [
    candidate(
      "discredited",
      "nell-split",
      nell,
      nell.map((s) => linked(s)),
      { createdAt: "2016-01-01T00:00:00Z" },
    ),
    candidate(
      "discredited",
      "otis-split",
      otis,
      otis.map((s) => linked(s)),
      { createdAt: "2016-01-01T00:00:00Z" },
    ),
    candidate(
      "inflation",
      "lena-streak",
      lena,
      [
        linked(lena[0]!, {
          name: "Crypto Price Tracker",
          description: ["Live crypto prices around the clock: 1,300+ commits and a 50-day streak"],
        }),
      ],
      { createdAt: "2016-01-01T00:00:00Z", expected: [{ rule: "INFLATED_ACTIVITY", severity: "WARNING" }] },
    ),
  ];
}
