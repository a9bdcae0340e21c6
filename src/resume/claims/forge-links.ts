import { type NormalizedLink, repository, segmentsOf, stripGit } from "./link-paths.ts";

/**
 * Links on GitLab and Gitea/Forgejo hosts: which paths are repositories (GitLab's nested groups whole),
 * which are a user's or a group's page, which are the site's own.
 */

/**
 * A forge whose links the extractor reads as repositories and profiles: its host as links name it (with
 * the port when not the default) and the URL family it follows. GitLab (gitlab.com, self-managed) and
 * Gitea/Forgejo (Codeberg, self-hosted) lay their pages out differently.
 */
export interface ForgeLinkHost {
  host: string;
  kind: "gitlab" | "gitea";
}

/** Known without configuration; the operator's FORGE_HOSTS add to them (src/config/forge-hosts.ts). */
export const KNOWN_FORGE_HOSTS: readonly ForgeLinkHost[] = [
  { host: "gitlab.com", kind: "gitlab" },
  { host: "codeberg.org", kind: "gitea" },
];

/** GitLab's first path segments that are site pages; "users" and "groups" lead to a profile or a group. */
const GITLAB_RESERVED = new Set([
  "-",
  "admin",
  "api",
  "dashboard",
  "explore",
  "help",
  "projects",
  "search",
  "snippets",
  "users",
  "groups",
]);
/**
 * Where a GitLab project path ends in an old-style deep link, written before GitLab put "/-/" there
 * (".../group/project/tree/main", ".../blob/..."): a nested group is never named like these.
 */
const GITLAB_ROUTES = new Set([
  "tree",
  "blob",
  "raw",
  "blame",
  "commits",
  "commit",
  "merge_requests",
  "issues",
  "wikis",
  "pipelines",
  "tags",
  "branches",
  "compare",
  "releases",
  "activity",
  "graphs",
]);
/** Gitea/Forgejo first path segments that are site pages. */
const GITEA_RESERVED = new Set([
  "-",
  "admin",
  "api",
  "assets",
  "explore",
  "issues",
  "notifications",
  "org",
  "pulls",
  "repo",
  "user",
]);

/**
 * A GitLab host's link. A project's path is every segment up to "/-/" (nested groups: gitlab.com/group/sub/
 * project is project "project" of owner "group/sub"), or up to an old-style route keyword (/tree/, /blob/
 * ...); one segment is a user's or a group's page (kind "profile": whose it is, only the host can say).
 */
export function classifyGitLab(u: URL, host: string): NormalizedLink {
  const seg = segmentsOf(u);
  const first = seg[0]?.toLowerCase();
  if (!first) return { url: `https://${host}`, kind: "other", host };
  if ((first === "users" || first === "groups") && seg[1] && seg.length === 2)
    return { url: `https://${host}/${seg[1]}`, kind: "profile", owner: seg[1], host };
  if (GITLAB_RESERVED.has(first)) return { url: u.href, kind: "other", host };
  if (seg.length === 1) return { url: `https://${host}/${seg[0]}`, kind: "profile", owner: seg[0]!, host };
  const dash = seg.indexOf("-");
  const route = seg.findIndex((p, i) => i >= 2 && GITLAB_ROUTES.has(p.toLowerCase()));
  const end = dash > 1 ? dash : route > 1 ? route : seg.length;
  const path = seg.slice(0, end);
  const repo = stripGit(path[path.length - 1]!);
  const owner = path.slice(0, -1).join("/");
  const link = repository(host, owner, repo, seg.slice(end), [host, ...path.slice(0, -1), repo].join("/"));
  if (u.search) link.subpath = (link.subpath ?? "") + u.search;
  return link;
}

/** A Gitea/Forgejo host's link: /owner/repo[/...] is a repository, /owner a user's or an organisation's page. */
export function classifyGitea(u: URL, host: string): NormalizedLink {
  const seg = segmentsOf(u);
  const first = seg[0]?.toLowerCase();
  if (!first) return { url: `https://${host}`, kind: "other", host };
  if (GITEA_RESERVED.has(first)) return { url: u.href, kind: "other", host };
  if (seg.length === 1) return { url: `https://${host}/${seg[0]}`, kind: "profile", owner: seg[0]!, host };
  const link = repository(host, seg[0]!, stripGit(seg[1]!), seg.slice(2));
  if (u.search) link.subpath = (link.subpath ?? "") + u.search;
  return link;
}
