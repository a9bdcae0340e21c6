import { isCopySuspect } from "../../github/index.ts";
import { about, historyRule, hostOf, type RepoRuleContext, type RuleHit } from "./rule-context.ts";
import { dayText, humanSpan, ms, pct } from "./time-stats.ts";

/** Share of the repository's files found byte for byte (same blob SHA) in the original: mostly a copy. */
export const COPY_MOSTLY_SHARE = 0.8;
export const COPY_MIN_FILES = 5;

/**
 * A copy that is not a fork (src/github/copy-search.ts found an older repository of another owner with
 * the same name or description). The same root tree is the same content: CRITICAL, naming the original
 * and its dates. Most files identical: WARNING, whose extent (the shared share) feeds the extent rule, and
 * the claim credits at most the share of files that is not copied (creditCap): in either reading (a copy,
 * or a course starter or template) the identical files are not the candidate's work.
 *
 * A host that gives no tree SHAs (GitLab) cannot say whether the files repeat another repository's: for a
 * repository that looks like a copy (copy-search.ts), the rule says it could not check, as an INFO that
 * weighs nothing; a history pushed again from an older project is still found (FOREIGN_HISTORY).
 */
/** COPIED_REPOSITORY's numbers: the original and how much of it is repeated, or (`checked` 0) what the host lacks. */
export type CopiedRepositoryEvidence = {
  original?: string;
  originalCreated?: string;
  identicalTree?: number;
  sharedFiles?: number;
  files?: number;
  extent?: number;
  creditCap?: number;
  checked?: number;
  lacking?: string;
};

export const copiedRepository = historyRule<CopiedRepositoryEvidence>((ctx) => {
  const copy = ctx.evidence.copyOf;
  if (!copy) return uncheckedCopy(ctx);
  const mine = ctx.commits.map((c) => ms(c.committerDate)).filter((t) => Number.isFinite(t));
  const span = mine.length > 1 ? Math.max(...mine) - Math.min(...mine) : 0;
  const theirs = `${copy.original} (created ${dayText(copy.createdAt)}${copy.pushedAt ? `, last pushed ${dayText(copy.pushedAt)}` : ""}${copy.stargazers > 0 ? `, ${copy.stargazers.toLocaleString("en-US")} stars` : ""})`;
  const here =
    `${ctx.commitCount} commit${ctx.commitCount === 1 ? "" : "s"} here ${mine.length > 1 ? `committed within ${humanSpan(span)}` : ""}`.trim();
  if (copy.identicalTree) {
    return {
      rule: "COPIED_REPOSITORY",
      severity: "CRITICAL",
      message: `${about(ctx)}its files are identical to ${theirs}, an older repository of another account, and it is not a fork; the ${here} re-commit that work. A course starter or a template is identical to its source too, so ask what was added`,
      evidence: { original: copy.original, originalCreated: dayText(copy.createdAt), identicalTree: 1, extent: 1 },
    };
  }
  const share = copy.files === 0 ? 0 : copy.sharedFiles / copy.files;
  if (copy.sharedFiles < COPY_MIN_FILES || share < COPY_MOSTLY_SHARE) return null;
  return {
    rule: "COPIED_REPOSITORY",
    severity: "WARNING",
    message: `${about(ctx)}${copy.sharedFiles} of its ${copy.files} files (${pct(share)}) are identical to files of ${theirs}, an older repository of another account; it is not a fork. A project built on a starter or a tutorial shares its files too, so ask what was added`,
    evidence: {
      original: copy.original,
      originalCreated: dayText(copy.createdAt),
      sharedFiles: copy.sharedFiles,
      files: copy.files,
      identicalTree: 0,
      extent: Math.round(share * 100) / 100,
      creditCap: Math.round((1 - share) * 100) / 100,
    },
  };
});

/** The INFO for a suspected copy on a host that cannot compare content; null when there is nothing to say. */
function uncheckedCopy(ctx: RepoRuleContext & { missing?: readonly { evidence: string; reason: string }[] }) {
  const lack = ctx.missing?.find((m) => m.evidence === "tree-identity");
  const e = ctx.evidence;
  if (!lack || e.historyOrigin || !isCopySuspect(ctx.repo, e.candidateCommits, e.totalCommitCount, e.sampledWithStats))
    return null;
  return {
    rule: "COPIED_REPOSITORY",
    severity: "INFO",
    message: `${about(ctx)}its history is short and large, as a copy's often is, but ${hostOf(ctx)} gives no tree SHAs, so whether its files repeat an older repository's could not be checked (no older project with the same history was found); this is not a finding, only a check that could not run`,
    evidence: { checked: 0, lacking: lack.evidence },
  } satisfies RuleHit;
}
