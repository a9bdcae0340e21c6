import type { CommitSpec, GitIdentity } from "../git-writer.ts";
import { candidateIdentity, type RepoScenario, SCENARIO_NOW, type ScenarioOptions } from "./candidate.ts";
import { humanMessage, manifestFiles, type ScenarioLanguage, SourceTree } from "./content.ts";
import { DAY, HOUR, iso, MINUTE, Rng, seedOf } from "./random.ts";

/** Author times of a person working in sessions: varied days, any hour from 8 to 23, random seconds. */
export function humanTimes(rng: Rng, start: number, end: number, n: number): number[] {
  const times: number[] = [];
  while (times.length < n) {
    const day = Math.floor((start + rng.next() * (end - start)) / DAY) * DAY;
    let t = day + rng.int(8, 22) * HOUR + rng.int(0, 59) * MINUTE + rng.int(0, 59) * 1000;
    const inSession = Math.min(n - times.length, rng.int(1, 3));
    for (let i = 0; i < inSession; i++) {
      if (t >= start && t <= end) times.push(t);
      t += rng.int(10, 90) * MINUTE + rng.int(0, 59) * 1000;
    }
  }
  return times.slice(0, n).sort((a, b) => a - b);
}

export interface HistoryOptions {
  lang: ScenarioLanguage;
  deps: readonly string[];
  name: string;
  description?: string | null;
  agentFiles?: readonly string[];
  /** share of commits carrying an AI co-author trailer */
  coAuthoredShare?: number;
}

/**
 * Commits of an ordinary project: a first commit with manifest, README and a little code, then human
 * edits; committer = author date plus seconds (sometimes hours, never before the previous commit).
 */
export function humanCommits(
  rng: Rng,
  who: GitIdentity | ((i: number) => GitIdentity),
  times: number[],
  h: HistoryOptions,
): CommitSpec[] {
  const tree = new SourceTree(h.lang, rng);
  const identity = typeof who === "function" ? who : () => who;
  let lastCommitter = 0;
  return times.map((authorAt, i) => {
    const delay = rng.chance(0.8) ? rng.int(0, 120) * 1000 : rng.int(5, 240) * MINUTE;
    const committerAt = Math.max(authorAt + delay, lastCommitter + 1000);
    lastCommitter = committerAt;
    let files: Record<string, string>;
    let message: string;
    if (i === 0) {
      const agent = Object.fromEntries(
        (h.agentFiles ?? []).map((f) => [f, `# Notes for coding agents\n\nRun the tests before committing.\n`]),
      );
      files = {
        ...manifestFiles(h.lang, h.name, h.deps),
        "README.md": `# ${h.name}\n\n${h.description ?? ""}\n`,
        ...tree.addFile(rng.int(20, 45), "main"),
        ...agent,
      };
      message = "Initial commit";
    } else {
      files = tree.humanChange();
      message = humanMessage(rng);
    }
    if (h.coAuthoredShare && rng.chance(h.coAuthoredShare))
      message += "\n\nCo-authored-by: Claude <noreply@anthropic.com>";
    return { author: identity(i), authorDate: authorAt, committerDate: committerAt, message, files };
  });
}

const nowOf = (o: ScenarioOptions) => Date.parse(o.now ?? SCENARIO_NOW);

/** An honest project worked on over months: the baseline every rule must leave alone. */
export function honestHistory(
  o: ScenarioOptions & {
    commits?: number;
    months?: number;
    endDaysAgo?: number;
    language?: ScenarioLanguage;
    dependencies?: string[];
    agentFiles?: string[];
    coAuthoredShare?: number;
  },
): RepoScenario {
  const name = o.name ?? "weather-dash";
  const rng = new Rng(o.seed ?? seedOf("honestHistory", o.login, name));
  const n = o.commits ?? 48;
  const end = nowOf(o) - (o.endDaysAgo ?? 10) * DAY;
  const start = end - (o.months ?? 8) * 30 * DAY;
  const lang = o.language ?? "TypeScript";
  const deps =
    o.dependencies ??
    (lang === "TypeScript"
      ? ["react", "vite", "zod"]
      : lang === "Python"
        ? ["requests", "flask"]
        : lang === "Go"
          ? ["github.com/spf13/cobra"]
          : ["serde", "tokio"]);
  const description =
    o.description === undefined ? "Weather dashboard with hourly forecasts and charts" : o.description;
  const times = humanTimes(rng, start, end, n);
  const commits = humanCommits(rng, candidateIdentity(o.login), times, {
    lang,
    deps,
    name,
    description,
    agentFiles: o.agentFiles,
    coAuthoredShare: o.coAuthoredShare,
  });
  const agentic = (o.agentFiles?.length ?? 0) > 0 || (o.coAuthoredShare ?? 0) > 0;
  return {
    scenario: "honestHistory",
    repo: {
      owner: o.login,
      name,
      description,
      homepage: o.homepage ?? null,
      topics: o.topics ?? ["weather", "dashboard"],
      createdAt: iso(times[0]! + 2 * HOUR),
      commits,
    },
    users: [],
    prerequisites: [],
    label: {
      kind: "honest",
      expected: agentic ? [{ rule: "AI_AGENT", severity: "INFO" }] : [],
      maxSeverity: agentic ? "INFO" : null,
      candidateCommits: n,
      notes: `${n} commits over ${o.months ?? 8} months at varied times, real diffs`,
    },
  };
}

/** An honest project built with an AI agent: agent files and co-author trailers (INFO, never fraud). */
export function aiAssistedHistory(o: ScenarioOptions & { commits?: number }): RepoScenario {
  const s = honestHistory({
    ...o,
    name: o.name ?? "prompt-lab",
    agentFiles: ["CLAUDE.md", "AGENTS.md"],
    coAuthoredShare: 0.5,
    topics: o.topics ?? ["llm"],
  });
  return { ...s, scenario: "aiAssistedHistory" };
}

/**
 * An honest history rewrite (the compiler author's tutorial repo): author dates over 16 months, most
 * commits sharing ONE committer timestamp, neighbours reordered (~35 % of steps go back in author
 * time, by days). Must stay below CRITICAL.
 */
export function honestRebase(
  o: ScenarioOptions & { commits?: number; rewritten?: number; months?: number },
): RepoScenario {
  const name = o.name ?? "toy-compiler";
  const rng = new Rng(o.seed ?? seedOf("honestRebase", o.login, name));
  const n = o.commits ?? 316;
  const rewritten = Math.min(n, o.rewritten ?? 241);
  const end = nowOf(o) - 40 * DAY;
  const start = end - (o.months ?? 16) * 30 * DAY;
  const times = humanTimes(rng, start, end, n);
  // the rewrite reordered neighbouring commits (squash/fixup moves), as an interactive rebase does:
  // about a third of the steps go back in author time, by a day or two, never by months
  const firstRewritten = n - rewritten;
  for (let i = 1; i + 1 < n; i += 2) {
    if (times[i + 1]! - times[i]! > HOUR) [times[i], times[i + 1]] = [times[i + 1]!, times[i]!];
  }
  const commits = humanCommits(rng, candidateIdentity(o.login), times, {
    lang: "Rust",
    deps: ["logos", "clap"],
    name,
    description: "A small compiler, chapter by chapter",
  });
  const rewriteAt = end + 3 * DAY + 14 * HOUR + 7 * MINUTE + 31_000;
  let last = 0;
  commits.forEach((c, i) => {
    if (i >= firstRewritten) c.committerDate = rewriteAt;
    else {
      last = Math.max(Number(c.committerDate), last + 1000);
      c.committerDate = last;
    }
  });
  return {
    scenario: "honestRebase",
    repo: {
      owner: o.login,
      name,
      description: "A small compiler, chapter by chapter",
      topics: o.topics ?? ["compiler", "tutorial"],
      createdAt: iso(times[0]! + DAY),
      commits,
    },
    users: [],
    prerequisites: [],
    label: {
      kind: "honest",
      expected: [
        { rule: "BACKDATED_SPLIT", severity: "WARNING" },
        { rule: "COMMIT_BURST", severity: "WARNING" },
      ],
      maxSeverity: "WARNING",
      candidateCommits: n,
      notes: `${rewritten} of ${n} commits share one committer timestamp after a deliberate rewrite; false-positive guard`,
    },
  };
}

/** An honest repository with dependency bumps by dependabot[bot] merged through the web (committer web-flow). */
export function botCommits(o: ScenarioOptions & { own?: number; bots?: number }): RepoScenario {
  const name = o.name ?? "invoice-api";
  const rng = new Rng(o.seed ?? seedOf("botCommits", o.login, name));
  const own = o.own ?? 30;
  const bots = o.bots ?? 15;
  const end = nowOf(o) - 5 * DAY;
  const start = end - 200 * DAY;
  const times = humanTimes(rng, start, end, own + bots);
  const botSlots = new Set<number>();
  while (botSlots.size < bots) botSlots.add(rng.int(1, own + bots - 1));
  const me = candidateIdentity(o.login);
  const dependabot = { name: "dependabot[bot]", email: "49699333+dependabot[bot]@users.noreply.github.com" };
  const webFlow = { name: "GitHub", email: "noreply@github.com" };
  const commits = humanCommits(rng, (i) => (botSlots.has(i) ? dependabot : me), times, {
    lang: "TypeScript",
    deps: ["express", "pg"],
    name,
    description: "Invoicing REST API",
  });
  commits.forEach((c, i) => {
    if (!botSlots.has(i)) return;
    const dep = rng.pick(["express", "pg", "lodash", "typescript"]);
    c.message = `Bump ${dep} from 4.${rng.int(1, 9)}.0 to 4.${rng.int(10, 19)}.1\n\nSigned-off-by: dependabot[bot] <support@github.com>`;
    c.committer = webFlow;
  });
  return {
    scenario: "botCommits",
    repo: {
      owner: o.login,
      name,
      description: "Invoicing REST API",
      topics: o.topics ?? ["api", "billing"],
      createdAt: iso(times[0]! + HOUR),
      commits,
    },
    users: [],
    prerequisites: [],
    label: {
      kind: "honest",
      expected: [{ rule: "BOT_AUTHOR", severity: "INFO" }],
      maxSeverity: "INFO",
      candidateCommits: own,
      notes: `${own} own commits and ${bots} dependabot[bot] commits; bots never count for the candidate`,
    },
  };
}

/** An honest repository partly committed from an email not linked to any account (author null). */
export function unlinkedEmail(o: ScenarioOptions & { linked?: number; unlinked?: number }): RepoScenario {
  const name = o.name ?? "dotfiles-sync";
  const rng = new Rng(o.seed ?? seedOf("unlinkedEmail", o.login, name));
  const linked = o.linked ?? 15;
  const unlinked = o.unlinked ?? 20;
  const end = nowOf(o) - 20 * DAY;
  const times = humanTimes(rng, end - 150 * DAY, end, linked + unlinked);
  const me = candidateIdentity(o.login);
  const laptop = { name: me.name, email: `${o.login.toLowerCase()}@workstation.local` };
  const commits = humanCommits(rng, (i) => (i < unlinked ? laptop : me), times, {
    lang: "Go",
    deps: ["github.com/spf13/cobra"],
    name,
    description: "Sync dotfiles across machines",
  });
  return {
    scenario: "unlinkedEmail",
    repo: {
      owner: o.login,
      name,
      description: "Sync dotfiles across machines",
      topics: o.topics ?? ["cli"],
      createdAt: iso(times[0]! + HOUR),
      commits,
    },
    users: [],
    prerequisites: [],
    label: {
      kind: "honest",
      expected: [],
      maxSeverity: "INFO",
      candidateCommits: linked,
      notes: `${unlinked} commits from ${laptop.email} (not linked: author null), ${linked} linked; only linked ones count`,
    },
  };
}

/** A repository with no commits: GitHub answers 409 on /commits. */
export function emptyRepository(o: ScenarioOptions): RepoScenario {
  const name = o.name ?? "future-idea";
  return {
    scenario: "emptyRepository",
    repo: {
      owner: o.login,
      name,
      description: o.description ?? null,
      topics: o.topics ?? [],
      createdAt: iso(nowOf(o) - 30 * DAY),
      commits: [],
    },
    users: [],
    prerequisites: [],
    label: { kind: "honest", expected: [], maxSeverity: null, candidateCommits: 0, notes: "empty repository" },
  };
}

/** An honest repository renamed from `oldName`: the old URL answers 301 like GitHub. */
export function renamedRepository(o: ScenarioOptions & { oldName?: string; commits?: number }): RepoScenario {
  const s = honestHistory({
    ...o,
    name: o.name ?? "trailmap",
    commits: o.commits ?? 24,
    months: 5,
    description: o.description ?? "Hiking trail planner",
  });
  return {
    ...s,
    scenario: "renamedRepository",
    repo: { ...s.repo, renamedFrom: [o.oldName ?? "trail-planner"] },
    label: { ...s.label, notes: `renamed from ${o.oldName ?? "trail-planner"}; ${s.label.notes}` },
  };
}
