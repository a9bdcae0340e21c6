import type { GhCommit, GhRepo, GhUser } from "../../github/index.ts";
import { num, obj, str } from "../json-fields.ts";
import type { PushEvent } from "../types.ts";

/** GitLab REST v4 JSON -> the evidence model. Pure and defensive: a missing field becomes a neutral value. */

/** GET /users/:id (created_at is shown to others for public profiles). */
export function toGhUser(data: unknown, projectCount: number): GhUser {
  const u = obj(data);
  return {
    login: str(u.username) ?? "",
    id: num(u.id),
    type: u.bot === true ? "Bot" : "User",
    name: str(u.name),
    createdAt: str(u.created_at) ?? "",
    publicRepos: projectCount,
  };
}

/** A project; GitLab has no pushed_at: last_activity_at moves with pushes but also with issues and comments. */
export function toGhRepo(data: unknown): GhRepo {
  const p = obj(data);
  const fullName = str(p.path_with_namespace) ?? "";
  const parent = obj(p.forked_from_project);
  const [owner = "", name = ""] = [
    fullName.slice(0, fullName.lastIndexOf("/")),
    fullName.slice(fullName.lastIndexOf("/") + 1),
  ];
  const repo: GhRepo = {
    fullName,
    owner,
    name: str(p.path) ?? name,
    fork: str(parent.path_with_namespace) !== null,
    description: str(p.description) || null,
    homepage: null,
    topics: Array.isArray(p.topics) ? p.topics.filter((t): t is string => typeof t === "string") : [],
    language: null,
    defaultBranch: str(p.default_branch) ?? "main",
    createdAt: str(p.created_at) ?? "",
    pushedAt: null,
    updatedAt: str(p.last_activity_at) ?? str(p.updated_at) ?? "",
    size: 0,
    stargazers: num(p.star_count),
    archived: p.archived === true,
  };
  if (repo.fork) {
    repo.parent = str(parent.path_with_namespace)!;
    repo.parentDefaultBranch = str(parent.default_branch) ?? undefined;
  }
  if (p.empty_repo === true) repo.empty = true;
  return repo;
}

/** The numeric project id GitLab gave (kept beside the evidence model, which names repositories by path). */
export const projectIdOf = (data: unknown): number => num(obj(data).id);

/**
 * A listed commit. GitLab links no commit to an account: `accountOf` says whose email it is (the candidate
 * when the email is one tied to them, see gitlab-identity.ts), null otherwise.
 */
export function toGhCommit(data: unknown, accountOf: (email: string, name: string) => string | null): GhCommit {
  const c = obj(data);
  const authorEmail = str(c.author_email) ?? "";
  const committerEmail = str(c.committer_email) ?? "";
  const out: GhCommit = {
    sha: str(c.id) ?? "",
    authorLogin: accountOf(authorEmail, str(c.author_name) ?? ""),
    authorName: str(c.author_name) ?? "",
    authorEmail,
    authorDate: str(c.authored_date) ?? "",
    committerLogin: accountOf(committerEmail, str(c.committer_name) ?? ""),
    committerName: str(c.committer_name) ?? "",
    committerEmail,
    committerDate: str(c.committed_date) ?? "",
    message: str(c.message) ?? "",
    parents: Array.isArray(c.parent_ids) ? c.parent_ids.length : 0,
    verified: false,
  };
  const stats = obj(c.stats);
  if (c.stats !== undefined)
    out.stats = { additions: num(stats.additions), deletions: num(stats.deletions), files: [] };
  return out;
}

export const parentIdsOf = (data: unknown): string[] => {
  const ids = obj(data).parent_ids;
  return Array.isArray(ids) ? ids.filter((s): s is string => typeof s === "string") : [];
};

/** The files of GET .../commits/:sha/diff with the lines each adds (counted from the hunks). */
export function filesOfDiff(data: unknown): { files: string[]; fileAdditions: number[] } {
  const list = Array.isArray(data) ? data.map(obj) : [];
  const files: string[] = [];
  const fileAdditions: number[] = [];
  for (const d of list) {
    const path = str(d.new_path) ?? str(d.old_path);
    if (!path) continue;
    files.push(path);
    fileAdditions.push((str(d.diff) ?? "").split("\n").filter((l) => l.startsWith("+") && !l.startsWith("+++")).length);
  }
  return { files, fileAdditions };
}

/** A push event of GET /projects/:id/events?action=pushed, or null for other events. */
export function toPushEvent(data: unknown): PushEvent | null {
  const e = obj(data);
  const push = obj(e.push_data);
  const after = str(push.commit_to);
  if (!after || str(push.ref_type) !== "branch") return null;
  return {
    at: str(e.created_at) ?? "",
    by: str(e.author_username),
    ref: str(push.ref) ?? "",
    before: str(push.commit_from),
    after,
    commitCount: num(push.commit_count),
  };
}
