import type { GhCommit, GhRepo, GhUser, RepoEvidence } from "../../github/types.ts";
import type { DateRange } from "../../resume/types.ts";
import type { Automation } from "../automation.ts";
import type { RuleId, Severity } from "../types.ts";

/** Everything a repository rule may look at. Built once per matched repository; rules never do IO. */
export interface RepoRuleContext {
  login: string;
  user: GhUser;
  repo: GhRepo;
  evidence: RepoEvidence;
  /** the candidate's counted commits that were fetched, newest first (no merges, bots or fork-inherited) */
  commits: GhCommit[];
  /** the exact number of counted commits (commits may be a newest-first prefix of them) */
  commitCount: number;
  /** a scheduled job's commits under the candidate's identity (automation.ts), and the candidate's own work beside them */
  automation?: { found: Automation; humanCommits: number; automatedCommits: number; exact: boolean } | null;
  /** the claim this repository was matched to: the resume's own dates, description lines and claimed commit count */
  claim?: { name: string; dates: DateRange | null; description?: readonly string[]; claimedCommits?: number };
}

/** What a rule found: its own severity before corroboration, a message naming the repository, the numbers. */
export interface RuleHit {
  rule: RuleId;
  severity: Severity;
  message: string;
  evidence: Record<string, number | string>;
}

export type RepoRule = (ctx: RepoRuleContext) => RuleHit | null;

/** "owner/name: " prefix so every message names its repository. */
export function about(ctx: RepoRuleContext): string {
  return `${ctx.repo.fullName}: `;
}

/** " (of the N most recent examined)" when the rule saw only a prefix of the history. */
export function sampleNote(ctx: RepoRuleContext): string {
  return ctx.commits.length < ctx.commitCount
    ? ` (among the ${ctx.commits.length} most recent of ${ctx.commitCount})`
    : "";
}
