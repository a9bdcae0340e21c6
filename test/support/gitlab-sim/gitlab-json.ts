import type { ForgeWorld, PushRecord, SignatureSpec } from "../forge-sim/forge-world.ts";
import type { GitCommitRecord } from "../github-sim/git-reader.ts";
import type { SimRepo } from "../github-sim/sim-world.ts";

/**
 * JSON bodies shaped like GitLab's REST API v4 (the fields of the entities its API description names:
 * UserBasic, User, Project, Commit, CommitDetail, Event, PushEventPayload, Contributor, Diff).
 */

export interface GitLabContext {
  /** the simulator's origin, e.g. http://127.0.0.1:4321 (the API is under /api/v4) */
  origin: string;
  /** the web base in web_url fields, e.g. https://gitlab.com */
  web: string;
}

/** GitLab's timestamps: milliseconds and Z, e.g. 2024-03-02T12:00:00.000Z. */
export const glTime = (ms: number): string => new Date(ms).toISOString();
/** Commit dates keep the committer's offset in GitLab; the simulator's commits are all UTC. */
const commitTime = (epochSeconds: number): string => glTime(epochSeconds * 1000).replace(/Z$/, "+00:00");

export function userBasicJson(ctx: GitLabContext, u: { id: number; login: string; name?: string | null }) {
  return {
    id: u.id,
    username: u.login,
    name: u.name ?? u.login,
    state: "active",
    locked: false,
    avatar_url: `https://secure.gravatar.com/avatar/${u.id}?s=80&d=identicon`,
    web_url: `${ctx.web}/${u.login}`,
  };
}

/** GET /users/:id as another user sees a public profile. */
export function userJson(
  ctx: GitLabContext,
  u: { id: number; login: string; name?: string | null; createdAt: string; type?: string },
  publicEmail: string | null,
) {
  return {
    ...userBasicJson(ctx, u),
    created_at: glTime(Date.parse(u.createdAt)),
    bio: "",
    location: "",
    public_email: publicEmail ?? "",
    skype: "",
    linkedin: "",
    twitter: "",
    discord: "",
    website_url: "",
    organization: "",
    job_title: "",
    pronouns: null,
    bot: u.type === "Bot",
    work_information: null,
    local_time: null,
    followers: 0,
    following: 0,
  };
}

function basicProjectJson(ctx: GitLabContext, world: ForgeWorld, r: SimRepo) {
  const owner = world.git.user(r.owner)!;
  const path = `${r.owner}/${r.name}`;
  return {
    id: r.id,
    description: r.spec.description ?? null,
    name: r.name,
    name_with_namespace: `${owner.name ?? owner.login} / ${r.name}`,
    path: r.name,
    path_with_namespace: path,
    created_at: glTime(Date.parse(r.createdAt)),
    default_branch: r.defaultBranch,
    tag_list: r.spec.topics ?? [],
    topics: r.spec.topics ?? [],
    ssh_url_to_repo: `git@${new URL(ctx.web).host}:${path}.git`,
    http_url_to_repo: `${ctx.web}/${path}.git`,
    web_url: `${ctx.web}/${path}`,
    readme_url: null,
    forks_count: world.forksOf(r).length,
    avatar_url: null,
    star_count: r.spec.stargazers ?? 0,
    last_activity_at: glTime(Date.parse(r.pushedAt)),
    visibility: "public",
    namespace: {
      id: owner.id,
      name: owner.name ?? owner.login,
      path: owner.login,
      kind: "user",
      full_path: owner.login,
      parent_id: null,
      avatar_url: null,
      web_url: `${ctx.web}/${owner.login}`,
    },
  };
}

/** A project as GET /projects/:id, /users/:id/projects, /projects/:id/forks and /projects list it. */
export async function projectJson(ctx: GitLabContext, world: ForgeWorld, r: SimRepo) {
  const parent = r.forkOf ? world.git.repo(r.forkOf) : undefined;
  const empty = (await world.git.commits(r)).length === 0;
  const api = `${ctx.origin}/api/v4/projects/${r.id}`;
  return {
    ...basicProjectJson(ctx, world, r),
    ...(parent ? { forked_from_project: basicProjectJson(ctx, world, parent) } : {}),
    _links: {
      self: api,
      issues: `${api}/issues`,
      merge_requests: `${api}/merge_requests`,
      repo_branches: `${api}/repository/branches`,
      labels: `${api}/labels`,
      events: `${api}/events`,
      members: `${api}/members`,
      cluster_agents: `${api}/cluster_agents`,
    },
    packages_enabled: true,
    empty_repo: empty,
    archived: r.spec.archived ?? false,
    owner: userBasicJson(ctx, world.git.user(r.owner)!),
    issues_enabled: true,
    merge_requests_enabled: true,
    wiki_enabled: true,
    jobs_enabled: true,
    snippets_enabled: true,
    creator_id: world.git.user(r.owner)!.id,
    open_issues_count: 0,
    updated_at: glTime(Date.parse(r.pushedAt)),
  };
}

/** One item of GET /projects/:id/repository/commits (stats when with_stats=true). */
export function commitJson(
  ctx: GitLabContext,
  r: SimRepo,
  c: GitCommitRecord,
  stats?: { additions: number; deletions: number },
) {
  const title = c.message.split("\n")[0] ?? "";
  return {
    id: c.sha,
    short_id: c.sha.slice(0, 8),
    created_at: commitTime(c.committerDate),
    parent_ids: c.parents,
    title,
    message: c.message,
    author_name: c.authorName,
    author_email: c.authorEmail,
    authored_date: commitTime(c.authorDate),
    committer_name: c.committerName,
    committer_email: c.committerEmail,
    committed_date: commitTime(c.committerDate),
    trailers: {},
    extended_trailers: {},
    web_url: `${ctx.web}/${r.owner}/${r.name}/-/commit/${c.sha}`,
    ...(stats ? { stats: { ...stats, total: stats.additions + stats.deletions } } : {}),
  };
}

/** GET /projects/:id/repository/commits/:sha: the commit with stats, status and its project. */
export function commitDetailJson(
  ctx: GitLabContext,
  r: SimRepo,
  c: GitCommitRecord,
  stats: { additions: number; deletions: number } | undefined,
) {
  return { ...commitJson(ctx, r, c, stats), status: null, project_id: r.id, last_pipeline: null };
}

/** GET .../commits/:sha/signature of a signed commit. */
export function signatureJson(s: SignatureSpec) {
  const status = s.verified ? "verified" : "unverified";
  if (s.kind === "ssh")
    return { signature_type: "SSH", verification_status: status, commit_source: "gitaly", key: null };
  if (s.kind === "x509")
    return { signature_type: "X509", verification_status: status, commit_source: "gitaly", x509_certificate: null };
  return {
    signature_type: "PGP",
    verification_status: status,
    commit_source: "gitaly",
    gpg_key_id: 1,
    gpg_key_primary_keyid: "8254AAB3FBD54AC9",
    gpg_key_user_name: s.name ?? s.email,
    gpg_key_user_email: s.email,
    gpg_key_subkey_id: null,
  };
}

/** A push event: server-written created_at, the pushed range in push_data. */
export function pushEventJson(ctx: GitLabContext, world: ForgeWorld, p: PushRecord, headTitle: string) {
  const by = world.git.user(p.by)!;
  return {
    id: p.id,
    project_id: p.repoId,
    action_name: p.before ? "pushed to" : "pushed new",
    target_id: null,
    target_iid: null,
    target_type: null,
    author_id: by.id,
    target_title: null,
    created_at: glTime(p.at),
    author: userBasicJson(ctx, by),
    imported: false,
    imported_from: "none",
    push_data: {
      commit_count: p.shas.length,
      action: p.before ? "pushed" : "created",
      ref_type: "branch",
      commit_from: p.before,
      commit_to: p.after,
      ref: p.ref,
      commit_title: headTitle,
      ref_count: null,
    },
    author_username: by.login,
  };
}

/** The "created" event of a project (no push_data). */
export function createdEventJson(ctx: GitLabContext, world: ForgeWorld, r: SimRepo) {
  const by = world.git.user(r.owner)!;
  return {
    id: 6_000_000 + r.id,
    project_id: r.id,
    action_name: "created",
    target_id: null,
    target_iid: null,
    target_type: null,
    author_id: by.id,
    target_title: null,
    created_at: glTime(Date.parse(r.createdAt)),
    author: userBasicJson(ctx, by),
    imported: false,
    imported_from: "none",
    author_username: by.login,
  };
}

/** GitLab's error body. */
export const gitlabError = (_status: number, message: string) => ({ message });
