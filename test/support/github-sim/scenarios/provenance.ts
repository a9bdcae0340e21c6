/**
 * Where a history came from: a dump after a README-only first commit,
 * a copy of someone else's repository that is not a fork (identical or mostly identical), a history
 * dated entirely before its repository existed, and an honest import of years of local work.
 */
import type { CommitSpec } from "../git-writer.ts";
import type { UserSpec } from "../sim-world.ts";
import { candidateIdentity, type RepoScenario, SCENARIO_NOW, type ScenarioOptions } from "./candidate.ts";
import { SourceTree } from "./content.ts";
import { humanCommits, humanTimes } from "./honest.ts";
import { DAY, HOUR, iso, MINUTE, Rng, seedOf } from "./random.ts";

const nowOf = (o: ScenarioOptions) => Date.parse(o.now ?? SCENARIO_NOW);

/** The file map after replaying commits (null deletes). */
export function finalTree(commits: readonly CommitSpec[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const c of commits)
    for (const [p, v] of Object.entries(c.files ?? {})) {
      if (v === null) delete files[p];
      else files[p] = v;
    }
  return files;
}

/** GitHub's "add a README" first commit, then one commit of hundreds of files, two trivial ones, all in a day. */
export function readmeThenDump(o: ScenarioOptions & { files?: number; linesPerFile?: number }): RepoScenario {
  const name = o.name ?? "shop-backend";
  const rng = new Rng(o.seed ?? seedOf("readmeThenDump", o.login, name));
  const t0 = nowOf(o) - 40 * DAY + 10 * HOUR + 4 * MINUTE;
  const tree = new SourceTree("TypeScript", rng);
  let dump: Record<string, string> = {};
  for (let i = 0; i < (o.files ?? 240); i++) dump = { ...dump, ...tree.addFile(o.linesPerFile ?? 40, `mod${i}`) };
  const me = candidateIdentity(o.login);
  const commits: CommitSpec[] = [
    { author: me, authorDate: t0, message: "Initial commit", files: { "README.md": `# ${name}\n` } },
    {
      author: me,
      authorDate: t0 + 2 * HOUR,
      committerDate: t0 + 2 * HOUR + 20_000,
      message: "Add project",
      files: dump,
    },
    { author: me, authorDate: t0 + 5 * HOUR, message: "Fix typo", files: tree.edit(1, 1) },
    {
      author: me,
      authorDate: t0 + 9 * HOUR,
      message: "Update README.md",
      files: { "README.md": `# ${name}\n\nShop API\n` },
    },
  ];
  return {
    scenario: "readmeThenDump",
    repo: {
      owner: o.login,
      name,
      description: o.description ?? "Online shop backend",
      topics: o.topics ?? [],
      createdAt: iso(t0 - 20_000),
      commits,
    },
    users: [],
    prerequisites: [],
    label: {
      kind: "ambiguous",
      expected: [{ rule: "BULK_DUMP", severity: "WARNING" }],
      maxSeverity: "WARNING",
      candidateCommits: commits.length,
      notes: `README-only root, then ${o.files ?? 240} files x ${o.linesPerFile ?? 40} lines in the second commit, all within 9 hours`,
    },
  };
}

/** Someone else's older, starred repository, and the candidate's re-commit of its files (not a fork). */
export function copiedRepository(
  o: ScenarioOptions & {
    originalOwner?: string;
    changedFiles?: number;
    months?: number;
    /** the copy's own name when it was renamed (the original keeps `name`) */
    copyName?: string;
    /** days the copy's commits are spread over (default: within an hour) */
    spanDays?: number;
  },
): RepoScenario {
  const name = o.name ?? "markdown-notes";
  const owner = o.originalOwner ?? "orig-author";
  const rng = new Rng(seedOf("copiedOriginal", owner, name));
  const end = nowOf(o) - 200 * DAY;
  const times = humanTimes(rng, end - (o.months ?? 14) * 30 * DAY, end, 90);
  const description = o.description ?? "A fast note-taking app with markdown and tags";
  const author = { name: owner, email: `${owner}@example.org` };
  const original = humanCommits(rng, author, times, {
    lang: "TypeScript",
    deps: ["react", "remark"],
    name,
    description,
  });
  const files = finalTree(original);
  const changed = o.changedFiles ?? 0;
  const paths = Object.keys(files).sort();
  const copy = { ...files };
  for (let i = 0; i < changed && i < paths.length; i++) copy[paths[i]!] = `${copy[paths[i]!]}// local tweak ${i}\n`;
  const me = candidateIdentity(o.login);
  const t = nowOf(o) - 12 * DAY + 14 * HOUR;
  const thirds = [
    paths.slice(0, 4),
    paths.slice(4, Math.ceil(paths.length / 2)),
    paths.slice(Math.ceil(paths.length / 2)),
  ];
  const step = o.spanDays ? Math.floor((o.spanDays * DAY) / Math.max(1, thirds.length - 1)) : 17 * MINUTE;
  const commits: CommitSpec[] = thirds.map((ps, i) => ({
    author: me,
    authorDate: t + i * step,
    message: ["Initial commit", "Add app", "Add remaining files"][i]!,
    files: Object.fromEntries(ps.map((p) => [p, copy[p]!])),
  }));
  const user: UserSpec = { login: owner, name: owner, createdAt: "2016-04-01T00:00:00Z", emails: [author.email] };
  return {
    scenario: changed > 0 ? "mostlyCopiedRepository" : "copiedRepository",
    repo: {
      owner: o.login,
      name: o.copyName ?? name,
      description,
      topics: o.topics ?? ["notes"],
      createdAt: iso(t - 10 * MINUTE),
      commits,
    },
    users: [user],
    prerequisites: [
      {
        owner,
        name,
        description,
        topics: ["notes", "markdown"],
        createdAt: iso(times[0]! - DAY),
        stargazers: 340,
        commits: original,
      },
    ],
    label: {
      kind: "fraud",
      expected: [{ rule: "COPIED_REPOSITORY", severity: changed > 0 ? "WARNING" : "CRITICAL" }],
      maxSeverity: "CRITICAL",
      candidateCommits: commits.length,
      notes: `${owner}/${name}'s final tree${changed > 0 ? ` with ${changed} files changed` : ""}, re-committed in 3 commits within an hour`,
    },
  };
}

/** Every commit dated over years before the repository existed, all committed within minutes. */
export function unanchoredHistory(o: ScenarioOptions & { commits?: number; years?: number }): RepoScenario {
  const name = o.name ?? "atlas-engine";
  const rng = new Rng(o.seed ?? seedOf("unanchoredHistory", o.login, name));
  const session = nowOf(o) - 30 * DAY + 11 * HOUR;
  const n = o.commits ?? 180;
  const times = humanTimes(rng, session - (o.years ?? 2.5) * 365 * DAY, session - 200 * DAY, n);
  const commits = humanCommits(rng, candidateIdentity(o.login), times, {
    lang: "Go",
    deps: ["github.com/spf13/cobra"],
    name,
    description: "Geospatial tile engine",
  });
  commits.forEach((c, i) => {
    c.committerDate = session + i * 2000;
  });
  return {
    scenario: "unanchoredHistory",
    repo: {
      owner: o.login,
      name,
      description: "Geospatial tile engine",
      topics: ["gis"],
      createdAt: iso(session - 5 * MINUTE),
      pushedAt: iso(session + n * 2000 + MINUTE),
      commits,
    },
    users: [],
    prerequisites: [],
    label: {
      kind: "fraud",
      expected: [
        { rule: "UNANCHORED_HISTORY", severity: "WARNING" },
        { rule: "BACKDATED_SPLIT", severity: "WARNING" },
        { rule: "PREDATES_REPO_OR_ACCOUNT", severity: "WARNING" },
      ],
      maxSeverity: "CRITICAL",
      candidateCommits: n,
      notes: `${n} commits authored over ${o.years ?? 2.5} years, all committed within ${Math.ceil((n * 2) / 60)} minutes when the repository was created`,
    },
  };
}

/** An honest import: years of local history (author = committer dates) pushed at once, then months more. */
export function honestImport(o: ScenarioOptions & { imported?: number; after?: number }): RepoScenario {
  const name = o.name ?? "survey-kit";
  const rng = new Rng(o.seed ?? seedOf("honestImport", o.login, name));
  const created = nowOf(o) - 150 * DAY + 16 * HOUR;
  const imported = o.imported ?? 140;
  const after = o.after ?? 40;
  const times = [
    ...humanTimes(rng, created - 3 * 365 * DAY, created - 20 * DAY, imported),
    ...humanTimes(rng, created + DAY, created + 140 * DAY, after),
  ];
  const commits = humanCommits(rng, candidateIdentity(o.login), times, {
    lang: "Python",
    deps: ["flask", "sqlalchemy"],
    name,
    description: "Survey builder for research labs",
  });
  return {
    scenario: "honestImport",
    repo: {
      owner: o.login,
      name,
      description: "Survey builder for research labs",
      topics: ["surveys"],
      createdAt: iso(created),
      commits,
    },
    users: [],
    prerequisites: [],
    label: {
      kind: "honest",
      expected: [
        { rule: "UNANCHORED_HISTORY", severity: "WARNING" },
        { rule: "PREDATES_REPO_OR_ACCOUNT", severity: "WARNING" },
      ],
      maxSeverity: "WARNING",
      candidateCommits: imported + after,
      notes: `${imported} commits over 3 years before the repository existed (moved from a private server), ${after} after on GitHub`,
    },
  };
}
