/**
 * Simulator repositories built from format-2 fixtures (path-history-fixture.ts): the real dates, time
 * zones, identities (fictional), merges, and every commit's changed paths with their line counts. Each
 * path is written with generated lines so that git (and so the simulated GitHub) reports the fixture's
 * additions and deletions per file; binary files get binary content. Content is never the real one.
 */
import { basename, join } from "node:path";
import type { CommitSpec, GitIdentity } from "../git-writer.ts";
import { candidateIdentity, type RepoScenario, type ScenarioLabel } from "../scenarios/candidate.ts";
import type { UserSpec } from "../sim-world.ts";
import { readFixtureJson, undelta } from "./fixture-io.ts";
import type { PathHistory, PathHistoryFixture } from "./path-history-fixture.ts";
import { scenarioFromCommits } from "./real-history.ts";

export const HONEST_CORPUS_DIR = join(import.meta.dir, "../../../fixtures/honest-corpus/histories");

const cache = new Map<string, PathHistory>();

export function loadPathHistory(file: string, dir = HONEST_CORPUS_DIR): PathHistory {
  const key = join(dir, file);
  const hit = cache.get(key);
  if (hit) return hit;
  const fixture = readFixtureJson<PathHistoryFixture>(key);
  if (fixture.format !== 2) throw new Error(`${file}: not a format-2 history fixture`);
  const h = { fixture, authorAt: undelta(fixture.commits.at), committerAt: undelta(fixture.commits.ct) };
  cache.set(key, h);
  return h;
}

export interface PathHistoryOptions {
  /** fixture file under `dir` */
  file: string;
  /** the folder holding the fixture; default HONEST_CORPUS_DIR */
  dir?: string;
  login: string;
  name: string;
  /** the repository's owner when it is not the candidate (an organisation) */
  owner?: string;
  label: Omit<ScenarioLabel, "candidateCommits"> & { candidateCommits?: number };
  description?: string | null;
  topics?: string[];
  createdAt?: string;
  pushedAt?: string;
  /** the candidate's account stands for these other fixture identities too (e.g. "web-flow" stays GitHub's) */
  candidateIds?: string[];
  /** every identity of the fixture is the candidate's (a history whose identities were all rewritten) */
  allCandidate?: boolean;
  /** rewrites the dates before building (an honest whole-history rewrite) */
  transform?: (authorAt: number[], committerAt: number[]) => { authorAt: number[]; committerAt: number[] };
  /** only the first n commits (a copy of an older project's start) */
  limit?: number;
}

/** Generated file contents that give each commit the fixture's per-path line counts. */
class PathWriter {
  private files = new Map<string, string[]>();

  apply(commit: number, triples: number[], paths: string[]): Record<string, string | null> {
    const out: Record<string, string | null> = {};
    for (let j = 0; j < triples.length; j += 3) {
      const path = paths[triples[j]!]!;
      const add = triples[j + 1]!;
      const del = triples[j + 2]!;
      if (add === -2) {
        if (this.files.has(path)) out[path] = null;
        this.files.delete(path);
        continue;
      }
      if (add === -1) {
        this.files.set(path, []);
        out[path] = `\0binary ${commit} ${j}\n`;
        continue;
      }
      const lines = this.files.get(path) ?? [];
      lines.splice(0, Math.min(del, lines.length));
      for (let k = 0; k < add; k++) lines.push(`${commit}.${j / 3}.${k}`);
      this.files.set(path, lines);
      out[path] = lines.length > 0 ? `${lines.join("\n")}\n` : "";
    }
    return out;
  }
}

const BOTS: Record<string, GitIdentity> = {
  "dependabot[bot]": { name: "dependabot[bot]", email: "49699333+dependabot[bot]@users.noreply.github.com" },
  "github-actions[bot]": {
    name: "github-actions[bot]",
    email: "41898282+github-actions[bot]@users.noreply.github.com",
  },
  "web-flow": { name: "GitHub", email: "noreply@github.com" },
};

/** The fixture's commits as CommitSpecs for `login`, with the other identities' accounts. */
export function pathCommits(
  o: PathHistoryOptions,
  dir = o.dir ?? HONEST_CORPUS_DIR,
): { commits: CommitSpec[]; users: UserSpec[]; candidate: number } {
  const h = loadPathHistory(o.file, dir);
  const c = h.fixture.commits;
  const n = Math.min(o.limit ?? c.a.length, c.a.length);
  const key = basename(o.file)
    .replace(/\..*$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  const dates = o.transform ? o.transform([...h.authorAt], [...h.committerAt]) : h;
  const users = new Map<string, UserSpec>();
  const mine = new Set(["candidate", ...(o.candidateIds ?? []), ...(o.allCandidate ? [...c.a, ...c.c] : [])]);
  const who = (id: string): GitIdentity => {
    if (mine.has(id)) return candidateIdentity(o.login);
    const known = BOTS[id];
    if (known) return known;
    if (id.endsWith("[bot]")) return { name: id, email: `${id}@users.noreply.github.com` };
    const login = `${key}-${id}`.slice(0, 39);
    const email = `${login}@example.org`;
    if (!users.has(login)) users.set(login, { login, name: login, createdAt: "2010-01-01T00:00:00Z", emails: [email] });
    return { name: login, email };
  };
  const writer = new PathWriter();
  const commits: CommitSpec[] = [];
  for (let i = 0; i < n; i++) {
    const merge = c.merge[i]!;
    commits.push({
      author: who(c.a[i]!),
      committer: who(c.c[i]!),
      authorDate: dates.authorAt[i]! * 1000,
      committerDate: dates.committerAt[i]! * 1000,
      tz: c.tz[i],
      message: c.m[i]!,
      files: merge >= 0 ? {} : writer.apply(i, c.f[i]!, h.fixture.paths),
      ...(merge >= 0 && merge < i ? { mergeOf: merge } : {}),
    });
  }
  const candidate = c.a.slice(0, n).filter((a, i) => mine.has(a) && c.merge[i]! < 0).length;
  return { commits, users: [...users.values()], candidate };
}

/** A scenario from a format-2 fixture, owned by the candidate (or `owner`). */
export function pathHistory(o: PathHistoryOptions): RepoScenario {
  return scenarioFromCommits(o, loadPathHistory(o.file, o.dir).fixture.source, pathCommits(o));
}
