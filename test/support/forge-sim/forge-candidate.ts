import {
  assembleCandidate,
  type CandidateSpec,
  forkWithOwnWork,
  honestHistory,
  honestImport,
  paintedGraph,
  type RepoScenario,
} from "../github-sim/scenarios/index.ts";

/**
 * The candidate every forge simulator and source test reads: an honest history (weather-dash), a painted
 * graph pushed at once (pixel-art), an honest import (survey-kit), a fork with own work (fastcsv), plus
 * `more` of the scenario library.
 */
export function forgeCandidate(login: string, o: { name?: string; more?: RepoScenario[] } = {}): CandidateSpec {
  return assembleCandidate({
    login,
    name: o.name,
    repos: [
      honestHistory({ login }),
      paintedGraph({ login }),
      honestImport({ login }),
      forkWithOwnWork({ login }),
      ...(o.more ?? []),
    ],
  });
}
