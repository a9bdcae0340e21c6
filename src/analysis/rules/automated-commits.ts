import { about, historyRule, type RepoRule } from "./rule-context.ts";
import { pct } from "./time-stats.ts";

/**
 * Automation is not work (automation.ts finds a scheduled job's commits under the candidate's identity).
 * AUTOMATED_COMMITS says which commits were left out of the candidate's count and why: INFO, because
 * keeping data or a badge fresh with a workflow is ordinary. INFLATED_ACTIVITY is the same fact sold as
 * work: the resume claims more commits than the candidate made by hand, or sells a streak or commit
 * volume, while a scheduled job made most of them. WARNING, named as inflation; its extent (the automated
 * share) feeds the extent rule, because what the claim sells is mostly gone, and the claim credits at
 * most the share of commits the candidate made by hand (`creditCap`), as padding does (padded-activity.ts).
 */

/** Words by which a resume sells activity rather than a project. */
const SELLS_ACTIVITY =
  /\b(\d[\d,.]*\+?\s*-?\s*day\s+(commit\s+)?streak|streak|commits? (every|each) day|daily commits?|\d[\d,.]*\+?\s+(commits|contributions)|contribution (graph|streak|calendar)|green squares)\b/i;
/** A claimed commit count is inflated when it exceeds the candidate's own commits by this factor (and 10). */
export const CLAIMED_COMMITS_SLACK = 1.2;

function reasons(ctx: Parameters<RepoRule>[0]): string {
  const a = ctx.automation!.found;
  const parts: string[] = [];
  if (a.ciCommitter > 0) parts.push(`${a.ciCommitter} committed by ${a.committer ?? "a CI identity"}`);
  if (a.clock) parts.push(`${a.onClock} made on a fixed clock (${a.clock})`);
  if (a.late > 0) parts.push(`${a.late} more of the same job's runs that started late`);
  if (a.stamped > 0) parts.push(`${a.stamped} whose message states its own commit time, as a script's does`);
  if (a.skipCi > 0) parts.push(`${a.skipCi} marked [skip ci]`);
  if (a.inRuns > 0) parts.push(`${a.inRuns} made several at a time in one second, on ${a.runDays} days`);
  return parts.join(", ");
}

export const automatedCommits = historyRule((ctx) => {
  const auto = ctx.automation;
  if (!auto) return null;
  const a = auto.found;
  const about_ = auto.exact ? "" : "about ";
  return {
    rule: "AUTOMATED_COMMITS",
    severity: "INFO",
    message: `${about(ctx)}${about_}${auto.automatedCommits.toLocaleString("en-US")} commits under the candidate's identity were made by a scheduled job (${reasons(ctx)}; ${a.templates} message template${a.templates === 1 ? "" : "s"} such as "${a.topTemplate}"); they are not counted as the candidate's work, ${about_}${auto.humanCommits.toLocaleString("en-US")} are. Keeping data or a badge fresh with a workflow is ordinary: it is automation, not authorship`,
    evidence: {
      automatedCommits: auto.automatedCommits,
      humanCommits: auto.humanCommits,
      ciCommitted: a.ciCommitter,
      onClock: a.onClock,
      skipCi: a.skipCi,
      inRuns: a.inRuns,
      templates: a.templates,
      extent: 0,
    },
  };
});

export const inflatedActivity = historyRule((ctx) => {
  const auto = ctx.automation;
  const claim = ctx.claim;
  if (!auto || !claim) return null;
  const sold: string[] = [];
  const claimed = claim.claimedCommits;
  if (claimed !== undefined && claimed > auto.humanCommits * CLAIMED_COMMITS_SLACK && claimed > auto.humanCommits + 10)
    sold.push(`${claimed.toLocaleString("en-US")}+ commits`);
  for (const line of [claim.name, ...(claim.description ?? [])]) {
    const m = SELLS_ACTIVITY.exec(line);
    if (m && !sold.some((s) => s.toLowerCase() === m[0].toLowerCase())) sold.push(m[0]);
  }
  if (sold.length === 0) return null;
  const total = auto.humanCommits + auto.automatedCommits;
  const share = total === 0 ? 0 : auto.automatedCommits / total;
  return {
    rule: "INFLATED_ACTIVITY",
    severity: "WARNING",
    message: `${about(ctx)}the resume sells "${claim.name}" by its activity (${sold.map((s) => `"${s}"`).join(", ")}), but ${auto.exact ? "" : "about "}${auto.automatedCommits.toLocaleString("en-US")} of its ${total.toLocaleString("en-US")} commits (${pct(share)}) were made by a scheduled job; the candidate's own are ${auto.humanCommits.toLocaleString("en-US")}. Selling automated activity as work is inflation; the automation itself may still be a good project`,
    evidence: {
      automatedCommits: auto.automatedCommits,
      humanCommits: auto.humanCommits,
      ...(claimed !== undefined ? { claimedCommits: claimed } : {}),
      extent: Math.round(share * 100) / 100,
      creditCap: Math.round((1 - share) * 100) / 100,
    },
  };
});
