import { findPadding } from "../padding.ts";
import { about, historyRule } from "./rule-context.ts";
import { sampledCommits } from "./sampled-stats.ts";
import { pct } from "./time-stats.ts";

/** Judged over at least this many of the candidate's commits, and this many sampled with their sizes. */
export const PADDING_MIN_COMMITS = 50;
export const PADDING_MIN_SAMPLED = 10;
/** Padding when this share of the commits carry machine messages, and of the sampled ones are such messages on trivial changes. */
export const PADDING_SHARE = 0.5;
/**
 * When most commits state their own commit time, a program made them (an auto-committer), whatever they
 * carry: padding then needs only this share of the sampled commits to change nothing real (a log appended).
 */
export const PROGRAM_MADE_PADDING_SHARE = 0.25;

const KIND_WORDS: Record<string, string> = {
  timestamp: "their own timestamp",
  random: "a random string",
  numbered: "a numbered commit",
  template: "one of a few stock messages repeated",
  "scripted-date": "a date a script wrote (at a whole minute, as git's clock puts 1 commit in 60)",
};

/**
 * PADDED_ACTIVITY: most of the candidate's commits are padding (padding.ts): machine messages on changes
 * that change nothing real, whether they ran on a clock or at random times. WARNING: padding inflates
 * the activity a resume sells. A claim credits at most the share of commits that are not padding
 * (`creditCap`), as a copy credits at most what was not copied. The innocent reading is given: a log,
 * a notes or a counter repository is made of small, alike commits too, and is not work either way.
 */
export const paddedActivity = historyRule((ctx) => {
  const job = ctx.automation?.found.shas;
  const commits = job ? ctx.commits.filter((c) => !job.has(c.sha)) : ctx.commits;
  if (commits.length < PADDING_MIN_COMMITS) return null;
  const sample = sampledCommits(ctx).filter((s) => !job?.has(s.commit.sha));
  if (sample.length < PADDING_MIN_SAMPLED) return null;
  const p = findPadding(commits, sample);
  const trivialShare = p.sampledPadding / p.sampled;
  const programMade = p.stampedShare >= PADDING_SHARE && trivialShare >= PROGRAM_MADE_PADDING_SHARE;
  if (p.share < PADDING_SHARE || (trivialShare < PADDING_SHARE && !programMade)) return null;
  const kinds = Object.entries(p.kinds)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${n.toLocaleString("en-US")} ${KIND_WORDS[k] ?? k}`)
    .join(", ");
  const own = ctx.commitCount - Math.round(p.share * ctx.commitCount);
  return {
    rule: "PADDED_ACTIVITY",
    severity: "WARNING",
    message:
      `${about(ctx)}${p.machineMessages.toLocaleString("en-US")} of ${commits.length.toLocaleString("en-US")} commits (${pct(p.share)}) carry a machine's mark (${kinds}; the most frequent: "${p.topTemplate}"), and ${p.sampledPadding} of ${p.sampled} sampled commits are such messages on changes that change nothing real` +
      (p.sameFiles
        ? ` (empty, one or two lines, a generated file, or the same files rewritten: ${p.sameFiles})`
        : " (empty, one or two lines of one file, or one new file under a generated name)") +
      (programMade
        ? `; ${pct(p.stampedShare)} of the messages state their own commit time, so a program made those commits whatever they carry`
        : "") +
      `; padding inflates activity whether a scheduled job or a script makes it, on a clock or at random times, so about ${own.toLocaleString("en-US")} commits are left as work. A log, notes or counter repository is made of small, alike commits too; it is not work either way`,
    evidence: {
      paddingCommits: p.machineMessages,
      examined: commits.length,
      sampled: p.sampled,
      sampledPadding: p.sampledPadding,
      creditCap: Math.round((1 - p.share) * 100) / 100,
    },
  };
});
