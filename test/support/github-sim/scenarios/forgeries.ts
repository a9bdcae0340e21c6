import type { CommitSpec } from "../git-writer.ts";
import { candidateIdentity, type RepoScenario, SCENARIO_NOW, type ScenarioOptions } from "./candidate.ts";
import { SourceTree } from "./content.ts";
import { DAY, HOUR, iso, MINUTE, Rng, seedOf } from "./random.ts";

const nowOf = (o: ScenarioOptions) => Date.parse(o.now ?? SCENARIO_NOW);

/** Appends one line to a single file: the one-line diffs of painters and bots. */
function appendLine() {
  const lines: string[] = [];
  return (path: string, line: string): Record<string, string> => {
    lines.push(line);
    return { [path]: `${lines.join("\n")}\n` };
  };
}

/**
 * A painted contribution graph: N commits per "pixel" day, all at 12:00:00 (both dates), message
 * "update", one line each, in a fresh repository pushed once after every date it claims.
 */
export function paintedGraph(
  o: ScenarioOptions & { days?: number; perDay?: [number, number]; clockTime?: string },
): RepoScenario {
  const name = o.name ?? "pixel-art";
  const rng = new Rng(o.seed ?? seedOf("paintedGraph", o.login, name));
  const now = nowOf(o);
  const days = o.days ?? 30;
  const [lo, hi] = o.perDay ?? [12, 40];
  const [hh, mm, ss] = (o.clockTime ?? "12:00:00").split(":").map(Number) as [number, number, number];
  const pushAt = now - 3 * DAY + 9 * HOUR + 17 * MINUTE;
  const yearAgo = Math.floor((now - 360 * DAY) / DAY) * DAY;
  // the "pixels": a few week-columns, most days of each column lit
  const pixelDays: number[] = [];
  for (let week = 0; pixelDays.length < days; week += rng.int(1, 3)) {
    for (let d = 0; d < 7 && pixelDays.length < days; d++)
      if (rng.chance(0.75)) pixelDays.push(yearAgo + (week * 7 + d) * DAY);
  }
  const me = candidateIdentity(o.login);
  const add = appendLine();
  const commits: CommitSpec[] = [];
  for (const day of pixelDays) {
    const at = day + hh * HOUR + mm * MINUTE + ss * 1000;
    const n = rng.int(lo, hi);
    for (let i = 0; i < n; i++)
      commits.push({
        author: me,
        authorDate: at,
        committerDate: at,
        message: "update",
        files: add("graph.txt", `${iso(at)} ${commits.length}`),
      });
  }
  return {
    scenario: "paintedGraph",
    repo: {
      owner: o.login,
      name,
      description: o.description ?? null,
      topics: o.topics ?? [],
      createdAt: iso(pushAt - 5 * MINUTE),
      pushedAt: iso(pushAt),
      commits,
    },
    users: [],
    prerequisites: [],
    label: {
      kind: "fraud",
      expected: [
        { rule: "CLOCK_TIME_MONOCULTURE", severity: "CRITICAL" },
        { rule: "IDENTICAL_AUTHOR_TIMESTAMPS", severity: "CRITICAL" },
        { rule: "PREDATES_REPO_OR_ACCOUNT", severity: "WARNING" },
        { rule: "TRIVIAL_CHURN", severity: "WARNING" },
        { rule: "REPEATED_OR_TIMESTAMP_MESSAGES", severity: "WARNING" },
      ],
      maxSeverity: "CRITICAL",
      candidateCommits: commits.length,
      notes: `${commits.length} commits on ${days} days, all at ${o.clockTime ?? "12:00:00"}, pushed once`,
    },
  };
}

/**
 * A random author-date bot: `--date` = a random day within the last year (up to weeks ahead), all
 * committed in one session minutes long: future dates and a history that jumps back and forth.
 */
export function randomDateBot(o: ScenarioOptions & { commits?: number; futureDays?: number }): RepoScenario {
  const name = o.name ?? "daily-commits";
  const rng = new Rng(o.seed ?? seedOf("randomDateBot", o.login, name));
  const now = nowOf(o);
  const n = o.commits ?? 300;
  const session = now - 2 * DAY + 21 * HOUR;
  const from = now - 365 * DAY;
  const to = now + (o.futureDays ?? 30) * DAY;
  const me = candidateIdentity(o.login);
  const add = appendLine();
  const commits: CommitSpec[] = Array.from({ length: n }, (_, i) => {
    const authorAt = from + Math.floor((rng.next() * (to - from)) / 1000) * 1000;
    return {
      author: me,
      authorDate: authorAt,
      committerDate: session + i * 2000,
      message: rng.pick(["update", "commit", "changes", "wip"]),
      files: add("log.txt", `entry ${i}`),
    };
  });
  return {
    scenario: "randomDateBot",
    repo: {
      owner: o.login,
      name,
      description: o.description ?? null,
      topics: o.topics ?? [],
      createdAt: iso(session - HOUR),
      pushedAt: iso(session + n * 2000 + 5 * MINUTE),
      commits,
    },
    users: [],
    prerequisites: [],
    label: {
      kind: "fraud",
      expected: [
        // future dates gain nothing on their own: the random order and the split are the forgery
        { rule: "FUTURE_AUTHOR_DATE", severity: "WARNING" },
        { rule: "RANDOM_ORDER_HISTORY", severity: "CRITICAL" },
        { rule: "BACKDATED_SPLIT", severity: "WARNING" },
        { rule: "COMMIT_BURST", severity: "WARNING" },
        { rule: "PREDATES_REPO_OR_ACCOUNT", severity: "WARNING" },
      ],
      maxSeverity: "CRITICAL",
      candidateCommits: n,
      notes: `${n} commits with random author dates over a year (+${o.futureDays ?? 30} days ahead), committed within ${Math.ceil((n * 2) / 60)} minutes`,
    },
  };
}

/**
 * Sequential backdating: one commit per day at 20:01 from 2023-01-05 on, templated messages
 * ("Contribution: 2023-01-05 20:01"), one file, all committed in one session.
 */
export function sequentialBackdating(o: ScenarioOptions & { commits?: number; start?: string }): RepoScenario {
  const name = o.name ?? "contributions";
  const now = nowOf(o);
  const n = o.commits ?? 120;
  const start = Date.parse(o.start ?? "2023-01-05T20:01:00Z");
  const session = now - 4 * DAY + 10 * HOUR;
  const me = candidateIdentity(o.login);
  const add = appendLine();
  const commits: CommitSpec[] = Array.from({ length: n }, (_, i) => {
    const authorAt = start + i * DAY;
    const stamp = iso(authorAt).slice(0, 16).replace("T", " ");
    return {
      author: me,
      authorDate: authorAt,
      committerDate: session + i * 3000,
      message: `Contribution: ${stamp}`,
      files: add("contributions.md", `- ${stamp}`),
    };
  });
  return {
    scenario: "sequentialBackdating",
    repo: {
      owner: o.login,
      name,
      description: o.description ?? null,
      topics: o.topics ?? [],
      createdAt: iso(session - 20 * MINUTE),
      pushedAt: iso(session + n * 3000 + MINUTE),
      commits,
    },
    users: [],
    prerequisites: [],
    label: {
      kind: "fraud",
      expected: [
        { rule: "CLOCK_TIME_MONOCULTURE", severity: "CRITICAL" },
        { rule: "BACKDATED_SPLIT", severity: "WARNING" },
        { rule: "REPEATED_OR_TIMESTAMP_MESSAGES", severity: "WARNING" },
        { rule: "TRIVIAL_CHURN", severity: "WARNING" },
        { rule: "PREDATES_REPO_OR_ACCOUNT", severity: "WARNING" },
      ],
      maxSeverity: "CRITICAL",
      candidateCommits: n,
      notes: `${n} daily commits at 20:01 from ${o.start ?? "2023-01-05"}, committed in one ${Math.ceil((n * 3) / 60)}-minute session`,
    },
  };
}

/**
 * A bulk dump: one first commit of thousands of lines over many files, a few touch-ups within two
 * days. Honest developers do this too: WARNING at most, and a weak match.
 */
export function bulkDump(
  o: ScenarioOptions & { files?: number; linesPerFile?: number; followUps?: number },
): RepoScenario {
  const name = o.name ?? "ml-pipeline";
  const rng = new Rng(o.seed ?? seedOf("bulkDump", o.login, name));
  const t0 = nowOf(o) - 20 * DAY + 15 * HOUR + 12 * MINUTE;
  const tree = new SourceTree("Python", rng);
  const nFiles = o.files ?? 120;
  const perFile = o.linesPerFile ?? 30;
  let dump: Record<string, string> = {
    "requirements.txt": "numpy>=1.26\npandas>=2.1\nscikit-learn>=1.4\n",
    "README.md": `# ${name}\n`,
  };
  for (let i = 0; i < nFiles; i++) dump = { ...dump, ...tree.addFile(perFile, `stage${i}`) };
  const me = candidateIdentity(o.login);
  const commits: CommitSpec[] = [
    { author: me, authorDate: t0, committerDate: t0 + 40_000, message: "Initial commit", files: dump },
  ];
  const followUps = o.followUps ?? 3;
  for (let i = 1; i <= followUps; i++) {
    const at = t0 + i * 9 * HOUR + rng.int(0, 3600) * 1000;
    commits.push({
      author: me,
      authorDate: at,
      committerDate: at + 30_000,
      message: rng.pick(["Fix imports", "Update README", "Tweak defaults"]),
      files: tree.edit(rng.int(2, 6), 1),
    });
  }
  return {
    scenario: "bulkDump",
    repo: {
      owner: o.login,
      name,
      description: o.description ?? "Feature pipeline for churn prediction",
      topics: o.topics ?? ["machine-learning"],
      createdAt: iso(t0 + 10 * MINUTE),
      commits,
    },
    users: [],
    prerequisites: [],
    label: {
      kind: "ambiguous",
      expected: [{ rule: "BULK_DUMP", severity: "WARNING" }],
      maxSeverity: "WARNING",
      candidateCommits: commits.length,
      notes: `first commit adds ${nFiles * perFile}+ lines in ${nFiles + 2} files; whole history within ${followUps * 9 + 1} hours`,
    },
  };
}

/**
 * A commit farm: a cron job committing every day at 09:00:00 in real time (no backdating), empty-ish
 * one-line diffs and one repeated message.
 */
export function cronFarm(o: ScenarioOptions & { days?: number }): RepoScenario {
  const name = o.name ?? "streak-keeper";
  const now = nowOf(o);
  const days = o.days ?? 90;
  const first = Math.floor((now - (days + 2) * DAY) / DAY) * DAY + 9 * HOUR;
  const me = candidateIdentity(o.login);
  const add = appendLine();
  const commits: CommitSpec[] = Array.from({ length: days }, (_, i) => {
    const at = first + i * DAY;
    return {
      author: me,
      authorDate: at,
      committerDate: at,
      message: "Daily update",
      files: add("streak.txt", iso(at)),
    };
  });
  return {
    scenario: "cronFarm",
    repo: {
      owner: o.login,
      name,
      description: o.description ?? null,
      topics: o.topics ?? [],
      createdAt: iso(first - HOUR),
      commits,
    },
    users: [],
    prerequisites: [],
    label: {
      kind: "fraud",
      expected: [
        { rule: "CLOCK_TIME_MONOCULTURE", severity: "CRITICAL" },
        { rule: "TRIVIAL_CHURN", severity: "WARNING" },
        { rule: "REPEATED_OR_TIMESTAMP_MESSAGES", severity: "WARNING" },
        { rule: "AUTOMATED_COMMITS", severity: "INFO" },
      ],
      maxSeverity: "CRITICAL",
      // a scheduled job's commits are not the candidate's work: none of them counts
      candidateCommits: 0,
      automatedCommits: days,
      notes: `${days} daily commits at exactly 09:00:00, message "Daily update", all made by a scheduled job`,
    },
  };
}
