/**
 * The candidate's commits in one matched repository as two dates each: when the author says the work
 * was done (client-written, forgeable) and when it was committed. Drawn as two lanes joined by a line per
 * commit, backdating shows as long slanted lines and a bulk dump as many lines converging on one point.
 */
export interface TimelineCommit {
  sha: string;
  authorAt: number;
  committerAt: number;
}

export type Severity = "CRITICAL" | "WARNING" | "INFO";

export interface RepoTimeline {
  /** "owner/name" */
  repo: string;
  commits: TimelineCommit[];
  /** creation times drawn as markers, when the result carries them */
  repoCreatedAt?: number | null;
  accountCreatedAt?: number | null;
  /** the candidate's own commits and all commits in the history, when known (the picture may show fewer) */
  ownCommits?: number | null;
  historyCommits?: number | null;
  /** the most severe flag on the repository: the colour of the picture */
  severity?: Severity | null;
}

/** A commit whose author date is this far from its committer date is drawn as shifted. */
export const SHIFT_THRESHOLD_MS = 24 * 3_600_000;
/** Commits drawn per repository at most; the rest are counted in the caption. */
export const MAX_DRAWN = 400;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const time = (v: unknown): number | null =>
  typeof v === "string" && v.length <= 40 && Number.isFinite(Date.parse(v)) ? Date.parse(v) : null;

function commitsOf(list: unknown): TimelineCommit[] {
  if (!Array.isArray(list)) return [];
  const out: TimelineCommit[] = [];
  for (const c of list) {
    if (!isObj(c)) continue;
    const authorAt = time(c.authorDate ?? c.authoredAt);
    const committerAt = time(c.committerDate ?? c.committedAt ?? c.pushedAt);
    if (authorAt === null || committerAt === null) continue;
    out.push({ sha: typeof c.sha === "string" ? c.sha.slice(0, 40) : "", authorAt, committerAt });
  }
  return out;
}

const count = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null);
const severityOf = (v: unknown): Severity | null => (v === "CRITICAL" || v === "WARNING" || v === "INFO" ? v : null);

function repoOf(v: unknown): string | null {
  if (typeof v !== "string" || v.length > 200) return null;
  return v.replace(/^(https?:\/\/)?github\.com\//, "") || null;
}

/**
 * The timelines a result carries, in whichever documented place the analysis put them: a top-level
 * `commitTimelines: [{ repo, commits: [{ sha, authorDate, committerDate }] }]`, or a `timeline` /
 * `commitTimeline` array on each verified project. Malformed entries are skipped; none is an empty list.
 */
export function timelinesOf(result: unknown): RepoTimeline[] {
  if (!isObj(result)) return [];
  const found = new Map<string, RepoTimeline>();
  // the worst flag per repository as the verified projects report it, for timelines that do not carry one
  const worstFlag = new Map<string, Severity>();
  const projects = Array.isArray(result.verifiedProjects) ? result.verifiedProjects.filter(isObj) : [];
  for (const p of projects) {
    const repo = repoOf(p.repoUrl);
    const sev = severityOf(p.worstFlag);
    if (repo && sev) worstFlag.set(repo, sev);
  }
  if (Array.isArray(result.commitTimelines)) {
    for (const t of result.commitTimelines) {
      if (!isObj(t)) continue;
      const repo = repoOf(t.repo ?? t.repoUrl);
      const commits = commitsOf(t.commits);
      if (!repo || !commits.length || found.has(repo)) continue;
      found.set(repo, {
        repo,
        commits,
        repoCreatedAt: time(t.repoCreatedAt),
        accountCreatedAt: time(t.accountCreatedAt),
        ownCommits: count(t.ownCommits),
        historyCommits: count(t.historyCommits),
        severity: "severity" in t ? severityOf(t.severity) : (worstFlag.get(repo) ?? null),
      });
    }
  }
  for (const p of projects) {
    const repo = repoOf(p.repoUrl);
    const commits = commitsOf(p.timeline ?? p.commitTimeline);
    if (repo && commits.length && !found.has(repo))
      found.set(repo, { repo, commits, severity: worstFlag.get(repo) ?? null });
  }
  return [...found.values()];
}

/** Summary numbers shown under the picture; `drawn` < `commits` or `ownCommits` < `historyCommits` is said. */
export function timelineStats(t: RepoTimeline): {
  commits: number;
  drawn: number;
  ownCommits: number | null;
  historyCommits: number | null;
  shifted: number;
  busiestDay: { day: string; commits: number } | null;
} {
  const perDay = new Map<string, number>();
  let shifted = 0;
  for (const c of t.commits) {
    if (Math.abs(c.committerAt - c.authorAt) > SHIFT_THRESHOLD_MS) shifted++;
    const day = new Date(c.committerAt).toISOString().slice(0, 10);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  let busiest: { day: string; commits: number } | null = null;
  for (const [day, n] of perDay)
    if (!busiest || n > busiest.commits || (n === busiest.commits && day < busiest.day)) busiest = { day, commits: n };
  return {
    commits: t.commits.length,
    drawn: Math.min(t.commits.length, MAX_DRAWN),
    ownCommits: t.ownCommits ?? null,
    historyCommits: t.historyCommits ?? null,
    shifted,
    busiestDay: busiest,
  };
}
