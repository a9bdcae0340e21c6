import type { GhCommit } from "../github/index.ts";

/**
 * A job's runs: several commits made in one second. A scheduled workflow that updates several files
 * commits each of them in the same run, so its commits come in groups sharing one author second, committed
 * at that second, each message one of the job's templates; its runs drift over the day with the runner's
 * queue, so no clock window holds them. A person never makes several separate commits in one second day
 * after day: a rebase rewrites committer times but keeps each author time, and a log a person dated by hand
 * holds their own commits beside the shared seconds. Pure; thresholds are named.
 */

/** A run: at least this many commits sharing one author second, committed at that second. */
export const RUN_MIN_COMMITS = 2;
/** ... each message a template the job repeats at least this often among the commits examined. */
export const RUN_TEMPLATE_MIN_USES = 3;
/** Runs on at least this many distinct days (a habit of the machine, not one scripted afternoon). */
export const RUN_MIN_DAYS = 20;
/**
 * ... holding at least this share of the commits examined: the repository is kept by the job. A log whose
 * entries a person dated by hand shares seconds too (measured: 30 % of one such history, in pairs of an
 * entry and an edit), but most of its commits are the person's own.
 */
export const RUN_MIN_SHARE = 0.5;

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * The commits made in a job's runs, or null when they fall on fewer than RUN_MIN_DAYS days. `template`
 * reduces a message to its template and `uses` counts each template's commits; `life` (epoch ms) bounds
 * when the repository's workflow could run.
 */
export function batchRuns(
  commits: readonly GhCommit[],
  template: (message: string) => string,
  uses: ReadonlyMap<string, number>,
  life: { from: number; to: number },
): { shas: Set<string>; days: number } | null {
  const bySecond = new Map<number, GhCommit[]>();
  for (const c of commits) {
    const at = seconds(c.authorDate);
    if (!Number.isFinite(at) || at !== seconds(c.committerDate)) continue;
    if (at * 1000 < life.from || at * 1000 > life.to) continue;
    bySecond.set(at, [...(bySecond.get(at) ?? []), c]);
  }
  const shas = new Set<string>();
  const days = new Set<number>();
  for (const [at, group] of bySecond) {
    if (group.length < RUN_MIN_COMMITS) continue;
    if (!group.every((c) => (uses.get(template(c.message)) ?? 0) >= RUN_TEMPLATE_MIN_USES)) continue;
    for (const c of group) shas.add(c.sha);
    days.add(Math.floor(at / 86_400));
  }
  return days.size >= RUN_MIN_DAYS && shas.size >= RUN_MIN_SHARE * commits.length ? { shas, days: days.size } : null;
}
