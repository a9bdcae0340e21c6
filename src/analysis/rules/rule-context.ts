import type { EvidenceKind, ForgeEvidence, MissingEvidence } from "../../forges/index.ts";
import { GITHUB_CAPABILITIES } from "../../forges/index.ts";
import type { GhCommit, GhRepo, GhUser, RepoEvidence } from "../../github/index.ts";
import type { DateRange } from "../../resume/index.ts";
import type { Automation } from "../automation.ts";
import { hostName, hostOfRepo, repoLabel } from "../repo-hosts.ts";
import type { RuleId, Severity } from "../types.ts";

/** Everything a repository rule may look at. Built once per matched repository; rules never do IO. */
export interface RepoRuleContext {
  login: string;
  user: GhUser;
  repo: GhRepo;
  /** the host's evidence; `forge` says which host answered, what only it has and what it lacks (GitHub when absent) */
  evidence: RepoEvidence & { forge?: ForgeEvidence };
  /** the candidate's counted commits that were fetched, newest first (no merges, bots or fork-inherited) */
  commits: GhCommit[];
  /** the exact number of counted commits (commits may be a newest-first prefix of them) */
  commitCount: number;
  /** a scheduled job's commits under the candidate's identity (automation.ts), and the candidate's own work beside them */
  automation?: { found: Automation; humanCommits: number; automatedCommits: number; exact: boolean } | null;
  /** the claim this repository was matched to: the resume's own dates, description lines and claimed commit count */
  claim?: { name: string; dates: DateRange | null; description?: readonly string[]; claimedCommits?: number };
}

/** A flag's numbers and names: flat, each a number or a string (the published flag's `evidence`). */
export type Evidence = Readonly<Record<string, number | string>>;

/**
 * What a rule found: its own severity before corroboration, a message naming the repository, the numbers.
 * `E` is the rule's evidence shape, as its function builds it (the registry's EvidenceOf reads it back).
 */
export interface RuleHit<E extends Evidence = Evidence> {
  rule: RuleId;
  severity: Severity;
  message: string;
  evidence: E;
}

/**
 * A repository rule: a pure function of the context. Its spec (specs/<rule-id>.ts) declares the evidence it
 * reads beyond the commits every host lists (`needs`); where the host lacks some of it, the rule is told
 * (`missing`) and says so in its flag instead of reading the absence as a finding.
 */
export type RepoRule<E extends Evidence = Evidence> = (ctx: RuleInput) => RuleHit<E> | null;

/** What a repository rule is called with: the context, and the evidence its host lacks. */
export type RuleInput = RepoRuleContext & { missing?: readonly MissingEvidence[] };

/** A repository rule as written: the function, with its evidence shape kept in its type for the registry. */
export const historyRule = <E extends Evidence>(rule: RepoRule<E>): RepoRule<E> => rule;

/** The host that served the repository: "github.com", "gitlab.com" ... */
export function hostOf(ctx: RepoRuleContext): string {
  return ctx.evidence.forge?.host ?? hostOfRepo(ctx.repo);
}

/** "GitHub", or the host's name, as messages say it. */
export function hostWord(ctx: RepoRuleContext): string {
  return hostName(hostOf(ctx));
}

/** Why the host does not give `kind` of evidence, or null when it does (GitHub's capabilities when unsaid). */
export function lacking(ctx: RepoRuleContext, kind: EvidenceKind): string | null {
  const capabilities = ctx.evidence.forge?.capabilities ?? GITHUB_CAPABILITIES;
  return capabilities.lacks.find((l) => l.evidence === kind)?.reason ?? null;
}

/** "owner/name: " prefix (on another host "host/owner/name: ") so every message names its repository. */
export function about(ctx: RepoRuleContext): string {
  return `${repoLabel(ctx.repo)}: `;
}

/** " (of the N most recent examined)" when the rule saw only a prefix of the history. */
export function sampleNote(ctx: RepoRuleContext): string {
  return ctx.commits.length < ctx.commitCount
    ? ` (among the ${ctx.commits.length} most recent of ${ctx.commitCount})`
    : "";
}
