/**
 * The scenario library: named builders of GitHub histories, honest and forged, each labelled with
 * what a correct analysis should conclude. Reused by tests, the demo and the benchmarks.
 */

import { scheduledWorkflow } from "./automation.ts";
import {
  assembleCandidate,
  type CandidateSpec,
  type RepoScenario,
  SCENARIO_NOW,
  type ScenarioOptions,
} from "./candidate.ts";
import { forkWithOwnWork, forkWithoutOwnWork, upstreamRepushed } from "./foreign.ts";
import { bulkDump, cronFarm, paintedGraph, randomDateBot, sequentialBackdating } from "./forgeries.ts";
import {
  aiAssistedHistory,
  botCommits,
  emptyRepository,
  honestHistory,
  honestRebase,
  renamedRepository,
  unlinkedEmail,
} from "./honest.ts";
import { copiedRepository, honestImport, readmeThenDump, unanchoredHistory } from "./provenance.ts";

export { scheduledWorkflow } from "./automation.ts";
export * from "./candidate.ts";
export { forkWithOwnWork, forkWithoutOwnWork, type Upstream, upstreamProject, upstreamRepushed } from "./foreign.ts";
export { bulkDump, cronFarm, paintedGraph, randomDateBot, sequentialBackdating } from "./forgeries.ts";
export { FOUR_PROJECTS, fourProjectCandidate } from "./four-projects.ts";
export {
  aiAssistedHistory,
  botCommits,
  emptyRepository,
  honestHistory,
  honestRebase,
  humanCommits,
  humanTimes,
  renamedRepository,
  unlinkedEmail,
} from "./honest.ts";
export { copiedRepository, honestImport, readmeThenDump, unanchoredHistory } from "./provenance.ts";
export { DAY, HOUR, iso, MINUTE, Rng, seedOf } from "./random.ts";

/** Every builder by name, for suites that iterate the library (benchmarks). */
export const SCENARIOS: Record<string, (o: ScenarioOptions) => RepoScenario> = {
  honestHistory,
  aiAssistedHistory,
  honestRebase,
  botCommits,
  unlinkedEmail,
  emptyRepository,
  renamedRepository,
  paintedGraph,
  randomDateBot,
  sequentialBackdating,
  bulkDump,
  cronFarm,
  forkWithOwnWork,
  forkWithoutOwnWork,
  upstreamRepushed,
  readmeThenDump,
  copiedRepository,
  unanchoredHistory,
  honestImport,
  scheduledWorkflow,
};

/**
 * Ready-made candidates for the demo and smoke tests: an honest developer, a graph painter, a
 * copier, and a mixed profile (honest work beside a bulk dump and an empty repository).
 */
export function sampleCandidates(now: string = SCENARIO_NOW): CandidateSpec[] {
  return [
    assembleCandidate({
      login: "alice-honest",
      name: "Alice Honest",
      createdAt: "2017-09-01T10:00:00Z",
      repos: [
        honestHistory({ login: "alice-honest", now }),
        aiAssistedHistory({ login: "alice-honest", now }),
        renamedRepository({ login: "alice-honest", now }),
        botCommits({ login: "alice-honest", now }),
        forkWithOwnWork({ login: "alice-honest", now }),
      ],
    }),
    assembleCandidate({
      login: "mallory-painter",
      name: "Mallory Painter",
      createdAt: "2023-06-01T10:00:00Z",
      repos: [
        paintedGraph({ login: "mallory-painter", now }),
        randomDateBot({ login: "mallory-painter", now }),
        sequentialBackdating({ login: "mallory-painter", now }),
      ],
    }),
    assembleCandidate({
      login: "carl-copier",
      name: "Carl Copier",
      createdAt: "2024-02-01T10:00:00Z",
      repos: [upstreamRepushed({ login: "carl-copier", now }), forkWithoutOwnWork({ login: "carl-copier", now })],
    }),
    assembleCandidate({
      login: "maya-mixed",
      name: "Maya Mixed",
      createdAt: "2019-04-01T10:00:00Z",
      repos: [
        honestRebase({ login: "maya-mixed", now }),
        bulkDump({ login: "maya-mixed", now }),
        unlinkedEmail({ login: "maya-mixed", now }),
        emptyRepository({ login: "maya-mixed", now }),
      ],
    }),
  ];
}
