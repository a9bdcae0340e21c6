import type { GitCommitRecord, GitFileChange } from "./git-reader.ts";

/**
 * JSON bodies shaped like GitHub's REST API (the fields every client reads, plus every field the
 * OpenAPI description marks required, so the schema test in test/github holds the simulator honest).
 */

export interface SimUserView {
  login: string;
  id: number;
  type: string;
  name: string | null;
  createdAt: string;
  publicRepos: number;
}

export interface SimRepoView {
  id: number;
  owner: SimUserView;
  name: string;
  description: string | null;
  homepage: string | null;
  topics: string[];
  createdAt: string;
  pushedAt: string;
  updatedAt: string;
  defaultBranch: string;
  archived: boolean;
  stargazers: number;
  language: string | null;
  /** KB, like GitHub */
  size: number;
  fork: boolean;
  parent?: SimRepoView;
  source?: SimRepoView;
}

/** "2024-03-02T12:00:00Z": GitHub's UTC form, no milliseconds. */
export const ghDate = (epochSeconds: number): string =>
  new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

const nodeId = (prefix: string, id: number | string): string =>
  `${prefix}_${Buffer.from(String(id)).toString("base64url")}`;

export interface JsonContext {
  /** the simulator's API base, e.g. http://127.0.0.1:4321 */
  api: string;
  /** the web base, e.g. https://github.com */
  html: string;
}

export function simpleUserJson(ctx: JsonContext, u: Pick<SimUserView, "login" | "id" | "type">) {
  const url = `${ctx.api}/users/${u.login}`;
  return {
    login: u.login,
    id: u.id,
    node_id: nodeId(u.type === "Organization" ? "O" : u.type === "Bot" ? "BOT" : "U", u.id),
    avatar_url: `https://avatars.githubusercontent.com/u/${u.id}?v=4`,
    gravatar_id: "",
    url,
    html_url: `${ctx.html}/${u.login.replace(/\[bot\]$/, "")}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: u.type,
    user_view_type: "public",
    site_admin: false,
  };
}

/** GET /users/{username}: the public user. */
export function userJson(ctx: JsonContext, u: SimUserView) {
  return {
    ...simpleUserJson(ctx, u),
    name: u.name,
    company: null,
    blog: "",
    location: null,
    email: null,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: u.publicRepos,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: u.createdAt,
    updated_at: u.createdAt,
  };
}

/** The minimal repository of listings (GET /users/{u}/repos): no parent/source, like GitHub. */
export function minimalRepoJson(ctx: JsonContext, r: SimRepoView) {
  const fullName = `${r.owner.login}/${r.name}`;
  const url = `${ctx.api}/repos/${fullName}`;
  const host = new URL(ctx.html).host;
  return {
    id: r.id,
    node_id: nodeId("R", r.id),
    name: r.name,
    full_name: fullName,
    private: false,
    owner: simpleUserJson(ctx, r.owner),
    html_url: `${ctx.html}/${fullName}`,
    description: r.description,
    fork: r.fork,
    url,
    forks_url: `${url}/forks`,
    keys_url: `${url}/keys{/key_id}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    teams_url: `${url}/teams`,
    hooks_url: `${url}/hooks`,
    issue_events_url: `${url}/issues/events{/number}`,
    events_url: `${url}/events`,
    assignees_url: `${url}/assignees{/user}`,
    branches_url: `${url}/branches{/branch}`,
    tags_url: `${url}/tags`,
    blobs_url: `${url}/git/blobs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    trees_url: `${url}/git/trees{/sha}`,
    statuses_url: `${url}/statuses/{sha}`,
    languages_url: `${url}/languages`,
    stargazers_url: `${url}/stargazers`,
    contributors_url: `${url}/contributors`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    commits_url: `${url}/commits{/sha}`,
    git_commits_url: `${url}/git/commits{/sha}`,
    comments_url: `${url}/comments{/number}`,
    issue_comment_url: `${url}/issues/comments{/number}`,
    contents_url: `${url}/contents/{+path}`,
    compare_url: `${url}/compare/{base}...{head}`,
    merges_url: `${url}/merges`,
    archive_url: `${url}/{archive_format}{/ref}`,
    downloads_url: `${url}/downloads`,
    issues_url: `${url}/issues{/number}`,
    pulls_url: `${url}/pulls{/number}`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    labels_url: `${url}/labels{/name}`,
    releases_url: `${url}/releases{/id}`,
    deployments_url: `${url}/deployments`,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    pushed_at: r.pushedAt,
    git_url: `git://${host}/${fullName}.git`,
    ssh_url: `git@${host}:${fullName}.git`,
    clone_url: `${ctx.html}/${fullName}.git`,
    svn_url: `${ctx.html}/${fullName}`,
    homepage: r.homepage,
    size: r.size,
    stargazers_count: r.stargazers,
    watchers_count: r.stargazers,
    language: r.language,
    has_issues: true,
    has_projects: true,
    has_downloads: true,
    has_wiki: true,
    has_pages: false,
    has_discussions: false,
    forks_count: 0,
    mirror_url: null,
    archived: r.archived,
    disabled: false,
    open_issues_count: 0,
    license: null,
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    topics: r.topics,
    visibility: "public",
    forks: 0,
    open_issues: 0,
    watchers: r.stargazers,
    default_branch: r.defaultBranch,
  };
}

/** GET /repos/{owner}/{repo}: the full repository, with parent and source for a fork. */
export function fullRepoJson(ctx: JsonContext, r: SimRepoView) {
  const base = { ...minimalRepoJson(ctx, r), network_count: 0, subscribers_count: 0 };
  if (!r.fork || !r.parent) return base;
  return {
    ...base,
    parent: minimalRepoJson(ctx, r.parent),
    source: minimalRepoJson(ctx, r.source ?? r.parent),
  };
}

/** Resolves a commit identity (email) to the GitHub account GitHub would link it to. */
export type AccountOf = (email: string) => Pick<SimUserView, "login" | "id" | "type"> | null;

/** One item of GET /repos/{o}/{r}/commits. */
export function commitJson(ctx: JsonContext, repoFullName: string, c: GitCommitRecord, accountOf: AccountOf) {
  const url = `${ctx.api}/repos/${repoFullName}/commits/${c.sha}`;
  const author = accountOf(c.authorEmail);
  const committer = accountOf(c.committerEmail);
  return {
    sha: c.sha,
    node_id: nodeId("C", c.sha),
    commit: {
      author: { name: c.authorName, email: c.authorEmail, date: ghDate(c.authorDate) },
      committer: { name: c.committerName, email: c.committerEmail, date: ghDate(c.committerDate) },
      message: c.message,
      tree: { sha: c.tree, url: `${ctx.api}/repos/${repoFullName}/git/trees/${c.tree}` },
      url: `${ctx.api}/repos/${repoFullName}/git/commits/${c.sha}`,
      comment_count: 0,
      verification: { verified: false, reason: "unsigned", signature: null, payload: null, verified_at: null },
    },
    url,
    html_url: `${ctx.html}/${repoFullName}/commit/${c.sha}`,
    comments_url: `${url}/comments`,
    author: author ? simpleUserJson(ctx, author) : null,
    committer: committer ? simpleUserJson(ctx, committer) : null,
    parents: c.parents.map((p) => ({
      sha: p,
      url: `${ctx.api}/repos/${repoFullName}/commits/${p}`,
      html_url: `${ctx.html}/${repoFullName}/commit/${p}`,
    })),
  };
}

/** The changed files of a commit or a compare. */
export function filesJson(ctx: JsonContext, repoFullName: string, ref: string, files: GitFileChange[]) {
  return files.map((f) => ({
    sha: f.blobSha,
    filename: f.filename,
    status: f.status,
    additions: f.additions,
    deletions: f.deletions,
    changes: f.additions + f.deletions,
    blob_url: `${ctx.html}/${repoFullName}/blob/${ref}/${f.filename}`,
    raw_url: `${ctx.html}/${repoFullName}/raw/${ref}/${f.filename}`,
    contents_url: `${ctx.api}/repos/${repoFullName}/contents/${f.filename}?ref=${ref}`,
  }));
}

/** GET /repos/{o}/{r}/commits/{ref}: one commit with stats and files. */
export function commitDetailJson(
  ctx: JsonContext,
  repoFullName: string,
  c: GitCommitRecord,
  files: GitFileChange[],
  accountOf: AccountOf,
) {
  const additions = files.reduce((n, f) => n + f.additions, 0);
  const deletions = files.reduce((n, f) => n + f.deletions, 0);
  return {
    ...commitJson(ctx, repoFullName, c, accountOf),
    stats: { total: additions + deletions, additions, deletions },
    files: filesJson(ctx, repoFullName, c.sha, files),
  };
}

/** One entry of GET /repos/{o}/{r}/contents/{path} (a directory listing item, or a file with content). */
export function contentJson(
  ctx: JsonContext,
  repoFullName: string,
  ref: string,
  entry: { path: string; type: "file" | "dir" | "submodule"; sha: string; size: number },
  content?: Uint8Array,
) {
  const url = `${ctx.api}/repos/${repoFullName}/contents/${entry.path}?ref=${ref}`;
  const gitUrl = `${ctx.api}/repos/${repoFullName}/git/${entry.type === "dir" ? "trees" : "blobs"}/${entry.sha}`;
  const htmlUrl = `${ctx.html}/${repoFullName}/${entry.type === "dir" ? "tree" : "blob"}/${ref}/${entry.path}`;
  const base = {
    name: entry.path.slice(entry.path.lastIndexOf("/") + 1),
    path: entry.path,
    sha: entry.sha,
    size: entry.size,
    url,
    html_url: htmlUrl,
    git_url: gitUrl,
    download_url:
      entry.type === "file" ? `${ctx.html.replace("//", "//raw.")}/${repoFullName}/${ref}/${entry.path}` : null,
    type: entry.type,
    _links: { self: url, git: gitUrl, html: htmlUrl },
  };
  if (content === undefined) return base;
  const b64 = Buffer.from(content)
    .toString("base64")
    .replace(/(.{60})/g, "$1\n");
  return { ...base, content: b64.endsWith("\n") ? b64 : `${b64}\n`, encoding: "base64" };
}

/** GitHub's error body: message + documentation_url (+ status, as GitHub now sends it). */
export function errorJson(status: number, message: string, doc = "https://docs.github.com/rest") {
  return { message, documentation_url: doc, status: String(status) };
}
