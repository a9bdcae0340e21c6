import { escapeHtml } from "../html.ts";

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

const W = 760;
const H = 170;
const LEFT = 92;
const RIGHT = 16;
const AUTHOR_Y = 34;
const COMMIT_Y = 116;

function dayLabel(ms: number, spanMs: number): string {
  const iso = new Date(ms).toISOString();
  return spanMs < 2 * 86_400_000 ? iso.slice(0, 16).replace("T", " ") : iso.slice(0, 10);
}

/**
 * The picture as standalone SVG markup. Deterministic for the same input; every text is escaped; only
 * presentation attributes and classes are used (the dashboard's CSP allows no inline styles).
 */
export function timelineSvg(t: RepoTimeline): string {
  const commits = [...t.commits]
    .sort((a, b) => a.committerAt - b.committerAt || a.authorAt - b.authorAt)
    .slice(-MAX_DRAWN);
  const markers = [
    { at: t.accountCreatedAt, label: "account created", cls: "account" },
    { at: t.repoCreatedAt, label: "repository created", cls: "repo" },
  ].filter((m): m is { at: number; label: string; cls: string } => typeof m.at === "number");
  const times = commits.flatMap((c) => [c.authorAt, c.committerAt]);
  let lo = Math.min(...times);
  let hi = Math.max(...times);
  if (!Number.isFinite(lo)) lo = hi = markers[0]?.at ?? 0;
  // a creation date near the commits widens the picture to show it; one far outside is named at the edge
  const near = (at: number) => at >= lo - (hi - lo) / 2 && at <= hi + (hi - lo) / 2;
  for (const m of markers)
    if (near(m.at)) {
      lo = Math.min(lo, m.at);
      hi = Math.max(hi, m.at);
    }
  if (hi - lo < 3_600_000) {
    lo -= 43_200_000;
    hi += 43_200_000;
  }
  const pad = (hi - lo) * 0.02;
  lo -= pad;
  hi += pad;
  const x = (ms: number) => (LEFT + ((ms - lo) / (hi - lo)) * (W - LEFT - RIGHT)).toFixed(1);
  const title = `Commits of ${t.repo}: author date (top) against committer date (bottom)`;
  const sev = (t.severity ?? "none").toLowerCase();
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="timeline sev-${sev}" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeHtml(title)}">`,
    `<title>${escapeHtml(title)}</title>`,
    `<text x="4" y="${AUTHOR_Y + 4}" class="lane-label">authored</text>`,
    `<text x="4" y="${COMMIT_Y + 4}" class="lane-label">committed</text>`,
    `<line x1="${LEFT}" y1="${AUTHOR_Y}" x2="${W - RIGHT}" y2="${AUTHOR_Y}" class="lane"/>`,
    `<line x1="${LEFT}" y1="${COMMIT_Y}" x2="${W - RIGHT}" y2="${COMMIT_Y}" class="lane"/>`,
  ];
  const ticks = 5;
  for (let i = 0; i <= ticks; i++) {
    const ms = lo + ((hi - lo) * i) / ticks;
    const tx = x(ms);
    parts.push(`<line x1="${tx}" y1="${COMMIT_Y + 6}" x2="${tx}" y2="${COMMIT_Y + 12}" class="tick"/>`);
    const anchor = i === 0 ? "start" : i === ticks ? "end" : "middle";
    parts.push(
      `<text x="${tx}" y="${COMMIT_Y + 28}" text-anchor="${anchor}" class="tick-label">${escapeHtml(dayLabel(ms, hi - lo))}</text>`,
    );
  }
  markers.forEach((m, i) => {
    const when = new Date(m.at).toISOString().slice(0, 10);
    const y = AUTHOR_Y - 22 + i * 11;
    if (m.at < lo || m.at > hi) {
      const left = m.at < lo;
      const text = left ? `◂ ${m.label} ${when}, earlier` : `${m.label} ${when}, later ▸`;
      parts.push(
        `<g class="marker ${m.cls} off-scale"><title>${escapeHtml(`${m.label} ${when}`)}</title>` +
          `<text x="${left ? LEFT : W - RIGHT}" y="${y}" text-anchor="${left ? "start" : "end"}" class="marker-label">${escapeHtml(text)}</text></g>`,
      );
      return;
    }
    const mx = x(m.at);
    parts.push(
      `<g class="marker ${m.cls}"><title>${escapeHtml(`${m.label} ${when}`)}</title>` +
        `<line x1="${mx}" y1="${AUTHOR_Y - 20}" x2="${mx}" y2="${COMMIT_Y + 6}"/>` +
        `<text x="${mx}" y="${y}" text-anchor="${Number(mx) > W / 2 ? "end" : "start"}" class="marker-label">${escapeHtml(`${m.label} ${when}`)}</text></g>`,
    );
  });
  for (const c of commits) {
    const shifted = Math.abs(c.committerAt - c.authorAt) > SHIFT_THRESHOLD_MS;
    const cls = shifted ? "commit shifted" : "commit";
    const tip = `${c.sha ? `${c.sha.slice(0, 7)}: ` : ""}authored ${new Date(c.authorAt).toISOString()}, committed ${new Date(c.committerAt).toISOString()}`;
    parts.push(
      `<g class="${cls}"><title>${escapeHtml(tip)}</title>` +
        `<line x1="${x(c.authorAt)}" y1="${AUTHOR_Y}" x2="${x(c.committerAt)}" y2="${COMMIT_Y}"/>` +
        `<circle cx="${x(c.authorAt)}" cy="${AUTHOR_Y}" r="3"/><circle cx="${x(c.committerAt)}" cy="${COMMIT_Y}" r="3"/></g>`,
    );
  }
  parts.push("</svg>");
  return parts.join("");
}
