import type { GhCommit } from "../github/index.ts";

/** Points per repository at most: enough to see backdating and dumps, small enough to store with every job. */
export const TIMELINE_MAX_POINTS = 400;

export interface CommitTimeline {
  /** "owner/name" */
  repo: string;
  /** the candidate's examined commits, oldest first by committer date; evenly thinned past the cap */
  commits: Array<{ authorDate: string; committerDate: string }>;
  /** the repository's and the account's creation times, drawn as markers */
  repoCreatedAt?: string | null;
  accountCreatedAt?: string | null;
  /** the candidate's own commits in the history, and all commits in it (the picture may show fewer) */
  ownCommits?: number;
  historyCommits?: number;
  /** the most severe flag on the repository: colours the picture (a rebase alone is no forgery) */
  severity?: "CRITICAL" | "WARNING" | "INFO" | null;
}

export type TimelineContext = Omit<CommitTimeline, "repo" | "commits">;

/**
 * Author date against committer date for the candidate's own commits in one repository, for the
 * dashboard's picture (where backdating and bulk dumps show at a glance). Pure and deterministic.
 */
export function commitTimeline(
  repo: string,
  commits: GhCommit[],
  maxPoints = TIMELINE_MAX_POINTS,
  context: TimelineContext = {},
): CommitTimeline {
  const sorted = [...commits].sort(
    (a, b) => Date.parse(a.committerDate) - Date.parse(b.committerDate) || (a.sha < b.sha ? -1 : 1),
  );
  const step = sorted.length > maxPoints ? sorted.length / maxPoints : 1;
  const picked: GhCommit[] = [];
  for (let i = 0; i < sorted.length && picked.length < maxPoints; i++)
    if (Math.floor(i / step) === picked.length) picked.push(sorted[i]!);
  return {
    repo,
    commits: picked.map((c) => ({ authorDate: c.authorDate, committerDate: c.committerDate })),
    ...context,
  };
}
