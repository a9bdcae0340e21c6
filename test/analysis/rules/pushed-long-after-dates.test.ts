import { describe, expect, test } from "bun:test";
import {
  LATE_ARRIVAL_MS,
  LATE_MIN_COMMITS,
  pushedLongAfterDates,
} from "../../../src/analysis/rules/pushed-long-after-dates.ts";
import type { RepoRuleContext } from "../../../src/analysis/rules/rule-context.ts";
import type { ForgeEvidence } from "../../../src/forges/types.ts";
import type { GhCommit } from "../../../src/github/types.ts";
import { commit, DAY } from "../fixtures.ts";
import { ctxOf, LOGIN } from "./rule-fixtures.ts";

const CREATED = Date.parse("2023-01-01T09:00:00Z");
const iso = (t: number) => new Date(t).toISOString();
/** `n` commits a day apart from `start`, inside the repository's life. */
const daily = (n: number, start = CREATED + 10 * DAY) =>
  Array.from({ length: n }, (_, i) => commit(LOGIN, start + i * DAY, start + i * DAY));

/** A GitLab context whose push events say when each commit arrived. */
function onGitLab(
  commits: GhCommit[],
  arrivalOf: (c: GhCommit) => string,
  pushes = [...new Set(commits.map(arrivalOf))],
) {
  const ctx = ctxOf(commits, { repo: { createdAt: iso(CREATED) } });
  const forge = {
    host: "gitlab.com",
    anchoredTimes: {
      source: "gitlab-push-events",
      pushes: pushes.sort().map((at) => ({ at, by: LOGIN, ref: "refs/heads/main", before: null, after: "x" })),
      arrivals: Object.fromEntries(commits.map((c) => [c.sha, arrivalOf(c)])),
    },
  } as unknown as ForgeEvidence;
  return { ...ctx, evidence: { ...ctx.evidence, forge } } as RepoRuleContext;
}

describe("PUSHED_LONG_AFTER_DATES", () => {
  test("a year of history that arrived in one push months later is a WARNING with its late share as extent", () => {
    const commits = daily(40);
    const push = iso(CREATED + 400 * DAY);
    const hit = pushedLongAfterDates(onGitLab(commits, () => push));
    expect(hit?.severity).toBe("WARNING");
    expect(hit?.evidence).toMatchObject({ lateCommits: 40, examined: 40, share: 1, pushes: 1, extent: 1 });
    expect(hit?.evidence.source).toBe("gitlab-push-events");
    expect(hit?.message).toContain("in one push on");
    expect(hit?.message).toContain("the repository received no push while they were supposedly written");
    expect(hit?.message).toContain("ask where it was developed");
  });

  test("commits pushed the day they were made are on time: no flag", () => {
    const commits = daily(40);
    const hit = pushedLongAfterDates(onGitLab(commits, (c) => iso(Date.parse(c.committerDate) + 3_600_000)));
    expect(hit).toBeNull();
  });

  test("a minority of late commits (a branch merged after a long review) is no finding", () => {
    const commits = daily(40);
    const hit = pushedLongAfterDates(
      onGitLab(commits, (c) => {
        const dated = Date.parse(c.committerDate);
        return iso(commits.indexOf(c) < 10 ? dated + LATE_ARRIVAL_MS + DAY : dated + 60_000);
      }),
    );
    expect(hit).toBeNull();
  });

  test(`fewer than ${LATE_MIN_COMMITS} late commits are no finding, whatever their share`, () => {
    const commits = daily(LATE_MIN_COMMITS - 1);
    expect(pushedLongAfterDates(onGitLab(commits, () => iso(CREATED + 400 * DAY)))).toBeNull();
  });

  test("a history dated before the repository existed is an import's, left to UNANCHORED_HISTORY", () => {
    const commits = daily(40, CREATED - 300 * DAY);
    expect(pushedLongAfterDates(onGitLab(commits, () => iso(CREATED + 30 * DAY)))).toBeNull();
  });

  test("a host without push times (GitHub) says nothing", () => {
    expect(pushedLongAfterDates(ctxOf(daily(40), { repo: { createdAt: iso(CREATED) } }))).toBeNull();
  });
});
