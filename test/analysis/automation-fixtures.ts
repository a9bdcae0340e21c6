/** Histories with a scheduled job under the candidate's identity, and the rule context repo-verdict.ts builds over them. */
import { ownCommits } from "../../src/analysis/own-commits.ts";
import type { RepoRuleContext } from "../../src/analysis/rules/rule-context.ts";
import type { GhCommit } from "../../src/github/types.ts";
import { commit, DAY, evidence, HOUR, honestHistory, MIN, repo, user } from "./fixtures.ts";

export const L = "ana";
export const T0 = Date.parse("2024-03-01T00:00:00Z");
export const ACTIONS = {
  committerLogin: "github-actions[bot]",
  committerName: "github-actions[bot]",
  committerEmail: "41898282+github-actions[bot]@users.noreply.github.com",
};

/** A daily job at 20:18 (a few seconds of jitter) that rewrites a data file, under the owner's identity. */
export const daily = (n: number, extra: Partial<GhCommit> = {}) =>
  Array.from({ length: n }, (_, i) =>
    commit(L, T0 + 30 * DAY + i * DAY + 20 * HOUR + 18 * MIN + (i % 7) * 1000, undefined, {
      message: `Fact of the day #${i + 1}: ${1000 + i * 37} facts so far`,
      ...extra,
    }),
  );
/** An hourly job at :05 past the hour (up to three minutes late), committed by GitHub Actions. */
export const hourly = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    commit(L, T0 + 30 * DAY + i * HOUR + 5 * MIN + (i % 4) * 40_000, undefined, {
      message: `Update BTC price: ${(40_000 + i * 13.7).toFixed(2)} [skip ci]`,
      ...ACTIONS,
    }),
  );
export const human = (n: number, start = T0, days = 120) => honestHistory(L, start, days, n, 4);
export const newestFirst = (cs: GhCommit[]) =>
  [...cs].sort((a, b) => Date.parse(b.committerDate) - Date.parse(a.committerDate));

/** A rule context over a repository holding `cs`, with the automation found in it, as repo-verdict.ts builds it. */
export function ruleContext(
  cs: GhCommit[],
  name: string,
  days: number,
  claim?: RepoRuleContext["claim"],
): RepoRuleContext {
  const r = repo(`${L}/${name}`, {
    createdAt: new Date(T0 - DAY).toISOString(),
    pushedAt: new Date(T0 + days * DAY).toISOString(),
  });
  const e = evidence(r, cs);
  const own = ownCommits(e, L);
  return {
    login: L,
    user: user(L),
    repo: r,
    evidence: e,
    commits: own.examined,
    commitCount: own.count + own.automatedExcluded,
    automation: {
      found: own.automation!,
      humanCommits: own.count,
      automatedCommits: own.automatedExcluded,
      exact: own.exact,
    },
    ...(claim ? { claim } : {}),
  };
}
