import { about, type RepoRule, type RuleHit } from "./rule-context.ts";
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
 */
export const copiedRepository: RepoRule = (ctx): RuleHit | null => {
  const copy = ctx.evidence.copyOf;
  if (!copy) return null;
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
};
