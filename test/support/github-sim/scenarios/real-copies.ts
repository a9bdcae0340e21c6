/**
 * Copies made from real histories (format-2 fixtures): another account's public repository, rebuilt
 * from its real metadata, and the candidate's repository that copies it. A renamed copy re-commits the
 * original's final tree (most files identical) under a new name with the same description; a shared-SHA
 * history starts with the original's first commits byte for byte (so their SHAs are the original's) and
 * adds a few of the candidate's own. Neither is a fork: GitHub shows no parent.
 */
import type { CommitSpec } from "../git-writer.ts";
import { loadPathHistory, pathCommits } from "../real/path-history.ts";
import type { UserSpec } from "../sim-world.ts";
import { candidateEmail, candidateIdentity, type RepoScenario, type ScenarioLabel } from "./candidate.ts";
import { finalTree } from "./provenance.ts";
import { iso } from "./random.ts";

export interface RealOriginal {
  /** format-2 fixture of the original's history */
  file: string;
  /** the folder holding it; default the honest corpus's histories */
  dir?: string;
  originalOwner: string;
  originalName: string;
  description: string;
}

/** The original as another account's repository, published from its first push. */
function original(
  o: RealOriginal,
  limit?: number,
): { commits: CommitSpec[]; users: UserSpec[]; repoCreatedAt: string } {
  const { commits, users } = pathCommits({
    file: o.file,
    dir: o.dir,
    login: o.originalOwner,
    name: o.originalName,
    label: { kind: "honest", expected: [], maxSeverity: "WARNING", notes: "the original" },
    limit,
  });
  const owner: UserSpec = {
    login: o.originalOwner,
    name: o.originalOwner,
    createdAt: "2009-01-01T00:00:00Z",
    emails: [candidateEmail(o.originalOwner)],
  };
  const firstPush = Math.min(...commits.map((c) => Number(c.committerDate)));
  return { commits, users: [owner, ...users], repoCreatedAt: iso(firstPush - 3_600_000) };
}

/** The candidate's repository next to the original it comes from (a prerequisite of the world). */
function beside(
  o: RealOriginal & { login: string; name: string; label: ScenarioLabel },
  orig: ReturnType<typeof original>,
  kind: string,
  repo: { createdAt: string; pushedAt?: string; commits: CommitSpec[] },
  stargazers: number,
): RepoScenario {
  return {
    scenario: `${kind}:${loadPathHistory(o.file, o.dir).fixture.source}`,
    repo: { owner: o.login, name: o.name, description: o.description, ...repo },
    users: orig.users,
    prerequisites: [
      {
        owner: o.originalOwner,
        name: o.originalName,
        description: o.description,
        createdAt: orig.repoCreatedAt,
        stargazers,
        commits: orig.commits,
      },
    ],
    label: o.label,
  };
}

/**
 * The original's final tree re-committed by the candidate in `commits` commits spread over `spanDays`,
 * from `firstCommitAt`, under `name`; the share of files left byte-identical is `identicalShare` (the
 * others get one added line).
 */
export function renamedRealCopy(
  o: RealOriginal & {
    login: string;
    name: string;
    commits: number;
    spanDays: number;
    identicalShare: number;
    firstCommitAt: string;
    label: ScenarioLabel;
  },
): RepoScenario {
  const orig = original(o);
  const files = finalTree(orig.commits);
  const paths = Object.keys(files).sort();
  const changed = Math.round(paths.length * (1 - o.identicalShare));
  // spread the changed files through the tree (every k-th path), deterministic
  const step = changed > 0 ? paths.length / changed : Number.POSITIVE_INFINITY;
  const copy = { ...files };
  for (let i = 0; i < changed; i++) {
    const p = paths[Math.floor(i * step)]!;
    copy[p] = `${copy[p]}local change ${i}\n`;
  }
  const me = candidateIdentity(o.login);
  const t0 = Date.parse(o.firstCommitAt);
  const per = Math.ceil(paths.length / o.commits);
  const commits: CommitSpec[] = Array.from({ length: o.commits }, (_, i) => ({
    author: me,
    authorDate: t0 + Math.floor((i * o.spanDays * 86_400_000) / Math.max(1, o.commits - 1)),
    message: i === 0 ? "Initial commit" : `Change ${i}`,
    files: Object.fromEntries(paths.slice(i * per, (i + 1) * per).map((p) => [p, copy[p]!])),
  }));
  return beside(o, orig, "real-copy", { createdAt: iso(t0 - 600_000), commits }, 300);
}

/**
 * The original's first `sharedCommits` commits unchanged (same SHAs), then `ownCommits` of the
 * candidate's, three days apart from `firstOwnCommitAt`, in a repository made an hour before them.
 */
export function sharedShaHistory(
  o: RealOriginal & {
    login: string;
    name: string;
    sharedCommits: number;
    ownCommits: number;
    firstOwnCommitAt: string;
    label: ScenarioLabel;
  },
): RepoScenario {
  const orig = original(o);
  const shared = original(o, o.sharedCommits).commits;
  const me = candidateIdentity(o.login);
  const t0 = Date.parse(o.firstOwnCommitAt);
  const own: CommitSpec[] = Array.from({ length: o.ownCommits }, (_, i) => ({
    author: me,
    authorDate: t0 + i * 3 * 86_400_000,
    message: `Change ${i + 1}`,
    files: { [`src/own-${i}.js`]: `${Array.from({ length: 20 + 7 * i }, (_, k) => `own ${i}.${k}`).join("\n")}\n` },
  }));
  return beside(o, orig, "real-shared", { createdAt: iso(t0 - 3_600_000), commits: [...shared, ...own] }, 900);
}

/**
 * The original's whole history re-pushed as the candidate's with every identity rewritten to the
 * candidate (authors, committers, GitHub's own and bots'), dates kept: every commit SHA changes, every
 * tree and blob stays the original's. The repository is made `createdAt`, long after the dates.
 */
export function rewrittenRealCopy(
  o: RealOriginal & { login: string; name: string; createdAt: string; label: ScenarioLabel },
): RepoScenario {
  const orig = original(o);
  const { commits } = pathCommits({
    file: o.file,
    dir: o.dir,
    login: o.login,
    name: o.name,
    label: o.label,
    allCandidate: true,
  });
  const pushedAt = iso(Date.parse(o.createdAt) + 600_000);
  return beside(o, orig, "real-rewritten", { createdAt: o.createdAt, pushedAt, commits }, 11_000);
}
