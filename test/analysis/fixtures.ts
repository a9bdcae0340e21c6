/**
 * Builders for analysis tests: GitHub users, repositories, commits and evidence, plus an in-memory
 * GitHubSource that counts its calls. Deterministic: every random choice comes from a seeded PRNG.
 */
import type { GhCommit, GhRepo, GhUser, GitHubSource, RepoEvidence } from "../../src/github/types.ts";
import type { ClaimedProject, ExtractedResume, ResumeLink } from "../../src/resume/types.ts";

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const MIN = 60_000;

/** mulberry32: a tiny seeded PRNG so generated histories are the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const iso = (t: number) => new Date(t).toISOString().replace(".000Z", "Z");

export function user(login: string, createdAt = "2018-01-01T00:00:00Z", extra: Partial<GhUser> = {}): GhUser {
  return { login, id: 1000 + login.length, type: "User", name: login, createdAt, publicRepos: 3, ...extra };
}

export function repo(fullName: string, extra: Partial<GhRepo> = {}): GhRepo {
  const [owner = "", name = ""] = fullName.split("/");
  return {
    fullName,
    owner,
    name,
    fork: false,
    description: null,
    homepage: null,
    topics: [],
    language: "TypeScript",
    defaultBranch: "main",
    createdAt: "2020-01-01T00:00:00Z",
    pushedAt: "2025-06-01T00:00:00Z",
    updatedAt: "2025-06-01T00:00:00Z",
    size: 100,
    stargazers: 0,
    archived: false,
    ...extra,
  };
}

let shaCounter = 0;
export function commit(
  login: string | null,
  authorMs: number,
  committerMs = authorMs,
  extra: Partial<GhCommit> = {},
): GhCommit {
  shaCounter++;
  return {
    sha: shaCounter.toString(16).padStart(40, "0"),
    authorLogin: login,
    authorName: login ?? "Someone",
    authorEmail: login ? `${login}@users.noreply.github.com` : "someone@example.com",
    authorDate: iso(authorMs),
    committerLogin: login,
    committerName: login ?? "Someone",
    committerEmail: login ? `${login}@users.noreply.github.com` : "someone@example.com",
    committerDate: iso(committerMs),
    message: `change ${shaCounter}`,
    parents: 1,
    verified: false,
    ...extra,
  };
}

/** Evidence around a list of the candidate's commits (given oldest first; stored newest first as GitHub lists them). */
export function evidence(r: GhRepo, candidateOldestFirst: GhCommit[], extra: Partial<RepoEvidence> = {}): RepoEvidence {
  const newestFirst = [...candidateOldestFirst].reverse();
  return {
    repo: r,
    candidateCommits: newestFirst,
    candidateCommitCount: newestFirst.length,
    truncated: false,
    totalCommitCount: newestFirst.length,
    rootCommit: candidateOldestFirst[0],
    otherAuthors: [],
    sampledWithStats: [],
    languages: { TypeScript: 1000 },
    manifestDependencies: [],
    agentFiles: [],
    ...extra,
  };
}

/** An honest history: commits on random days over `days`, at varied times of day, committed when authored. */
export function honestHistory(login: string, startMs: number, days: number, count: number, seed = 1): GhCommit[] {
  const r = rng(seed);
  const times: number[] = [];
  for (let i = 0; i < count; i++)
    times.push(
      startMs + Math.floor(r() * days) * DAY + Math.floor((8 + r() * 15) * HOUR) + Math.floor(r() * 3600) * 1000,
    );
  times.sort((a, b) => a - b);
  const messages = [
    "fix parser edge case",
    "add tests for cache",
    "refactor routes",
    "update docs",
    "bump deps",
    "handle empty input",
    "speed up build",
  ];
  return times.map((t, i) =>
    commit(login, t, t + Math.floor(r() * 5) * MIN, { message: `${messages[i % messages.length]} (${i})` }),
  );
}

/** Adds stats to commits (for the sampled-with-stats list). */
export function withStats(c: GhCommit, additions: number, deletions: number, files: string[]): GhCommit {
  return { ...c, stats: { additions, deletions, files } };
}

export function link(url: string, extra: Partial<ResumeLink> = {}): ResumeLink {
  const m = /github\.com\/([^/]+)(?:\/([^/]+))?/.exec(url);
  const owner = m?.[1];
  const repoName = m?.[2];
  return {
    url: url.startsWith("http") ? url : `https://${url}`,
    raw: url,
    kind: repoName ? "repository" : m ? "profile" : "other",
    ...(owner ? { owner } : {}),
    ...(repoName ? { repo: repoName, repoUrl: `github.com/${owner}/${repoName}` } : {}),
    visibleDiffers: false,
    source: "annotation",
    page: 1,
    ...extra,
  };
}

export function claim(name: string, extra: Partial<ClaimedProject> = {}): ClaimedProject {
  return {
    name,
    repoUrl: null,
    repoLinks: [],
    otherLinks: [],
    technologies: [],
    dates: null,
    description: [],
    section: "Projects",
    page: 1,
    ...extra,
  };
}

export function linkedClaim(name: string, url: string, extra: Partial<ClaimedProject> = {}): ClaimedProject {
  const l = link(url);
  return claim(name, { repoUrl: l.repoUrl ?? null, repoLinks: [l], ...extra });
}

export function resume(projects: ClaimedProject[], extra: Partial<ExtractedResume> = {}): ExtractedResume {
  return {
    candidateName: "Test Candidate",
    githubProfiles: [],
    repoLinksOutsideProjects: [],
    projects,
    hiddenText: [],
    pages: 1,
    warnings: [],
    ...extra,
  };
}

/** An in-memory GitHubSource: a user, their listed repositories, other repositories by name, evidence per repository. */
export class FakeGitHub implements GitHubSource {
  calls = 0;
  log: string[] = [];
  constructor(
    private world: {
      users: GhUser[];
      repos: GhRepo[];
      /** old "owner/name" -> current "owner/name" */
      renames?: Record<string, string>;
      evidence: Record<string, RepoEvidence>;
      failOn?: string;
      failWith?: Error;
    },
  ) {}
  private hit(what: string) {
    this.calls++;
    this.log.push(what);
    if (this.world.failOn && what.startsWith(this.world.failOn)) throw this.world.failWith ?? new Error("boom");
  }
  async getUser(login: string) {
    this.hit(`user ${login}`);
    return this.world.users.find((u) => u.login.toLowerCase() === login.toLowerCase()) ?? null;
  }
  async listUserRepos(login: string) {
    this.hit(`repos ${login}`);
    return this.world.repos.filter((r) => r.owner.toLowerCase() === login.toLowerCase());
  }
  async getRepo(owner: string, name: string) {
    this.hit(`repo ${owner}/${name}`);
    const key = `${owner}/${name}`.toLowerCase();
    const renamedTo = Object.entries(this.world.renames ?? {}).find(([from]) => from.toLowerCase() === key)?.[1];
    const found = this.world.repos.find((r) => r.fullName.toLowerCase() === (renamedTo ?? key).toLowerCase());
    if (!found) return null;
    return renamedTo ? { ...found, renamedFrom: `${owner}/${name}` } : found;
  }
  async repoEvidence(r: GhRepo, _login: string) {
    this.hit(`evidence ${r.fullName}`);
    const e = this.world.evidence[r.fullName];
    if (!e) throw new Error(`no evidence for ${r.fullName} in the fake`);
    return { ...e, repo: r };
  }
  stats() {
    return { calls: this.calls, notModified: 0 };
  }
}
