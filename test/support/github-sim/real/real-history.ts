/**
 * Simulator repositories built from real histories' metadata fixtures (test/fixtures/histories, made by
 * derive-fixture.ts): the real dates, identities (fictional), merges and line counts, with generated
 * content that reproduces each commit's additions, deletions and file count. Repository times GitHub
 * would report (created_at) are not in a git history: by default the earliest committer date minus an
 * hour (when the history was first pushed), or what the scenario states.
 */
import { join } from "node:path";
import type { CommitSpec, GitIdentity } from "../git-writer.ts";
import { candidateIdentity, type RepoScenario, type ScenarioLabel } from "../scenarios/candidate.ts";
import { iso } from "../scenarios/random.ts";
import type { UserSpec } from "../sim-world.ts";
import { readFixtureJson, undelta } from "./fixture-io.ts";
import type { HistoryFixture } from "./history-fixture.ts";
import { storedSubject } from "./subject-code.ts";

export const HISTORIES_DIR = join(import.meta.dir, "../../../fixtures/histories");

/** A decoded fixture: absolute epoch seconds per commit. */
export interface RealHistory {
  fixture: HistoryFixture;
  authorAt: number[];
  committerAt: number[];
}

const cache = new Map<string, RealHistory>();

export function loadHistory(file: string): RealHistory {
  const hit = cache.get(file);
  if (hit) return hit;
  const fixture = readFixtureJson<HistoryFixture>(join(HISTORIES_DIR, file));
  const h = { fixture, authorAt: undelta(fixture.commits.at), committerAt: undelta(fixture.commits.ct) };
  cache.set(file, h);
  return h;
}

/** Generated files whose diffs have the fixture's line counts: a rotating pool of short text files. */
class LineWriter {
  private files: Array<{ path: string; lines: string[] }> = [];
  private next = 0;
  constructor(
    private prefix: string,
    private maxLines: number,
    private maxFiles = 400,
  ) {}

  change(i: number, add: number, del: number, fileCount: number): Record<string, string | null> {
    const out: Record<string, string | null> = {};
    const n = Math.max(1, Math.min(fileCount, this.maxFiles));
    const touched: Array<{ path: string; lines: string[] }> = [];
    for (let j = 0; j < n; j++) {
      // new files when the commit adds more than the pool can take, else the pool round-robin
      const reuse = this.files.length > 0 && (add <= n * 4 || this.files.length >= 2000) && j < this.files.length;
      if (reuse) touched.push(this.files[(this.next++ + j * 7) % this.files.length]!);
      else {
        const f = {
          path: `${this.prefix}/m${Math.floor(this.files.length / 100)}/f${this.files.length}.txt`,
          lines: [],
        };
        this.files.push(f);
        touched.push(f);
      }
    }
    let toDelete = del;
    touched.forEach((f, j) => {
      const share = Math.floor(add / n) + (j < add % n ? 1 : 0);
      const cut = Math.min(f.lines.length, Math.ceil(toDelete / (n - j)));
      f.lines.splice(0, cut);
      toDelete -= cut;
      for (let k = 0; k < share; k++) f.lines.push(`${i}.${j}.${k}`);
      if (f.lines.length > this.maxLines) f.lines.splice(0, f.lines.length - this.maxLines);
      out[f.path] = f.lines.length > 0 ? `${f.lines.join("\n")}\n` : "";
    });
    return out;
  }
}

export interface RealHistoryOptions {
  /** fixture file in test/fixtures/histories */
  file: string;
  login: string;
  name: string;
  label: Omit<ScenarioLabel, "candidateCommits"> & { candidateCommits?: number };
  description?: string;
  createdAt?: string;
  /** GitHub's pushed_at (default: the last committer date, which a forger may have set decades ahead) */
  pushedAt?: string;
  /** the repository's owner when it is not the candidate (an original someone else owns) */
  owner?: string;
  /** rewrites before building (an honest rewrite, a re-push): gets the decoded dates, may change them */
  transform?: (authorAt: number[], committerAt: number[]) => { authorAt: number[]; committerAt: number[] };
  /** cap per generated file (keeps 10,000+ commit histories cheap to build) */
  maxLinesPerFile?: number;
}

/** The fixture's commits as CommitSpecs for `login`, with the other identities' accounts. */
export function realCommits(o: RealHistoryOptions): { commits: CommitSpec[]; users: UserSpec[]; candidate: number } {
  const h = loadHistory(o.file);
  const c = h.fixture.commits;
  const key = o.file
    .replace(/\..*$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  const dates = o.transform ? o.transform([...h.authorAt], [...h.committerAt]) : h;
  const users = new Map<string, UserSpec>();
  const who = (id: string): GitIdentity => {
    if (id === "candidate") return o.owner ? identityOf(`${o.owner}`, users) : candidateIdentity(o.login);
    if (id === "dependabot[bot]")
      return { name: "dependabot[bot]", email: "49699333+dependabot[bot]@users.noreply.github.com" };
    if (id === "github-actions[bot]")
      return { name: "github-actions[bot]", email: "41898282+github-actions[bot]@users.noreply.github.com" };
    // any other bot (renovate, copilot ...) keeps a bot's noreply identity, linked to no account
    if (id.endsWith("[bot]")) return { name: id, email: `${id}@users.noreply.github.com` };
    return identityOf(`${key}-${id}`, users);
  };
  const writer = new LineWriter("data", o.maxLinesPerFile ?? 200);
  // vendored/generated files are written once under node_modules/, whole (the analysis leaves them out)
  const vendored = new LineWriter("node_modules", Number.MAX_SAFE_INTEGER, 5000);
  const change = (i: number): Record<string, string | null> => {
    const gfiles = c.gfiles?.[i] ?? 0;
    const gadd = c.gadd?.[i] ?? 0;
    const own = c.files[i]! - gfiles;
    return {
      ...(own > 0 || gfiles === 0 ? writer.change(i, c.add[i]! - gadd, c.del[i]!, own) : {}),
      ...(gfiles > 0 ? vendored.change(i, gadd, 0, gfiles) : {}),
    };
  };
  const commits: CommitSpec[] = c.a.map((a, i) => ({
    author: who(a),
    committer: who(c.c[i]!),
    authorDate: dates.authorAt[i]! * 1000,
    committerDate: dates.committerAt[i]! * 1000,
    message: storedSubject(c.m[i]!),
    files: c.merge[i]! >= 0 ? {} : change(i),
    ...(c.merge[i]! >= 0 && c.merge[i]! < i ? { mergeOf: c.merge[i]! } : {}),
  }));
  const candidate = c.a.filter((a, i) => a === "candidate" && c.merge[i]! < 0).length;
  return { commits, users: [...users.values()], candidate };
}

function identityOf(login: string, users: Map<string, UserSpec>): GitIdentity {
  const email = `${login}@example.org`;
  if (!users.has(login)) users.set(login, { login, name: login, createdAt: "2010-01-01T00:00:00Z", emails: [email] });
  return { name: login, email };
}

/** A scenario from a real history's fixture, owned by the candidate. */
export function realHistory(o: RealHistoryOptions): RepoScenario {
  return scenarioFromCommits(o, loadHistory(o.file).fixture.source, realCommits(o));
}

/**
 * The scenario of a real history's rebuilt commits: the repository (created an hour before the first
 * push unless stated), the other identities' accounts, and the label with the candidate's commit count.
 */
export function scenarioFromCommits(
  o: Pick<RealHistoryOptions, "login" | "name" | "owner" | "createdAt" | "pushedAt" | "label"> & {
    description?: string | null;
    topics?: string[];
  },
  source: string,
  built: { commits: CommitSpec[]; users: UserSpec[]; candidate: number },
): RepoScenario {
  const firstPush = Math.min(...built.commits.map((c) => Number(c.committerDate)));
  return {
    scenario: `real:${source}`,
    repo: {
      owner: o.owner ?? o.login,
      name: o.name,
      description: o.description ?? null,
      ...(o.topics ? { topics: o.topics } : {}),
      createdAt: o.createdAt ?? iso(firstPush - 3_600_000),
      ...(o.pushedAt ? { pushedAt: o.pushedAt } : {}),
      commits: built.commits,
    },
    users: built.users,
    prerequisites: [],
    label: { ...o.label, candidateCommits: o.label.candidateCommits ?? built.candidate },
  };
}
