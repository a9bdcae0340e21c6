import type { GhCommit, GhRepo, GhUser } from "./types.ts";

/**
 * GitHub REST JSON -> the evidence model. Pure and defensive: a missing field becomes a neutral value,
 * never an exception, because GitHub's payloads vary across versions and Enterprise servers.
 */

type Json = Record<string, unknown>;

const obj = (v: unknown): Json => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

export function toGhUser(data: unknown): GhUser {
  const u = obj(data);
  return {
    login: str(u.login) ?? "",
    id: num(u.id),
    type: str(u.type) ?? "User",
    name: str(u.name),
    createdAt: str(u.created_at) ?? "",
    publicRepos: num(u.public_repos),
  };
}

/** A repository from a listing (minimal: no parent/source) or from GET /repos (full). */
export function toGhRepo(data: unknown, requested?: string): GhRepo {
  const r = obj(data);
  const fullName = str(r.full_name) ?? "";
  const [owner = "", name = ""] = fullName.split("/");
  const parent = obj(r.parent);
  const source = obj(r.source);
  const repo: GhRepo = {
    fullName,
    owner: str(obj(r.owner).login) ?? owner,
    name: str(r.name) ?? name,
    fork: r.fork === true,
    description: str(r.description),
    homepage: str(r.homepage) || null,
    topics: Array.isArray(r.topics) ? r.topics.filter((t): t is string => typeof t === "string") : [],
    language: str(r.language),
    defaultBranch: str(r.default_branch) ?? "main",
    createdAt: str(r.created_at) ?? "",
    pushedAt: str(r.pushed_at),
    updatedAt: str(r.updated_at) ?? "",
    size: num(r.size),
    stargazers: num(r.stargazers_count),
    archived: r.archived === true,
  };
  if (str(parent.full_name)) {
    repo.parent = str(parent.full_name)!;
    repo.parentDefaultBranch = str(parent.default_branch) ?? undefined;
  }
  if (str(source.full_name)) repo.source = str(source.full_name)!;
  if (requested && requested.toLowerCase() !== fullName.toLowerCase()) repo.renamedFrom = requested;
  return repo;
}

/** A commit from a listing, a compare, or GET /commits/{sha} (then with stats and files). */
export function toGhCommit(data: unknown): GhCommit {
  const c = obj(data);
  const commit = obj(c.commit);
  const author = obj(commit.author);
  const committer = obj(commit.committer);
  const out: GhCommit = {
    sha: str(c.sha) ?? "",
    authorLogin: str(obj(c.author).login),
    authorName: str(author.name) ?? "",
    authorEmail: str(author.email) ?? "",
    authorDate: str(author.date) ?? "",
    committerLogin: str(obj(c.committer).login),
    committerName: str(committer.name) ?? "",
    committerEmail: str(committer.email) ?? "",
    committerDate: str(committer.date) ?? "",
    message: str(commit.message) ?? "",
    parents: Array.isArray(c.parents) ? c.parents.length : 0,
    verified: obj(commit.verification).verified === true,
  };
  const tree = str(obj(commit.tree).sha);
  if (tree) out.treeSha = tree;
  if (c.stats !== undefined || Array.isArray(c.files)) {
    const stats = obj(c.stats);
    const files = (Array.isArray(c.files) ? c.files.map(obj) : []).filter((f) => str(f.filename));
    out.stats = {
      additions: num(stats.additions),
      deletions: num(stats.deletions),
      files: files.map((f) => str(f.filename)!),
      ...(files.length > 0 && files.every((f) => typeof f.additions === "number")
        ? { fileAdditions: files.map((f) => num(f.additions)) }
        : {}),
    };
  }
  return out;
}

/** Logins compare case-insensitively on GitHub. */
export const sameLogin = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();
