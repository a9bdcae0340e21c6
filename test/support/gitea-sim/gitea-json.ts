import type { ForgeWorld, PushRecord, SignatureSpec } from "../forge-sim/forge-world.ts";
import type { GitCommitRecord, GitFileChange } from "../github-sim/git-reader.ts";
import type { SimRepo } from "../github-sim/sim-world.ts";

/** JSON bodies shaped like Gitea's /api/v1 (Forgejo serves the same): User, Repository, Commit, Activity. */

export interface GiteaContext {
  /** the simulator's origin (the API is under /api/v1) */
  origin: string;
  /** web base in html_url fields, e.g. https://codeberg.org */
  web: string;
}

/** Gitea's RFC 3339 times, second precision. */
export const gtTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
/** Go's zero time, which Gitea sends for times it does not have. */
const ZERO = "0001-01-01T00:00:00Z";

type Account = { id: number; login: string; name?: string | null; createdAt: string };

export function userJson(ctx: GiteaContext, u: Account) {
  return {
    id: u.id,
    login: u.login,
    login_name: "",
    source_id: 0,
    full_name: u.name ?? "",
    email: "",
    avatar_url: `${ctx.web}/avatars/${u.id}`,
    language: "",
    is_admin: false,
    last_login: ZERO,
    created: gtTime(Date.parse(u.createdAt)),
    restricted: false,
    active: false,
    prohibit_login: false,
    location: "",
    website: "",
    description: "",
    visibility: "public",
    followers_count: 0,
    following_count: 0,
    starred_repos_count: 0,
  };
}

/** A repository; a fork carries its parent (one level, as Gitea answers). */
export async function repoJson(ctx: GiteaContext, world: ForgeWorld, r: SimRepo, depth = 0): Promise<unknown> {
  const full = `${r.owner}/${r.name}`;
  const langs = await world.git.languages(r);
  const commits = await world.git.commits(r);
  const bytes = Object.values(langs).reduce((a, b) => a + b, 0);
  const parent = r.forkOf ? world.git.repo(r.forkOf) : undefined;
  const api = `${ctx.origin}/api/v1/repos/${full}`;
  return {
    id: r.id,
    owner: userJson(ctx, world.git.user(r.owner)!),
    name: r.name,
    full_name: full,
    description: r.spec.description ?? "",
    empty: commits.length === 0,
    private: false,
    fork: Boolean(r.forkOf),
    template: false,
    parent: parent && depth === 0 ? await repoJson(ctx, world, parent, depth + 1) : null,
    mirror: false,
    size: commits.length === 0 ? 0 : Math.max(1, Math.round(bytes / 1024)),
    language: Object.keys(langs)[0] ?? "",
    languages_url: `${api}/languages`,
    html_url: `${ctx.web}/${full}`,
    url: api,
    link: "",
    ssh_url: `git@${new URL(ctx.web).host}:${full}.git`,
    clone_url: `${ctx.web}/${full}.git`,
    original_url: "",
    website: r.spec.homepage ?? "",
    stars_count: r.spec.stargazers ?? 0,
    forks_count: world.forksOf(r).length,
    watchers_count: 1,
    open_issues_count: 0,
    open_pr_counter: 0,
    release_counter: 0,
    default_branch: r.defaultBranch,
    archived: r.spec.archived ?? false,
    created_at: gtTime(Date.parse(r.createdAt)),
    updated_at: gtTime(Date.parse(r.pushedAt)),
    archived_at: "1970-01-01T00:00:00Z",
    permissions: { admin: false, push: false, pull: true },
    has_issues: true,
    internal_tracker: {
      enable_time_tracker: true,
      allow_only_contributors_to_track_time: true,
      enable_issue_dependencies: true,
    },
    has_wiki: true,
    has_pull_requests: true,
    has_projects: true,
    has_releases: true,
    has_packages: true,
    has_actions: false,
    ignore_whitespace_conflicts: false,
    allow_merge_commits: true,
    allow_rebase: true,
    allow_rebase_explicit: true,
    allow_squash_merge: true,
    allow_fast_forward_only_merge: false,
    allow_rebase_update: true,
    default_delete_branch_after_merge: false,
    default_merge_style: "merge",
    default_allow_maintainer_edit: false,
    avatar_url: "",
    internal: false,
    mirror_interval: "",
    object_format_name: "sha1",
    mirror_updated: ZERO,
    repo_transfer: null,
  };
}

const verificationJson = (sig: SignatureSpec | undefined, world: ForgeWorld) => {
  if (!sig) return { verified: false, reason: "gpg.error.not_signed_commit", signature: "", signer: null, payload: "" };
  const login = world.git.accountOf(sig.email)?.login ?? "";
  return {
    verified: sig.verified,
    reason: sig.verified
      ? `${login} / ${sig.kind === "ssh" ? "SHA256:sim" : "8254AAB3FBD54AC9"}`
      : "gpg.error.no_gpg_keys_found",
    signature: "-----BEGIN PGP SIGNATURE-----\nsimulated\n-----END PGP SIGNATURE-----\n",
    signer: { name: sig.name ?? login, email: sig.email, username: login },
    payload: "",
  };
};

/** One commit as /commits and /git/commits/{sha} answer it (stats and files when asked for). */
export function commitJson(
  ctx: GiteaContext,
  world: ForgeWorld,
  r: SimRepo,
  c: GitCommitRecord,
  extra: { stats?: { additions: number; deletions: number }; files?: GitFileChange[] } = {},
) {
  const full = `${r.owner}/${r.name}`;
  const api = `${ctx.origin}/api/v1/repos/${full}`;
  const author = world.git.accountOf(c.authorEmail);
  const committer = world.git.accountOf(c.committerEmail);
  const account = (a: { login: string } | null) => (a ? userJson(ctx, world.git.user(a.login)!) : null);
  return {
    url: `${api}/git/commits/${c.sha}`,
    sha: c.sha,
    created: gtTime(c.committerDate * 1000),
    html_url: `${ctx.web}/${full}/commit/${c.sha}`,
    commit: {
      url: `${api}/git/commits/${c.sha}`,
      author: { name: c.authorName, email: c.authorEmail, date: gtTime(c.authorDate * 1000) },
      committer: { name: c.committerName, email: c.committerEmail, date: gtTime(c.committerDate * 1000) },
      message: `${c.message}\n`,
      tree: { url: `${api}/git/trees/${c.tree}`, sha: c.tree, created: gtTime(c.committerDate * 1000) },
      verification: verificationJson(world.signatures.get(c.sha), world),
    },
    author: account(author),
    committer: account(committer),
    parents: c.parents.map((p) => ({ url: `${api}/git/commits/${p}`, sha: p, created: ZERO })),
    ...(extra.files
      ? {
          files: extra.files.map((f) => ({
            filename: f.filename,
            status: f.status === "removed" ? "removed" : f.status,
          })),
        }
      : {}),
    ...(extra.stats ? { stats: { ...extra.stats, total: extra.stats.additions + extra.stats.deletions } } : {}),
  };
}

/** Gitea's feed payload of a push (PushCommits): at most `max` commits listed, Len counts them all. */
export function pushContent(r: SimRepo, p: PushRecord, commits: GitCommitRecord[], max = 5) {
  const bySha = new Map(commits.map((c) => [c.sha, c]));
  const listed = [...p.shas]
    .reverse()
    .slice(0, max)
    .map((sha) => bySha.get(sha))
    .filter((c) => c !== undefined);
  const one = (c: GitCommitRecord) => ({
    Sha1: c.sha,
    Message: `${c.message}\n`,
    AuthorEmail: c.authorEmail,
    AuthorName: c.authorName,
    CommitterEmail: c.committerEmail,
    CommitterName: c.committerName,
    Timestamp: gtTime(c.committerDate * 1000),
  });
  return JSON.stringify({
    Commits: listed.map(one),
    HeadCommit: bySha.get(p.after) ? one(bySha.get(p.after)!) : null,
    CompareURL: p.before ? `${r.owner}/${r.name}/compare/${p.before}...${p.after}` : "",
    Len: p.shas.length,
  });
}

/** Gitea's error body (404s add an `errors` list). */
export const giteaError = (status: number, message: string) =>
  status === 404
    ? { errors: [], message: "The target couldn't be found.", url: "https://gitea.com/api/swagger" }
    : { message, url: "https://gitea.com/api/swagger" };
