import type { GhCommit } from "../../github/index.ts";
import { isAuthoredFile } from "../authored-files.ts";
import type { RepoRuleContext } from "./rule-context.ts";

export interface SizedCommit {
  commit: GhCommit;
  /** additions + deletions */
  changed: number;
  additions: number;
  /** the files the candidate plausibly wrote (authored-files.ts: no lockfiles, vendored, built, documents, media, data) */
  files: string[];
  allFiles: number;
  /** lines added to those files, when GitHub gave each file's additions */
  ownAdditions?: number;
}

/**
 * The candidate's commits that were fetched with stats (the bounded sample, plus the root commit when it
 * is theirs), deduplicated by sha, in the sample's order. Only counted commits are used when known.
 */
export function sampledCommits(ctx: RepoRuleContext): SizedCommit[] {
  const counted = new Set(ctx.commits.map((c) => c.sha));
  const pool = [...ctx.evidence.sampledWithStats];
  const root = ctx.evidence.rootCommit;
  if (root?.stats) pool.push(root);
  const seen = new Set<string>();
  const out: SizedCommit[] = [];
  for (const c of pool) {
    if (!c.stats || seen.has(c.sha)) continue;
    if (!counted.has(c.sha) && (c.authorLogin ?? "").toLowerCase() !== ctx.login.toLowerCase()) continue;
    if (c.parents > 1) continue;
    seen.add(c.sha);
    const files = c.stats.files.filter((f) => isAuthoredFile(f));
    const per = c.stats.fileAdditions;
    const generated =
      per && per.length === c.stats.files.length
        ? c.stats.files.reduce((sum, f, i) => sum + (isAuthoredFile(f) ? 0 : (per[i] ?? 0)), 0)
        : undefined;
    out.push({
      commit: c,
      changed: c.stats.additions + c.stats.deletions,
      additions: c.stats.additions,
      files,
      allFiles: c.stats.files.length,
      ...(generated !== undefined ? { ownAdditions: Math.max(0, c.stats.additions - generated) } : {}),
    });
  }
  return out;
}
