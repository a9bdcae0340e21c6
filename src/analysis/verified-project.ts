import { discreditsMost } from "./confidence-score.ts";
import type { ClaimMatch } from "./match-claims.ts";
import { matchStrength } from "./match-strength.ts";
import { hostOfRepo, repoUrlOf } from "./repo-hosts.ts";
import type { RepoVerdict } from "./repo-verdict.ts";
import { confirmedTechnologies } from "./tech-overlap.ts";
import { type Flag, SEVERITY_RANK, type Severity, type VerifiedProject } from "./types.ts";

export function worst(flags: Flag[]): Severity | null {
  let w: Severity | null = null;
  for (const f of flags) if (w === null || SEVERITY_RANK[f.severity] < SEVERITY_RANK[w]) w = f.severity;
  return w;
}

/** A claim matched to an accepted repository, as the result publishes it (repoUrl with its real host). */
export function verifiedProject(m: ClaimMatch, v: RepoVerdict, repoFlags: Flag[]): VerifiedProject {
  const dates = v.own.examined
    .map((c) => c.authorDate)
    .sort((a, b) => Date.parse(a) - Date.parse(b) || (a < b ? -1 : 1));
  const total = v.evidence.totalCommitCount;
  return {
    name: m.claim.name,
    repoUrl: repoUrlOf(v.repo),
    host: hostOfRepo(v.repo),
    commits: v.own.count,
    ...(v.evidence.candidateCountExact === false || !v.own.exact ? { commitsEstimated: true } : {}),
    matchStrength: matchStrength({
      basis: m.basis ?? "fuzzy",
      commits: v.own.count,
      totalCommits: total,
      forkWithoutOwnWork: v.forkWithoutOwnWork,
      shortBulkDump: v.shortBulkDump,
      forgedHistory: v.flags.some((f) => f.severity === "CRITICAL"),
      mostlyDiscredited: discreditsMost(v.flags),
    }),
    matchedBy: m.basis ?? "fuzzy",
    matchScore: m.score,
    totalCommits: total,
    ownShare: total === 0 ? 0 : Math.round((v.own.count / total) * 100) / 100,
    fork: v.repo.fork,
    firstCommitAt: dates[0] ?? null,
    lastCommitAt: dates[dates.length - 1] ?? null,
    signedCommits: v.own.examined.filter((c) => c.verified).length,
    technologiesConfirmed: confirmedTechnologies(m.claim.technologies, v.evidence),
    worstFlag: worst(repoFlags),
    ...(m.claim.foundBy ? { foundBy: m.claim.foundBy } : {}),
  };
}
