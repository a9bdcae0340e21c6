import type { CommitSpec } from "../git-writer.ts";
import type { RepoSpec, UserSpec } from "../sim-world.ts";
import { candidateIdentity, type RepoScenario, SCENARIO_NOW, type ScenarioOptions } from "./candidate.ts";
import { humanMessage, SourceTree } from "./content.ts";
import { humanCommits, humanTimes } from "./honest.ts";
import { DAY, HOUR, iso, Rng, seedOf } from "./random.ts";

const nowOf = (o: { now?: string }) => Date.parse(o.now ?? SCENARIO_NOW);

/** Someone else's project: an organisation, its maintainers (linked accounts) and two years of work. */
export interface Upstream {
  users: UserSpec[];
  repo: RepoSpec;
}

/**
 * An upstream project owned by `owner` (an organisation) with maintainers' history. Seeded only by its
 * own names, so every candidate forking it shares the same SHAs.
 */
export function upstreamProject(
  o: { owner?: string; name?: string; maintainers?: string[]; commits?: number; now?: string } = {},
): Upstream {
  const owner = o.owner ?? "upstream-org";
  const name = o.name ?? "fastcsv";
  const maintainers = o.maintainers ?? ["maint-ana", "maint-bo", "maint-cy"];
  const rng = new Rng(seedOf("upstream", owner, name));
  const end = nowOf(o) - 60 * DAY;
  const times = humanTimes(rng, end - 2 * 365 * DAY, end, o.commits ?? 150);
  const ids = maintainers.map((m) => ({ name: m, email: `${m}@upstream.example.org` }));
  const commits = humanCommits(rng, () => rng.pick(ids), times, {
    lang: "Go",
    deps: ["golang.org/x/text"],
    name,
    description: "Fast CSV parsing",
  });
  return {
    users: [
      { login: owner, type: "Organization", name: owner, createdAt: "2017-02-01T08:00:00Z" },
      ...maintainers.map((m, i) => ({
        login: m,
        name: m,
        createdAt: `201${i + 3}-05-0${i + 1}T12:00:00Z`,
        emails: [`${m}@upstream.example.org`],
      })),
    ],
    repo: {
      owner,
      name,
      description: "Fast CSV parsing",
      topics: ["csv", "parser"],
      createdAt: iso(times[0]! - DAY),
      commits,
      stargazers: 420,
    },
  };
}

/** The candidate's own commits on top of someone else's tree: new files and edits of them. */
function ownWork(o: ScenarioOptions, rng: Rng, n: number, endDaysAgo: number, spanDays: number): CommitSpec[] {
  const tree = new SourceTree("Go", rng);
  const end = nowOf(o) - endDaysAgo * DAY;
  const me = candidateIdentity(o.login);
  let last = 0;
  return humanTimes(rng, end - spanDays * DAY, end, n).map((t) => {
    last = Math.max(t + rng.int(0, 90) * 1000, last + 1000);
    return { author: me, authorDate: t, committerDate: last, message: humanMessage(rng), files: tree.humanChange() };
  });
}

/** A GitHub fork with the candidate's work on top: `own` commits ahead of the parent. */
export function forkWithOwnWork(o: ScenarioOptions & { upstream?: Upstream; own?: number }): RepoScenario {
  const up = o.upstream ?? upstreamProject({ now: o.now });
  const name = o.name ?? up.repo.name;
  const rng = new Rng(o.seed ?? seedOf("forkWithOwnWork", o.login, name));
  const own = o.own ?? 12;
  const commits = ownWork(o, rng, own, 8, 45);
  return {
    scenario: "forkWithOwnWork",
    repo: {
      owner: o.login,
      name,
      forkOf: `${up.repo.owner}/${up.repo.name}`,
      description: o.description ?? up.repo.description,
      topics: o.topics ?? [],
      createdAt: iso(nowOf(o) - 55 * DAY),
      commits,
    },
    users: up.users,
    prerequisites: [up.repo],
    label: {
      kind: "honest",
      expected: [],
      maxSeverity: "INFO",
      candidateCommits: own,
      notes: `fork of ${up.repo.owner}/${up.repo.name} with ${own} commits of the candidate ahead`,
    },
  };
}

/** A GitHub fork the candidate never committed to, shown as their project. */
export function forkWithoutOwnWork(o: ScenarioOptions & { upstream?: Upstream }): RepoScenario {
  const up = o.upstream ?? upstreamProject({ now: o.now });
  const name = o.name ?? up.repo.name;
  return {
    scenario: "forkWithoutOwnWork",
    repo: {
      owner: o.login,
      name,
      forkOf: `${up.repo.owner}/${up.repo.name}`,
      description: o.description ?? up.repo.description,
      topics: o.topics ?? [],
      createdAt: iso(nowOf(o) - 100 * DAY),
      commits: [],
    },
    users: up.users,
    prerequisites: [up.repo],
    label: {
      kind: "fraud",
      expected: [{ rule: "FORK_AS_OWN", severity: "WARNING" }],
      maxSeverity: "WARNING",
      candidateCommits: 0,
      notes: `fork of ${up.repo.owner}/${up.repo.name}, nothing ahead of the parent`,
    },
  };
}

/**
 * Someone else's history re-pushed as a new repository of the candidate (not a fork): the root commit
 * and most commits belong to other accounts, months before the candidate's few commits.
 */
export function upstreamRepushed(
  o: ScenarioOptions & { upstream?: Upstream; own?: number; originalPublic?: boolean },
): RepoScenario {
  const up =
    o.upstream ??
    upstreamProject({
      owner: "quarkworks",
      name: "tinyhttp",
      maintainers: ["qw-lena", "qw-omar"],
      commits: 150,
      now: o.now,
    });
  const name = o.name ?? up.repo.name;
  const rng = new Rng(o.seed ?? seedOf("upstreamRepushed", o.login, name));
  const own = o.own ?? 3;
  const commits = [...up.repo.commits, ...ownWork(o, rng, own, 10, 2)];
  return {
    scenario: "upstreamRepushed",
    repo: {
      owner: o.login,
      name,
      description: o.description ?? up.repo.description,
      topics: o.topics ?? [],
      createdAt: iso(nowOf(o) - 12 * DAY - 3 * HOUR),
      commits,
    },
    // the maintainers exist (their emails link); the original repository is public unless told otherwise,
    // and the re-pushed commits keep its SHAs
    users: up.users,
    prerequisites: o.originalPublic === false ? [] : [up.repo],
    label: {
      kind: "fraud",
      expected: [{ rule: "FOREIGN_HISTORY", severity: "WARNING" }],
      maxSeverity: "WARNING",
      candidateCommits: own,
      notes: `${up.repo.commits.length} commits by ${up.users.length - 1} other accounts re-pushed, then ${own} of the candidate's`,
    },
  };
}
