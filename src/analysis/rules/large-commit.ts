import type { GhCommit } from "../../github/index.ts";
import { isAuthoredFile } from "../authored-files.ts";
import type { RepoRuleContext } from "./rule-context.ts";
import type { SizedCommit } from "./sampled-stats.ts";
import { DAY_MS, ms } from "./time-stats.ts";
import { UNANCHORED_GRACE_MS } from "./unanchored-history.ts";

/**
 * How a large commit sits in its history: the anchored work after it and before it, and whether it is a
 * tree of its own added beside a project already under way. A dump is judged by the work around it, never
 * by its size alone (bulk-dump.ts).
 */

/**
 * Work spread out after it. Anchored work after the large commit (dated after GitHub saw the repository)
 * of at least this many commits, over this many active weeks and this long, adding at least
 * FOLLOW_MIN_LINES (and FOLLOW_MIN_LINE_SHARE of the large commit) is the history of a first release, or
 * of a project started from the author's earlier code. Measured on honest first releases: 20-430 commits
 * over months to years follow them.
 */
export const FOLLOW_MIN_COMMITS = 10;
export const FOLLOW_MIN_WEEKS = 4;
export const FOLLOW_MIN_SPAN_MS = 30 * DAY_MS;
export const FOLLOW_MIN_LINES = 200;
export const FOLLOW_MIN_LINE_SHARE = 0.05;
/**
 * Work that grows it, however quickly. A small project (a one-page site, a script) is finished in a day:
 * FOLLOW_MIN_COMMITS commits after the large commit that add at least this share of its lines again show
 * it being worked on in the open, so the large commit was where the work started, not all of it. A dump's
 * touch-ups (a typo, a README line) add a few lines.
 */
export const GROWTH_MIN_LINE_SHARE = 0.25;
/**
 * A tree of its own. A large commit that lands after the project was under way on GitHub (at least
 * FOLLOW_MIN_COMMITS anchored own commits over at least a week before it) and puts COMPONENT_SHARE of its
 * lines under one directory below the root that the commits read before it never touched, is something
 * brought in whole beside the project (an example program, a library's distribution, a sub-project):
 * the project's own history is before and around it.
 */
export const COMPONENT_SHARE = 0.9;
export const COMPONENT_MIN_BEFORE_MS = 7 * DAY_MS;
const WEEK_MS = 7 * DAY_MS;

export interface FollowUp {
  /** anchored own commits after the large one, their active weeks and span from it */
  commits: number;
  weeks: number;
  span: number;
  /** anchored own commits before it, and their span */
  before: number;
  beforeSpan: number;
  /** spread out over weeks (a first release), or growing it by a real share (a small project's start) */
  spread: boolean;
  growing: boolean;
}

/** The anchored own work around the large commit (`otherLines`: the candidate's lines outside it). */
export function followUp(ctx: RepoRuleContext, big: SizedCommit, bigLines: number, otherLines: number): FollowUp {
  const at = ms(big.commit.authorDate);
  const created = ms(ctx.repo.createdAt);
  const anchored = ctx.commits
    .filter((c) => c.sha !== big.commit.sha && c.parents <= 1)
    .map((c) => ms(c.authorDate))
    .filter((t) => Number.isFinite(t) && !(t < created - UNANCHORED_GRACE_MS));
  const after = anchored.filter((t) => t > at);
  const before = anchored.filter((t) => t < at);
  const weeks = new Set(after.map((t) => Math.floor(t / WEEK_MS))).size;
  const span = after.length > 0 ? Math.max(...after) - at : 0;
  const enoughLines = otherLines >= Math.max(FOLLOW_MIN_LINES, FOLLOW_MIN_LINE_SHARE * bigLines);
  return {
    commits: after.length,
    weeks,
    span,
    before: before.length,
    beforeSpan: before.length > 0 ? at - Math.min(...before) : 0,
    spread:
      after.length >= FOLLOW_MIN_COMMITS && weeks >= FOLLOW_MIN_WEEKS && span >= FOLLOW_MIN_SPAN_MS && enoughLines,
    growing:
      after.length >= FOLLOW_MIN_COMMITS &&
      before.length === 0 &&
      otherLines >= Math.max(FOLLOW_MIN_LINES, GROWTH_MIN_LINE_SHARE * bigLines),
  };
}

/** The directories of a path, outermost first: "a/b/c.txt" -> ["a/", "a/b/"]. */
function dirsOf(path: string): string[] {
  const parts = path.split("/").slice(0, -1);
  return parts.map((_, i) => `${parts.slice(0, i + 1).join("/")}/`);
}

/**
 * The directory below the root holding COMPONENT_SHARE of the large commit's own lines (the deepest such),
 * or null. Lines per file when GitHub gave them, otherwise files count alike.
 */
export function componentDirectory(commit: GhCommit): string | null {
  const stats = commit.stats;
  if (!stats) return null;
  const per = stats.fileAdditions && stats.fileAdditions.length === stats.files.length ? stats.fileAdditions : null;
  const weights = new Map<string, number>();
  let total = 0;
  stats.files.forEach((f, i) => {
    if (!isAuthoredFile(f)) return;
    const w = per ? (per[i] ?? 0) : 1;
    total += w;
    for (const d of dirsOf(f)) weights.set(d, (weights.get(d) ?? 0) + w);
  });
  if (total <= 0) return null;
  const held = [...weights.entries()].filter(([, w]) => w >= COMPONENT_SHARE * total);
  held.sort((a, b) => b[0].length - a[0].length);
  return held[0]?.[0] ?? null;
}

/**
 * A tree of its own added to a project under way: the directory it sits in, or null. The commits read
 * with their files before it (the sample, the root commit) must not have touched that directory.
 */
export function addedComponent(
  ctx: RepoRuleContext,
  big: SizedCommit,
  sample: readonly SizedCommit[],
  follow: FollowUp,
  otherLines: number,
): string | null {
  if (follow.before < FOLLOW_MIN_COMMITS || follow.beforeSpan < COMPONENT_MIN_BEFORE_MS) return null;
  if (otherLines < FOLLOW_MIN_LINES) return null;
  const dir = componentDirectory(big.commit);
  if (!dir) return null;
  const at = ms(big.commit.authorDate);
  const earlier = [
    ...sample.map((s) => s.commit),
    ...(ctx.evidence.rootCommit ? [ctx.evidence.rootCommit] : []),
  ].filter((c) => c.sha !== big.commit.sha && ms(c.authorDate) < at);
  if (earlier.some((c) => (c.stats?.files ?? []).some((f) => f.startsWith(dir)))) return null;
  return dir;
}
