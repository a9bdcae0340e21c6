import type { RouteAnswer } from "../forge-sim/forge-server.ts";
import type { ForgeWorld } from "../forge-sim/forge-world.ts";
import { readPatch } from "../forge-sim/git-diff.ts";
import { gitlabOffsetPage } from "../forge-sim/paging.ts";
import { type GitCommitRecord, readCommits, readLineCounts, resolveCommit } from "../github-sim/git-reader.ts";
import type { SimRepo } from "../github-sim/sim-world.ts";
import {
  commitDetailJson,
  commitJson,
  createdEventJson,
  type GitLabContext,
  gitlabError,
  projectJson,
  pushEventJson,
  signatureJson,
} from "./gitlab-json.ts";

/** GitLab deletes events older than this (three years). */
export const EVENT_RETENTION_MS = 3 * 365 * 86_400_000;

const notFound = (what: string, op?: string): RouteAnswer => ({
  status: 404,
  body: gitlabError(404, `404 ${what} Not Found`),
  ...(op ? { op } : {}),
});
const truthy = (v: string | null) => v === "true" || v === "1";

/** The /projects/:id/... endpoints over one project's real git repository. */
export class GitLabProjectRoutes {
  private lineCache = new Map<string, Promise<Map<string, { additions: number; deletions: number }>>>();

  constructor(
    private world: ForgeWorld,
    private ctx: GitLabContext,
    private now: () => number,
  ) {}

  async handle(r: SimRepo, rest: string, q: URLSearchParams): Promise<RouteAnswer> {
    const base = `${this.ctx.origin}/api/v4/projects/${r.id}`;
    if (rest === "") return { status: 200, op: "/projects/{id}", body: await projectJson(this.ctx, this.world, r) };
    if (rest === "repository/commits") return this.listCommits(r, q, `${base}/${rest}`);
    let m = rest.match(/^repository\/commits\/([^/]+)$/);
    if (m) return this.getCommit(r, decodeURIComponent(m[1]!), q);
    m = rest.match(/^repository\/commits\/([^/]+)\/diff$/);
    if (m) return this.diff(r, decodeURIComponent(m[1]!), q, `${base}/${rest}`);
    m = rest.match(/^repository\/commits\/([^/]+)\/signature$/);
    if (m) return this.signature(r, decodeURIComponent(m[1]!));
    if (rest === "repository/contributors") return this.contributors(r, q, `${base}/${rest}`);
    if (rest === "languages") return { status: 200, op: "/projects/{id}/languages", body: await this.languages(r) };
    if (rest === "events") return this.events(r, q, `${base}/events`);
    if (rest === "forks") {
      const forks = await Promise.all(this.world.forksOf(r).map((f) => projectJson(this.ctx, this.world, f)));
      const { page, headers } = gitlabOffsetPage(forks, q, `${base}/forks`);
      return { status: 200, op: "/projects/{id}/forks", body: page, headers };
    }
    return notFound("Endpoint");
  }

  private lines(r: SimRepo, head: string) {
    const key = `${r.id}:${head}`;
    let p = this.lineCache.get(key);
    if (!p) {
      p = readLineCounts(r.dir, head);
      this.lineCache.set(key, p);
    }
    return p;
  }

  /** ref_name (default branch by default), all, since/until (committed date), with_stats, first_parent. */
  private async listCommits(r: SimRepo, q: URLSearchParams, url: string): Promise<RouteAnswer> {
    const op = "/projects/{id}/repository/commits";
    const head = await this.world.git.commits(r);
    if (head.length === 0) return notFound("Tree", op);
    let commits: GitCommitRecord[] = head;
    const ref = q.get("ref_name");
    if (truthy(q.get("all"))) commits = await readCommits(r.dir, ["--all"]);
    else if (ref && ref !== r.defaultBranch) {
      const sha = await resolveCommit(r.dir, ref);
      if (!sha) return notFound("Tree", op);
      commits = await readCommits(r.dir, sha);
    }
    if (truthy(q.get("first_parent"))) {
      const onChain = new Set<string>();
      for (let c: GitCommitRecord | undefined = commits[0]; c; c = commits.find((x) => x.sha === c!.parents[0]))
        onChain.add(c.sha);
      commits = commits.filter((c) => onChain.has(c.sha));
    }
    const since = Date.parse(q.get("since") ?? "");
    if (Number.isFinite(since)) commits = commits.filter((c) => c.committerDate * 1000 >= since);
    const until = Date.parse(q.get("until") ?? "");
    if (Number.isFinite(until)) commits = commits.filter((c) => c.committerDate * 1000 <= until);
    const { page, headers } = gitlabOffsetPage(commits, q, url);
    const stats = truthy(q.get("with_stats")) ? await this.lines(r, head[0]!.sha) : null;
    const zero = { additions: 0, deletions: 0 };
    const body = page.map((c) => commitJson(this.ctx, r, c, stats ? (stats.get(c.sha) ?? zero) : undefined));
    return { status: 200, op, body, headers };
  }

  private async record(r: SimRepo, ref: string): Promise<GitCommitRecord | null> {
    const sha = await resolveCommit(r.dir, ref);
    if (!sha) return null;
    return (await this.world.commit(r, sha)) ?? (await readCommits(r.dir, sha, 1))[0] ?? null;
  }

  private async getCommit(r: SimRepo, ref: string, q: URLSearchParams): Promise<RouteAnswer> {
    const op = "/projects/{id}/repository/commits/{sha}";
    const c = await this.record(r, ref);
    if (!c) return notFound("Commit", op);
    const withStats = q.get("stats") !== "false";
    const patch = withStats ? await readPatch(r.dir, c.sha, c.parents[0]) : [];
    const stats = withStats
      ? {
          additions: patch.reduce((s, f) => s + f.additions, 0),
          deletions: patch.reduce((s, f) => s + f.deletions, 0),
        }
      : undefined;
    return { status: 200, op, body: commitDetailJson(this.ctx, r, c, stats) };
  }

  private async diff(r: SimRepo, ref: string, q: URLSearchParams, url: string): Promise<RouteAnswer> {
    const op = "/projects/{id}/repository/commits/{sha}/diff";
    const c = await this.record(r, ref);
    if (!c) return notFound("Commit", op);
    const files = (await readPatch(r.dir, c.sha, c.parents[0])).map((f) => ({
      diff: f.diff,
      new_path: f.newPath,
      old_path: f.oldPath,
      a_mode: f.aMode,
      b_mode: f.bMode,
      new_file: f.newFile,
      renamed_file: false,
      deleted_file: f.deletedFile,
      generated_file: false,
    }));
    const { page, headers } = gitlabOffsetPage(files, q, url);
    return { status: 200, op, body: page, headers };
  }

  private async signature(r: SimRepo, ref: string): Promise<RouteAnswer> {
    const op = "/projects/{id}/repository/commits/{sha}/signature";
    const c = await this.record(r, ref);
    if (!c) return notFound("Commit", op);
    const sig = this.world.signatures.get(c.sha);
    return sig ? { status: 200, op, body: signatureJson(sig) } : notFound("Signature", op);
  }

  /** Per author email: commits, additions, deletions (default order: commits, ascending). */
  private async contributors(r: SimRepo, q: URLSearchParams, url: string): Promise<RouteAnswer> {
    const op = "/projects/{id}/repository/contributors";
    const commits = await this.world.git.commits(r);
    if (commits.length === 0) return notFound("Tree", op);
    const lines = await this.lines(r, commits[0]!.sha);
    const by = new Map<
      string,
      { name: string; email: string; commits: number; additions: number; deletions: number }
    >();
    for (const c of [...commits].reverse()) {
      const key = c.authorEmail.toLowerCase();
      const e = by.get(key) ?? { name: c.authorName, email: c.authorEmail, commits: 0, additions: 0, deletions: 0 };
      e.name = c.authorName;
      e.commits++;
      e.additions += lines.get(c.sha)?.additions ?? 0;
      e.deletions += lines.get(c.sha)?.deletions ?? 0;
      by.set(key, e);
    }
    const orderBy = q.get("order_by") ?? "commits";
    const dir = q.get("sort") === "desc" ? -1 : 1;
    const list = [...by.values()].sort((a, b) => {
      const d =
        orderBy === "name"
          ? a.name.localeCompare(b.name)
          : orderBy === "email"
            ? a.email.localeCompare(b.email)
            : a.commits - b.commits;
      return d * dir || a.email.localeCompare(b.email);
    });
    const { page, headers } = gitlabOffsetPage(list, q, url);
    return { status: 200, op, body: page, headers };
  }

  /** Percentages of the default branch's bytes per language, two decimals, as GitLab answers. */
  private async languages(r: SimRepo): Promise<Record<string, number>> {
    const bytes = await this.world.git.languages(r);
    const total = Object.values(bytes).reduce((a, b) => a + b, 0);
    if (total === 0) return {};
    return Object.fromEntries(Object.entries(bytes).map(([k, v]) => [k, Math.round((v / total) * 10_000) / 100]));
  }

  private async events(r: SimRepo, q: URLSearchParams, url: string): Promise<RouteAnswer> {
    const events = await eventsOf(this.world, this.ctx, [r], this.world.pushesOf(r), q, this.now());
    const { page, headers } = gitlabOffsetPage(events, q, url);
    return { status: 200, op: "/projects/{id}/events", body: page, headers };
  }
}

/**
 * The events of some projects (pushes and creations), newest first, within GitLab's three-year
 * retention, filtered by action (pushed, created), after / before (dates, exclusive) and sorted by `sort`.
 */
export async function eventsOf(
  world: ForgeWorld,
  ctx: GitLabContext,
  repos: readonly SimRepo[],
  pushes: readonly { at: number; repoId: number }[],
  q: URLSearchParams,
  now: number,
): Promise<Array<{ created_at: string }>> {
  const action = q.get("action");
  const out: Array<{ at: number; json: { created_at: string } }> = [];
  if (!action || action === "pushed")
    for (const p of pushes) {
      const r = world.git.repoById(p.repoId);
      if (!r) continue;
      const rec = p as Parameters<typeof pushEventJson>[2];
      const head = await world.commit(r, rec.after);
      out.push({ at: p.at, json: pushEventJson(ctx, world, rec, head?.message.split("\n")[0] ?? "") });
    }
  if (!action || action === "created")
    for (const r of repos) out.push({ at: Date.parse(r.createdAt), json: createdEventJson(ctx, world, r) });
  const after = Date.parse(q.get("after") ?? "");
  const before = Date.parse(q.get("before") ?? "");
  const day = 86_400_000;
  const kept = out.filter(
    (e) =>
      e.at >= now - EVENT_RETENTION_MS &&
      (!Number.isFinite(after) || e.at >= after + day) &&
      (!Number.isFinite(before) || e.at < before),
  );
  const dir = q.get("sort") === "asc" ? 1 : -1;
  return kept.sort((a, b) => (a.at - b.at) * dir).map((e) => e.json);
}
