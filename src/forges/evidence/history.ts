import type { GhCommit, LineCountEvidence, RepoEvidence } from "../../github/index.ts";
import { EVERY_COMMIT_MAX, planStatsSample, tallyOtherAuthors } from "../../github/index.ts";

/** The heaviest commits added to a sample when every commit's line count is known (where a dump lives). */
export const HEAVIEST_SAMPLED = 3;

/**
 * The RepoEvidence fields a full (or truncated) listing of the default branch gives, on a host that lists
 * commits with their line counts: the candidate's commits and exact count, the other authors, the root
 * commit when the listing reached it, and the candidate's line totals when every commit was listed.
 */
export function summarizeHistory(
  listed: readonly GhCommit[],
  opts: { login: string; complete: boolean; total: number | null },
): Pick<
  RepoEvidence,
  | "candidateCommits"
  | "candidateCommitCount"
  | "truncated"
  | "candidateCountExact"
  | "totalCommitCount"
  | "rootCommit"
  | "otherAuthors"
  | "otherAuthorsComplete"
  | "lineCounts"
> {
  const mine = (c: GhCommit) => (c.authorLogin ?? "").toLowerCase() === opts.login.toLowerCase();
  const candidateCommits = listed.filter(mine);
  const out: ReturnType<typeof summarizeHistory> = {
    candidateCommits,
    candidateCommitCount: candidateCommits.length,
    truncated: !opts.complete,
    totalCommitCount: opts.total ?? listed.length,
    otherAuthors: tallyOtherAuthors(listed, opts.login),
  };
  if (!opts.complete) {
    out.candidateCountExact = false;
    out.otherAuthorsComplete = false;
  } else out.rootCommit = listed[listed.length - 1];
  const own = candidateCommits.filter((c) => c.parents <= 1);
  if (opts.complete && own.every((c) => c.stats)) {
    const lineCounts: LineCountEvidence = {
      path: "every-commit",
      commits: own.length,
      additions: own.reduce((s, c) => s + (c.stats?.additions ?? 0), 0),
      deletions: own.reduce((s, c) => s + (c.stats?.deletions ?? 0), 0),
    };
    out.lineCounts = lineCounts;
  }
  return out;
}

/**
 * Which candidate commits to read one by one for their files: every own commit of a short history;
 * otherwise the oldest, an even spread when the metadata looks machine-made (src/github/commit-sample.ts),
 * and, when the listing carried line counts, the HEAVIEST_SAMPLED heaviest commits.
 */
export function planFileSample(candidateCommits: readonly GhCommit[], count: number, sampleSize: number): string[] {
  const own = candidateCommits.filter((c) => c.parents <= 1);
  if (own.length <= EVERY_COMMIT_MAX) return own.map((c) => c.sha);
  const shas = new Set(planStatsSample(candidateCommits, count, sampleSize));
  const heavy = own
    .filter((c) => c.stats)
    .sort((a, b) => (b.stats?.additions ?? 0) - (a.stats?.additions ?? 0))
    .slice(0, HEAVIEST_SAMPLED);
  for (const c of heavy) shas.add(c.sha);
  return own.filter((c) => shas.has(c.sha)).map((c) => c.sha);
}

/** A fork's commits beyond its parent's default branch (by SHA), and how many are the candidate's. */
export function aheadBySha(
  fork: readonly GhCommit[],
  parentShas: ReadonlySet<string>,
  login: string,
  parentComplete: boolean,
): RepoEvidence["aheadOfParent"] {
  const ahead = fork.filter((c) => !parentShas.has(c.sha));
  const byCandidate = ahead.filter((c) => (c.authorLogin ?? "").toLowerCase() === login.toLowerCase()).length;
  return { total: ahead.length, byCandidate, ...(parentComplete ? {} : { truncated: true }) };
}
