import { join } from "node:path";
import { type GitCommitRecord, readAllFiles, readBlob, readCommits, readTree } from "./git-reader.ts";
import { appendCommits, type CommitSpec, forkBareRepo, git, initBareRepo } from "./git-writer.ts";
import { ghDate, type SimRepoView, type SimUserView } from "./github-json.ts";
import { languageOf } from "./languages.ts";

/** An account on the simulated GitHub. Emails listed here are "verified" on it: commits link to it. */
export interface UserSpec {
  login: string;
  name?: string | null;
  /** ISO 8601 */
  createdAt: string;
  type?: "User" | "Organization" | "Bot";
  emails?: string[];
  /** fixed id (bots have well-known ids); assigned otherwise */
  id?: number;
}

/** A repository to build with real git. */
export interface RepoSpec {
  owner: string;
  name: string;
  description?: string | null;
  homepage?: string | null;
  topics?: string[];
  /** server-written times (default: derived from the commits) */
  createdAt?: string;
  pushedAt?: string;
  defaultBranch?: string;
  /** "owner/name" of the parent: the repo is created as a fork and `commits` go on top of the parent's */
  forkOf?: string;
  /** previous "owner/name"s that now answer 301 to this repository */
  renamedFrom?: string[];
  archived?: boolean;
  stargazers?: number;
  /** GitHub blocks the repository (DMCA): still listed, every /repos call answers 451 */
  blocked?: boolean;
  /** author= listings announce one more (empty) page in rel="last" than they have, as GitHub's can */
  inexactAuthorPaging?: boolean;
  /** commits changing more lines than this answer 500 "diff taking too long" on GET /commits/{sha} */
  diffTimeoutAbove?: number;
  commits: CommitSpec[];
  /**
   * a repository made outside the simulator with the git CLI (a bare or working repository): its branch
   * `importBranch` (default: the default branch) is fetched whole before `commits` go on top, so a history
   * rewritten with `git filter-branch` is served exactly as written
   */
  importFrom?: string;
  importBranch?: string;
}

/** A repository as the simulator holds it. */
export interface SimRepo {
  id: number;
  spec: RepoSpec;
  owner: string;
  name: string;
  dir: string;
  createdAt: string;
  pushedAt: string;
  forkOf?: string;
  defaultBranch: string;
  /** 451 on every /repos call (see RepoSpec.blocked; sim.block() sets it at run time) */
  blocked: boolean;
  /** SHAs whose GET /commits/{sha} answers 500 (sim.failDiff(), or RepoSpec.diffTimeoutAbove) */
  unrenderable: Set<string>;
  /** how many more /stats/contributors requests answer 202 ("computing") before the statistics are ready */
  statsPending: number;
}

/** GitHub's own well-known accounts, present in every world. */
export const BUILTIN_ACCOUNTS: UserSpec[] = [
  {
    login: "web-flow",
    id: 19864447,
    name: "GitHub Web Flow",
    createdAt: "2016-05-10T19:24:33Z",
    emails: ["noreply@github.com"],
  },
  {
    login: "dependabot[bot]",
    id: 49699333,
    type: "Bot",
    createdAt: "2019-04-16T22:34:25Z",
    emails: ["49699333+dependabot[bot]@users.noreply.github.com", "support@github.com"],
  },
  {
    login: "github-actions[bot]",
    id: 41898282,
    type: "Bot",
    createdAt: "2018-07-30T09:30:16Z",
    emails: ["41898282+github-actions[bot]@users.noreply.github.com"],
  },
];

const NOREPLY = /^(?:\d+\+)?([^@]+)@users\.noreply\.github\.com$/i;

/**
 * Account IDs by creation date, as GitHub issues them: in increasing order over time (roughly its growth;
 * GitHub's own accounts above are anchors). Only the order matters: an ID never belongs to an account
 * created before a smaller one's.
 */
const ID_CURVE: ReadonlyArray<readonly [string, number]> = [
  ["2007-10-01", 1],
  ["2010-01-01", 200_000],
  ["2012-01-01", 1_300_000],
  ["2014-01-01", 6_000_000],
  ["2016-05-10", 19_864_447],
  ["2018-07-30", 41_898_282],
  ["2019-04-16", 49_699_333],
  ["2022-01-01", 97_000_000],
  ["2026-01-01", 230_000_000],
];
const YEAR_MS = 365.25 * 86_400_000;
export function idIssuedAt(createdAt: string): number {
  const t = Date.parse(createdAt);
  const pts = ID_CURVE.map(([d, id]) => [Date.parse(d), id] as const);
  if (!Number.isFinite(t) || t <= pts[0]![0]) return 1;
  for (let i = 1; i < pts.length; i++) {
    const [t1, id1] = pts[i]!;
    const [t0, id0] = pts[i - 1]!;
    if (t <= t1) return Math.floor(id0 + ((t - t0) / (t1 - t0)) * (id1 - id0));
  }
  const [tl, idl] = pts[pts.length - 1]!;
  return Math.floor(idl + ((t - tl) / YEAR_MS) * 38_000_000);
}
const key = (s: string) => s.toLowerCase();
const toMs = (d: string | number): number => (typeof d === "number" ? d : Date.parse(d));

/**
 * The simulated GitHub's state: accounts, repositories (real bare git repos under `root`), renames.
 * Derived data (commit lists, languages) is cached per repository and dropped when it is pushed to.
 */
export class SimWorld {
  private users = new Map<string, UserSpec & { id: number }>();
  private repos = new Map<string, SimRepo>();
  private byId = new Map<number, SimRepo>();
  private redirects = new Map<string, number>();
  private emails = new Map<string, string>();
  private commitCache = new Map<number, Promise<GitCommitRecord[]>>();
  private languageCache = new Map<number, Promise<Record<string, number>>>();
  private usedIds = new Set<number>();
  private nextRepoId = 500_000;

  /** `builtins`: accounts present from the start (GitHub's own by default; another host has none of them) */
  constructor(
    readonly root: string,
    builtins: readonly UserSpec[] = BUILTIN_ACCOUNTS,
  ) {
    for (const u of builtins) this.addUser(u);
  }

  /** Adds (or replaces) an account; its emails link commits to it from now on. */
  addUser(spec: UserSpec): void {
    const existing = this.users.get(key(spec.login));
    let id = spec.id ?? existing?.id ?? idIssuedAt(spec.createdAt);
    // two accounts created the same moment: the next free ID (GitHub never reuses one)
    while (spec.id === undefined && existing === undefined && this.usedIds.has(id)) id++;
    this.usedIds.add(id);
    this.users.set(key(spec.login), { ...spec, id });
    for (const e of spec.emails ?? []) this.emails.set(key(e), spec.login);
  }

  hasUser(login: string): boolean {
    return this.users.has(key(login));
  }

  user(login: string): (UserSpec & { id: number }) | undefined {
    return this.users.get(key(login));
  }

  loginById(id: number): string | undefined {
    for (const u of this.users.values()) if (u.id === id) return u.login;
    return undefined;
  }

  /** The account GitHub links an email to: a verified email, or the account's noreply address. */
  accountOf(email: string): { login: string; id: number; type: string } | null {
    const login = this.emails.get(key(email)) ?? email.match(NOREPLY)?.[1];
    const u = login ? this.users.get(key(login)) : undefined;
    return u ? { login: u.login, id: u.id, type: u.type ?? "User" } : null;
  }

  /** Builds the repository with git (a shared clone for a fork) and registers it. */
  async addRepo(spec: RepoSpec): Promise<SimRepo> {
    if (!this.users.has(key(spec.owner))) throw new Error(`simulator: unknown owner ${spec.owner}`);
    const full = key(`${spec.owner}/${spec.name}`);
    if (this.repos.has(full)) throw new Error(`simulator: repository ${full} exists`);
    const id = this.nextRepoId++;
    const dir = join(this.root, `${id}.git`);
    const defaultBranch = spec.defaultBranch ?? "main";
    if (spec.forkOf) {
      const parent = this.repo(spec.forkOf);
      if (!parent) throw new Error(`simulator: fork parent ${spec.forkOf} not found`);
      await forkBareRepo(parent.dir, dir);
    } else {
      await initBareRepo(dir, defaultBranch);
    }
    if (spec.importFrom) {
      const branch = spec.importBranch ?? defaultBranch;
      await git(["fetch", "-q", spec.importFrom, `refs/heads/${branch}:refs/heads/${defaultBranch}`], { cwd: dir });
    }
    await appendCommits(dir, spec.commits, defaultBranch);
    const imported = spec.importFrom
      ? (await readCommits(dir, `refs/heads/${defaultBranch}`)).map((c) => c.committerDate * 1000)
      : [];
    const times = [...imported, ...spec.commits.map((c) => toMs(c.committerDate ?? c.authorDate))];
    const first = times.length ? Math.min(...times) : Date.parse("2025-01-01T00:00:00Z");
    const last = times.length ? Math.max(...times) : first;
    const createdAt = spec.createdAt ?? ghDate(Math.floor((first - 3_600_000) / 1000));
    const repo: SimRepo = {
      id,
      spec,
      owner: this.users.get(key(spec.owner))!.login,
      name: spec.name,
      dir,
      createdAt,
      pushedAt: spec.pushedAt ?? (times.length ? ghDate(Math.floor((last + 300_000) / 1000)) : createdAt),
      forkOf: spec.forkOf,
      defaultBranch,
      blocked: spec.blocked ?? false,
      unrenderable: new Set(),
      statsPending: 0,
    };
    this.repos.set(full, repo);
    this.byId.set(id, repo);
    for (const old of spec.renamedFrom ?? [])
      this.redirects.set(key(old.includes("/") ? old : `${spec.owner}/${old}`), id);
    return repo;
  }

  /** Pushes more commits to a repository's default branch (moves pushed_at to `pushedAt`). */
  async push(fullName: string, commits: CommitSpec[], pushedAt: string): Promise<void> {
    const repo = this.repo(fullName);
    if (!repo) throw new Error(`simulator: repository ${fullName} not found`);
    await appendCommits(repo.dir, commits, repo.defaultBranch);
    repo.pushedAt = pushedAt;
    this.commitCache.delete(repo.id);
    this.languageCache.delete(repo.id);
  }

  /** Renames a repository; the old name answers 301 from now on, like GitHub. */
  rename(fullName: string, newName: string): void {
    const repo = this.repo(fullName);
    if (!repo) throw new Error(`simulator: repository ${fullName} not found`);
    this.repos.delete(key(`${repo.owner}/${repo.name}`));
    this.redirects.set(key(`${repo.owner}/${repo.name}`), repo.id);
    repo.name = newName;
    this.repos.set(key(`${repo.owner}/${newName}`), repo);
  }

  repo(fullName: string): SimRepo | undefined {
    return this.repos.get(key(fullName));
  }

  repoById(id: number): SimRepo | undefined {
    return this.byId.get(id);
  }

  /** The repository a previous name now points to (a rename or transfer). */
  redirectOf(fullName: string): SimRepo | undefined {
    const id = this.redirects.get(key(fullName));
    return id === undefined ? undefined : this.byId.get(id);
  }

  allRepos(): SimRepo[] {
    return [...this.repos.values()];
  }

  reposOf(login: string): SimRepo[] {
    return [...this.repos.values()].filter((r) => key(r.owner) === key(login));
  }

  /** Commits of the default branch, newest first (cached until the next push). */
  commits(repo: SimRepo): Promise<GitCommitRecord[]> {
    let p = this.commitCache.get(repo.id);
    if (!p) {
      p = readCommits(repo.dir, `refs/heads/${repo.defaultBranch}`).catch(() => []);
      this.commitCache.set(repo.id, p);
    }
    return p;
  }

  /** The README text at the root of the default branch ("" when there is none): what in:readme searches. */
  async readme(repo: SimRepo): Promise<string> {
    const commits = await this.commits(repo);
    if (commits.length === 0) return "";
    const entries = (await readTree(repo.dir, commits[0]!.sha, "")) ?? [];
    const file = entries.find((e) => e.type === "blob" && /^readme(\.|$)/i.test(e.name));
    return file ? new TextDecoder().decode(await readBlob(repo.dir, file.sha)) : "";
  }

  /** Bytes per language of the default branch's files (cached until the next push). */
  languages(repo: SimRepo): Promise<Record<string, number>> {
    let p = this.languageCache.get(repo.id);
    if (!p) {
      p = (async () => {
        const commits = await this.commits(repo);
        if (commits.length === 0) return {};
        const out: Record<string, number> = {};
        for (const f of await readAllFiles(repo.dir, commits[0]!.sha)) {
          const lang = languageOf(f.path);
          if (lang) out[lang] = (out[lang] ?? 0) + f.size;
        }
        return Object.fromEntries(Object.entries(out).sort((a, b) => b[1] - a[1]));
      })();
      this.languageCache.set(repo.id, p);
    }
    return p;
  }

  userView(login: string): SimUserView | undefined {
    const u = this.users.get(key(login));
    if (!u) return undefined;
    return {
      login: u.login,
      id: u.id,
      type: u.type ?? "User",
      name: u.name ?? null,
      createdAt: u.createdAt,
      publicRepos: this.reposOf(u.login).length,
    };
  }

  /** The view the JSON shapers need: owner, language, size, fork parent and network root. */
  async repoView(repo: SimRepo, depth = 0): Promise<SimRepoView> {
    const langs = await this.languages(repo);
    const commits = await this.commits(repo);
    const bytes = Object.values(langs).reduce((a, b) => a + b, 0);
    const parent = repo.forkOf ? this.repo(repo.forkOf) : undefined;
    let parentView: SimRepoView | undefined;
    let sourceView: SimRepoView | undefined;
    if (parent && depth < 5) {
      parentView = await this.repoView(parent, depth + 1);
      sourceView = parentView.source ?? parentView;
    }
    return {
      id: repo.id,
      owner: this.userView(repo.owner)!,
      name: repo.name,
      description: repo.spec.description ?? null,
      homepage: repo.spec.homepage ?? null,
      topics: repo.spec.topics ?? [],
      createdAt: repo.createdAt,
      pushedAt: repo.pushedAt,
      updatedAt: repo.pushedAt,
      defaultBranch: repo.defaultBranch,
      archived: repo.spec.archived ?? false,
      stargazers: repo.spec.stargazers ?? 0,
      language: Object.keys(langs)[0] ?? null,
      size: commits.length === 0 ? 0 : Math.max(1, Math.round(bytes / 1024)),
      fork: Boolean(repo.forkOf),
      parent: parentView,
      source: sourceView,
    };
  }
}
