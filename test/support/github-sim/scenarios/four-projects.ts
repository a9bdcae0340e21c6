import { assembleCandidate, type CandidateSpec } from "./candidate.ts";
import { honestHistory } from "./honest.ts";

/**
 * The four-project candidate the GitHub cost tests measure: one history longer than a page of 100 commits
 * (150 by default), three short ones (4, 3 and 3 commits), all honest, over six months.
 */
export const FOUR_PROJECTS = [
  { name: "trail-maps", language: "TypeScript" as const, commits: 150 },
  { name: "recipe-box", language: "Python" as const, commits: 4 },
  { name: "dice-roller", language: "Go" as const, commits: 3 },
  { name: "pomodoro", language: "Rust" as const, commits: 3 },
];

/** That candidate as `login`; `long`: the length of the long history. */
export function fourProjectCandidate(login: string, long = 150): CandidateSpec {
  return assembleCandidate({
    login,
    name: login,
    createdAt: "2018-03-01T10:00:00Z",
    repos: FOUR_PROJECTS.map((p, i) => honestHistory({ login, ...p, commits: i === 0 ? long : p.commits, months: 6 })),
  });
}
