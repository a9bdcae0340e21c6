import type { RouteAnswer } from "../forge-sim/forge-server.ts";
import type { ForgeWorld } from "../forge-sim/forge-world.ts";
import { giteaPage } from "../forge-sim/paging.ts";
import { readChanges, readCommits, resolveCommit } from "../github-sim/git-reader.ts";
import type { SimRepo } from "../github-sim/sim-world.ts";
import { commitJson, type GiteaContext, giteaError, gtTime, pushContent, repoJson, userJson } from "./gitea-json.ts";

const notFound = (op?: string): RouteAnswer => ({ status: 404, body: giteaError(404, ""), ...(op ? { op } : {}) });
const off = (v: string | null) => v === "false" || v === "0";

/** Gitea /api/v1 over the forge world: users, repositories, commits, forks, search, activity feeds. */
export class GiteaRoutes {
  constructor(
    private world: ForgeWorld,
    private ctx: GiteaContext,
    /** false: the host does not serve activity feeds (older Gitea, or disabled) */
    private feeds: () => boolean,
  ) {}

  async handle(path: string, url: URL): Promise<RouteAnswer> {
    const q = url.searchParams;
    const segs = path.replace(/\/+$/, "").split("/").slice(1).map(decodeURIComponent);
    const api = `${this.ctx.origin}/api/v1`;
    if (segs[0] === "users" && segs[1]) {
      const u = this.world.git.user(segs[1]);
      const rest = segs.slice(2).join("/");
      const op = rest ? `/users/{username}/${rest}` : "/users/{username}";
      if (rest === "activities/feeds" && !this.feeds()) return notFound(op);
      if (!u) return notFound(op);
      if (!rest) return { status: 200, op, body: userJson(this.ctx, u) };
      if (rest === "repos") {
        const repos = this.world.git.reposOf(u.login).sort((a, b) => a.id - b.id);
        const p = giteaPage(repos, q, `${api}/users/${u.login}/repos`);
        const body = await Promise.all(p.page.map((r) => repoJson(this.ctx, this.world, r)));
        return { status: 200, op, body, headers: p.headers };
      }
      if (rest === "activities/feeds") return this.feed(u.login, q, `${api}/users/${u.login}/activities/feeds`);
      return notFound();
    }
    if (segs[0] === "repos" && segs[1] === "search" && segs.length === 2) return this.search(q, `${api}/repos/search`);
    if (segs[0] === "repos" && segs.length >= 3) {
      const r = this.world.git.repo(`${segs[1]}/${segs[2]}`);
      const rest = segs.slice(3).join("/");
      const op = rest.startsWith("git/commits/")
        ? "/repos/{owner}/{repo}/git/commits/{sha}"
        : `/repos/{owner}/{repo}${rest ? `/${rest}` : ""}`;
      if (!r) return notFound(op);
      return this.repo(r, rest, q, `${api}/repos/${r.owner}/${r.name}`, op);
    }
    return notFound();
  }

  private async repo(r: SimRepo, rest: string, q: URLSearchParams, base: string, op: string): Promise<RouteAnswer> {
    if (rest === "") return { status: 200, op, body: await repoJson(this.ctx, this.world, r) };
    if (rest === "languages") return { status: 200, op, body: await this.world.git.languages(r) };
    if (rest === "forks") {
      const p = giteaPage(this.world.forksOf(r), q, `${base}/forks`);
      return {
        status: 200,
        op,
        body: await Promise.all(p.page.map((f) => repoJson(this.ctx, this.world, f))),
        headers: p.headers,
      };
    }
    if (rest === "commits") return this.commits(r, q, `${base}/commits`, op);
    if (rest.startsWith("git/commits/")) {
      const sha = await resolveCommit(r.dir, rest.slice("git/commits/".length));
      const c = sha ? ((await this.world.commit(r, sha)) ?? (await readCommits(r.dir, sha, 1))[0]) : undefined;
      if (!c) return notFound(op);
      return { status: 200, op, body: await this.detailed(r, c, q) };
    }
    return notFound();
  }

  private async detailed(r: SimRepo, c: Awaited<ReturnType<typeof readCommits>>[number], q: URLSearchParams) {
    const want = { stat: !off(q.get("stat")), files: !off(q.get("files")) };
    const files = want.stat || want.files ? await readChanges(r.dir, c.sha, c.parents[0]) : [];
    const stats = {
      additions: files.reduce((s, f) => s + f.additions, 0),
      deletions: files.reduce((s, f) => s + f.deletions, 0),
    };
    return commitJson(this.ctx, this.world, r, c, {
      ...(want.stat ? { stats } : {}),
      ...(want.files ? { files } : {}),
    });
  }

  /** sha (branch or commit), not, page / limit, stat / files (default on, as Gitea); 409 when empty. */
  private async commits(r: SimRepo, q: URLSearchParams, url: string, op: string): Promise<RouteAnswer> {
    let commits = await this.world.git.commits(r);
    if (commits.length === 0) return { status: 409, op, body: giteaError(409, "Git Repository is empty.") };
    const sha = q.get("sha");
    if (sha) {
      const resolved = await resolveCommit(r.dir, sha);
      if (!resolved) return notFound(op);
      commits = await readCommits(r.dir, resolved);
    }
    const not = q.get("not");
    if (not) {
      const excluded = await resolveCommit(r.dir, not);
      if (excluded) {
        const hidden = new Set((await readCommits(r.dir, excluded)).map((c) => c.sha));
        commits = commits.filter((c) => !hidden.has(c.sha));
      }
    }
    const p = giteaPage(commits, q, url);
    const body = await Promise.all(p.page.map((c) => this.detailed(r, c, q)));
    const headers = {
      ...p.headers,
      "x-total": String(commits.length),
      "x-perpage": String(p.perPage),
      "x-page": String(p.pageNo),
      "x-pagecount": String(p.last),
      "x-hasmore": String(p.pageNo < p.last),
    };
    return { status: 200, op, body, headers };
  }

  /** GET /repos/search?q=: name or description containing q, most stars first. */
  private async search(q: URLSearchParams, url: string): Promise<RouteAnswer> {
    const needle = (q.get("q") ?? "").toLowerCase();
    const hits = this.world.git
      .allRepos()
      .filter((r) => `${r.name} ${r.spec.description ?? ""}`.toLowerCase().includes(needle))
      .sort((a, b) => (b.spec.stargazers ?? 0) - (a.spec.stargazers ?? 0) || a.id - b.id);
    const p = giteaPage(hits, q, url);
    const data = await Promise.all(p.page.map((r) => repoJson(this.ctx, this.world, r)));
    return { status: 200, op: "/repos/search", body: { ok: true, data }, headers: p.headers };
  }

  /** The user's own actions (pushes, creations), newest first, with server-written `created`. */
  private async feed(login: string, q: URLSearchParams, url: string): Promise<RouteAnswer> {
    const op = "/users/{username}/activities/feeds";
    const actor = this.world.git.user(login)!;
    const items: Array<{ at: number; json: Record<string, unknown> }> = [];
    const item = async (id: number, r: SimRepo, at: number, op: string, ref: string, content: string) => ({
      at,
      json: {
        id,
        user_id: actor.id,
        op_type: op,
        act_user_id: actor.id,
        act_user: userJson(this.ctx, actor),
        repo_id: r.id,
        repo: await repoJson(this.ctx, this.world, r),
        comment_id: 0,
        comment: null,
        ref_name: ref,
        is_private: false,
        content,
        created: gtTime(at),
      },
    });
    for (const p of this.world.pushesBy(login)) {
      const r = this.world.git.repoById(p.repoId)!;
      const content = pushContent(r, p, await this.world.git.commits(r));
      items.push(await item(p.id, r, p.at, "commit_repo", `refs/heads/${p.ref}`, content));
    }
    for (const r of this.world.git.reposOf(login))
      items.push(await item(6_000_000 + r.id, r, Date.parse(r.createdAt), "create_repo", "", ""));
    items.sort((a, b) => b.at - a.at);
    const p = giteaPage(items, q, url);
    return { status: 200, op, body: p.page.map((i) => i.json), headers: p.headers };
  }
}
