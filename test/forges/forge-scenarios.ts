import type { ForgeRepoEvidence } from "../../src/forges/types.ts";

/**
 * How long after its committer date each candidate commit reached the host (ms), or null for a commit no
 * recorded push brought: an honest history's lags are minutes, a backdated one's weeks.
 */
export function arrivalLags(
  ev: ForgeRepoEvidence,
  date: "authorDate" | "committerDate" = "committerDate",
): Array<number | null> {
  const arrivals = ev.forge.anchoredTimes?.arrivals ?? {};
  return ev.candidateCommits.map((c) => {
    const at = arrivals[c.sha];
    return at ? Date.parse(at) - Date.parse(c[date]) : null;
  });
}
