import type { GhCommit, GhRepo, GhUser } from "../../github/index.ts";
import { toGhCommit as githubCommit } from "../../github/index.ts";
import { type Json, num, obj, str } from "../json-fields.ts";
import type { PushEvent } from "../types.ts";

/** Gitea/Forgejo /api/v1 JSON -> the evidence model. Pure and defensive. */

export function toGhUser(data: unknown, repoCount: number): GhUser {
  const u = obj(data);
  return {
    login: str(u.login) ?? "",
    id: num(u.id),
    type: "User",
    name: str(u.full_name) || null,
    createdAt: str(u.created) ?? "",
    publicRepos: repoCount,
  };
}

/** A repository; Gitea has no pushed_at (updated_at also moves with settings), and this API lists no topics. */
export function toGhRepo(data: unknown): GhRepo {
  const r = obj(data);
  const parent = obj(r.parent);
  const fullName = str(r.full_name) ?? "";
  const repo: GhRepo = {
    fullName,
    owner: str(obj(r.owner).login) ?? fullName.split("/")[0] ?? "",
    name: str(r.name) ?? fullName.split("/")[1] ?? "",
    fork: r.fork === true,
    description: str(r.description) || null,
    homepage: str(r.website) || null,
    topics: Array.isArray(r.topics) ? r.topics.filter((t): t is string => typeof t === "string") : [],
    language: str(r.language) || null,
    defaultBranch: str(r.default_branch) || "main",
    createdAt: str(r.created_at) ?? "",
    pushedAt: null,
    updatedAt: str(r.updated_at) ?? "",
    size: num(r.size),
    stargazers: num(r.stars_count),
    archived: r.archived === true,
  };
  if (str(parent.full_name)) {
    repo.parent = str(parent.full_name)!;
    repo.parentDefaultBranch = str(parent.default_branch) ?? undefined;
    const grand = obj(parent.parent);
    repo.source = str(grand.full_name) ?? repo.parent;
  }
  if (r.empty === true) repo.empty = true;
  return repo;
}

/**
 * A commit of /commits or /git/commits/{sha}: Gitea answers in GitHub's commit shape (commit.author,
 * author.login linked by the host, commit.tree, commit.verification, stats, files without per-file
 * counts), so GitHub's mapper reads it; Gitea's messages end with a newline GitHub's do not.
 */
export function toGhCommit(data: unknown): GhCommit {
  const c = githubCommit(data);
  return { ...c, message: c.message.replace(/\n$/, "") };
}

export const parentShasOf = (data: unknown): string[] => {
  const ps = obj(data).parents;
  return Array.isArray(ps) ? ps.map((p) => str(obj(p).sha)).filter((s): s is string => !!s) : [];
};

/**
 * A push of a user's activity feed (op_type commit_repo) to `fullName`, or null. The payload lists at most
 * a few commits; the head and the compare range (before...after) say what the push brought.
 */
export function toFeedPush(data: unknown, fullName: string): PushEvent | null {
  const a = obj(data);
  if (str(a.op_type) !== "commit_repo") return null;
  if ((str(obj(a.repo).full_name) ?? "").toLowerCase() !== fullName.toLowerCase()) return null;
  let content: Json;
  try {
    content = obj(JSON.parse(str(a.content) ?? ""));
  } catch {
    return null;
  }
  const head =
    str(obj(content.HeadCommit).Sha1) ?? str(obj(Array.isArray(content.Commits) ? content.Commits[0] : null).Sha1);
  if (!head) return null;
  const range = (str(content.CompareURL) ?? "").match(/compare\/([0-9a-f]{7,64})\.\.\.([0-9a-f]{7,64})$/i);
  return {
    at: str(a.created) ?? "",
    by: str(obj(a.act_user).login),
    ref: (str(a.ref_name) ?? "").replace(/^refs\/heads\//, ""),
    before: range?.[1] ?? null,
    after: head,
    commitCount: num(content.Len),
  };
}
