import { about, historyRule } from "./rule-context.ts";
import { DAY_MS, HOUR_MS, median, ms, pct } from "./time-stats.ts";

export const RANDOM_ORDER_MIN_COMMITS = 50;
/** A step "goes back" when the child's author date is this much earlier than its parent's. */
export const RANDOM_ORDER_STEP_MS = HOUR_MS;
/** Share of backward steps; a random-date bot makes about half, a deliberate honest rewrite measured 39 %. */
export const RANDOM_ORDER_MIN_SHARE = 0.45;
export const RANDOM_ORDER_MIN_MEDIAN_JUMP_MS = 60 * DAY_MS;

/**
 * RANDOM_ORDER_HISTORY: author dates in random order along the history. Walks the examined commits from oldest to
 * newest in list order (GitHub lists the branch newest first) and measures how often and how far author
 * time runs backwards. Raised as a WARNING; CRITICAL only together with BACKDATED_SPLIT (corroborate.ts).
 */
export const randomOrderHistory = historyRule((ctx) => {
  const n = ctx.commits.length;
  if (n < RANDOM_ORDER_MIN_COMMITS) return null;
  const chain = [...ctx.commits].reverse().map((c) => ms(c.authorDate));
  const jumps: number[] = [];
  for (let i = 1; i < chain.length; i++) {
    const back = (chain[i - 1] as number) - (chain[i] as number);
    if (back > RANDOM_ORDER_STEP_MS) jumps.push(back);
  }
  const share = jumps.length / (n - 1);
  const med = median(jumps);
  if (share < RANDOM_ORDER_MIN_SHARE || !(med >= RANDOM_ORDER_MIN_MEDIAN_JUMP_MS)) return null;
  return {
    rule: "RANDOM_ORDER_HISTORY",
    severity: "WARNING",
    message: `${about(ctx)}${pct(share)} of ${n - 1} steps in the history go back in author time, by a median of ${Math.round(med / DAY_MS)} days; the dates look randomly assigned (interleaving branches in a rewrite sends some steps back, rarely this far)`,
    evidence: { backwardSteps: jumps.length, steps: n - 1, medianBackDays: Math.round(med / DAY_MS) },
  };
});
