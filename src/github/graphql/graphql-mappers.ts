import type { GhCommit, GhRepo, GhUser } from "../types.ts";
import type { GqlActor, GqlCommit, GqlOwner, GqlRepo } from "./graphql-queries.ts";

/**
 * GitHub GraphQL JSON -> the evidence model, field for field what the REST mappers give, so both paths
 * judge the same evidence.
 */

export function gqlUser(o: GqlOwner): GhUser {
  return {
    login: o.login,
    id: o.databaseId ?? 0,
    type: o.__typename,
    name: o.name ?? null,
    createdAt: o.createdAt ?? "",
    publicRepos: o.public?.totalCount ?? 0,
  };
}

export function gqlRepo(r: GqlRepo): GhRepo {
  const [owner = "", name = ""] = r.nameWithOwner.split("/");
  const repo: GhRepo = {
    fullName: r.nameWithOwner,
    owner: r.owner?.login ?? owner,
    name: r.name ?? name,
    fork: r.isFork === true,
    description: r.description ?? null,
    homepage: r.homepageUrl || null,
    topics: (r.repositoryTopics?.nodes ?? []).map((t) => t.topic.name),
    language: r.primaryLanguage?.name ?? null,
    defaultBranch: r.defaultBranchRef?.name ?? "main",
    createdAt: r.createdAt ?? "",
    pushedAt: r.pushedAt ?? null,
    updatedAt: r.updatedAt ?? "",
    size: r.diskUsage ?? 0,
    stargazers: r.stargazerCount ?? 0,
    archived: r.isArchived === true,
  };
  if (r.parent?.nameWithOwner) {
    repo.parent = r.parent.nameWithOwner;
    if (r.parent.defaultBranchRef?.name) repo.parentDefaultBranch = r.parent.defaultBranchRef.name;
  }
  return repo;
}

/**
 * GraphQL's GitActor.user is a User: a bot's commits come back with user null where REST names the bot.
 * Its noreply address names it ("49699333+dependabot[bot]@users.noreply.github.com").
 */
function loginOf(actor: GqlActor | null): string | null {
  if (actor?.user?.login) return actor.user.login;
  const bot = actor?.email?.match(/^\d+\+([^@]+\[bot\])@users\.noreply\.github\.com$/i);
  return bot ? bot[1]! : null;
}

/** A history node; its exact line counts stay in `lines` (stats are reserved for commits read with files). */
export function gqlCommit(c: GqlCommit): GhCommit {
  return {
    sha: c.oid,
    authorLogin: loginOf(c.author),
    authorName: c.author?.name ?? "",
    authorEmail: c.author?.email ?? "",
    authorDate: c.authoredDate ?? "",
    committerLogin: loginOf(c.committer),
    committerName: c.committer?.name ?? "",
    committerEmail: c.committer?.email ?? "",
    committerDate: c.committedDate ?? "",
    message: c.message ?? "",
    parents: c.parents?.totalCount ?? 0,
    verified: c.signature?.isValid === true,
    treeSha: c.tree?.oid,
  };
}
