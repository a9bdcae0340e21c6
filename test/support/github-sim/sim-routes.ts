import { commitJson, errorJson, type JsonContext, minimalRepoJson, userJson } from "./github-json.ts";
import { paginate, type SimAnswer } from "./pagination.ts";
import { RepoRoutes } from "./repo-routes.ts";
import type { RateWindow } from "./sim-controls.ts";
import type { SimRepo, SimWorld } from "./sim-world.ts";

const DOCS = "https://docs.github.com/rest";

/** Every endpoint the simulator serves, dispatched by path. Unknown paths answer GitHub's 404. */
export class SimRoutes {
  private repoRoutes: RepoRoutes;

  constructor(
    private world: SimWorld,
    private ctx: JsonContext,
  ) {
    this.repoRoutes = new RepoRoutes(world, ctx);
  }

  async handle(method: string, url: URL, rate: () => RateWindow): Promise<SimAnswer> {
    if (method !== "GET" && method !== "HEAD") return { status: 404, body: errorJson(404, "Not Found", DOCS) };
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const q = url.searchParams;
    if (path === "/rate_limit") return this.rateLimit(rate());

    let m = path.match(/^\/users\/([^/]+)$/);
    if (m) {
      const u = this.world.userView(decodeURIComponent(m[1]!));
      if (!u) return { status: 404, body: errorJson(404, "Not Found", `${DOCS}/users/users#get-a-user`) };
      return { status: 200, body: userJson(this.ctx, u) };
    }
    m = path.match(/^\/user\/(\d+)$/);
    if (m) {
      const login = this.world.loginById(Number(m[1]));
      const u = login ? this.world.userView(login) : undefined;
      if (!u)
        return { status: 404, body: errorJson(404, "Not Found", `${DOCS}/users/users#get-a-user-using-their-id`) };
      return { status: 200, body: userJson(this.ctx, u) };
    }
    if (path === "/search/repositories") return this.searchRepos(q);
    if (path === "/search/commits") return this.searchCommits(q);
    m = path.match(/^\/users\/([^/]+)\/repos$/);
    if (m) return this.userRepos(decodeURIComponent(m[1]!), q);
    m = path.match(/^\/user\/(\d+)\/repos$/);
    if (m) {
      const login = this.world.loginById(Number(m[1]));
      if (!login) return { status: 404, body: errorJson(404, "Not Found", DOCS) };
      return this.userRepos(login, q);
    }

    m = path.match(/^\/repositories\/(\d+)(?:\/(.*))?$/);
    if (m) {
      const repo = this.world.repoById(Number(m[1]));
      if (!repo) return { status: 404, body: errorJson(404, "Not Found", DOCS) };
      return this.repoRoutes.handle(repo, m[2] ?? "", q);
    }
    m = path.match(/^\/repos\/([^/]+)\/([^/]+)(?:\/(.*))?$/);
    if (m) {
      const full = `${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!)}`;
      const rest = m[3] ?? "";
      const repo = this.world.repo(full);
      if (repo) return this.repoRoutes.handle(repo, rest, q);
      const moved = this.world.redirectOf(full);
      if (moved) return this.moved(moved, rest, url.search);
      return { status: 404, body: errorJson(404, "Not Found", `${DOCS}/repos/repos#get-a-repository`) };
    }
    return { status: 404, body: errorJson(404, "Not Found", DOCS) };
  }

  /** A renamed or transferred repository: 301 to /repositories/{id}/..., as GitHub answers. */
  private moved(repo: SimRepo, rest: string, search: string): SimAnswer {
    const location = `${this.ctx.api}/repositories/${repo.id}${rest ? `/${rest}` : ""}${search}`;
    return {
      status: 301,
      body: {
        message: "Moved Permanently",
        url: location,
        documentation_url: "https://docs.github.com/v3/#http-redirects",
      },
      headers: { location },
    };
  }

  private async userRepos(login: string, q: URLSearchParams): Promise<SimAnswer> {
    const owner = this.world.userView(login);
    if (!owner)
      return { status: 404, body: errorJson(404, "Not Found", `${DOCS}/repos/repos#list-repositories-for-a-user`) };
    const sort = q.get("sort") ?? "full_name";
    const direction = q.get("direction") ?? (sort === "full_name" ? "asc" : "desc");
    const views = await Promise.all(this.world.reposOf(owner.login).map((r) => this.world.repoView(r)));
    const keyOf = (v: (typeof views)[number]) =>
      sort === "created"
        ? v.createdAt
        : sort === "updated"
          ? v.updatedAt
          : sort === "pushed"
            ? v.pushedAt
            : `${v.owner.login}/${v.name}`.toLowerCase();
    views.sort(
      (a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : a.id - b.id) * (direction === "desc" ? -1 : 1),
    );
    const { page, link } = paginate(views, q, `${this.ctx.api}/user/${owner.id}/repos`);
    const headers: Record<string, string> = link ? { link } : {};
    return { status: 200, body: page.map((v) => minimalRepoJson(this.ctx, v)), headers };
  }

  /**
   * GET /search/repositories: free-text terms matched against name (in:name) and/or description
   * (in:description; both by default) and/or the README's text (in:readme), `fork:false`, `user:`;
   * sorted by stars (desc) then name.
   */
  private async searchRepos(q: URLSearchParams): Promise<SimAnswer> {
    const query = q.get("q") ?? "";
    const tokens = query.match(/"[^"]*"|\S+/g) ?? [];
    const quals = new Map<string, string[]>();
    const words: string[] = [];
    for (const t of tokens) {
      const m = t.match(/^([a-z]+):(.+)$/i);
      if (m) quals.set(m[1]!.toLowerCase(), [...(quals.get(m[1]!.toLowerCase()) ?? []), m[2]!.toLowerCase()]);
      else words.push(t.replace(/"/g, "").toLowerCase());
    }
    if (words.length === 0 && quals.size === 0)
      return { status: 422, body: errorJson(422, "Validation Failed", `${DOCS}/search/search#search-repositories`) };
    const where = quals.get("in") ?? ["name", "description"];
    // the words must be in the name or description: only those repositories need a full view
    const text = (r: SimRepo) =>
      [where.includes("name") ? r.name : "", where.includes("description") ? (r.spec.description ?? "") : ""]
        .join(" ")
        .toLowerCase();
    const readmes = where.includes("readme")
      ? new Map(await Promise.all(this.world.allRepos().map(async (r) => [r.id, await this.world.readme(r)] as const)))
      : new Map<number, string>();
    const near = this.world
      .allRepos()
      .filter((r) => words.every((w) => `${text(r)} ${(readmes.get(r.id) ?? "").toLowerCase()}`.includes(w)));
    const views = await Promise.all(near.map((r) => this.world.repoView(r)));
    const hits = views.filter((v) => {
      if (quals.get("fork")?.includes("false") && v.fork) return false;
      const user = quals.get("user");
      if (user && !user.includes(v.owner.login.toLowerCase())) return false;
      const text = [
        where.includes("name") ? v.name : "",
        where.includes("description") ? (v.description ?? "") : "",
        readmes.get(v.id) ?? "",
      ]
        .join(" ")
        .toLowerCase();
      return words.every((w) => text.includes(w));
    });
    hits.sort((a, b) => b.stargazers - a.stargazers || a.name.localeCompare(b.name) || a.id - b.id);
    const { page, link } = paginate(hits, q, `${this.ctx.api}/search/repositories`);
    return {
      status: 200,
      body: {
        total_count: hits.length,
        incomplete_results: false,
        items: page.map((v) => ({ ...minimalRepoJson(this.ctx, v), score: 1 })),
      },
      headers: link ? { link } : {},
    };
  }

  /**
   * GET /search/commits with a `hash:<sha>` qualifier (the only one served): the commit in every
   * repository whose default branch holds it, oldest repository first, each with its repository.
   */
  private async searchCommits(q: URLSearchParams): Promise<SimAnswer> {
    const hash = /(?:^|\s)hash:([0-9a-f]{7,40})(?:\s|$)/i.exec(q.get("q") ?? "")?.[1]?.toLowerCase();
    if (!hash)
      return { status: 422, body: errorJson(422, "Validation Failed", `${DOCS}/search/search#search-commits`) };
    const accountOf = (e: string) => this.world.accountOf(e);
    const found: Array<{ created: string; item: Record<string, unknown> }> = [];
    for (const repo of this.world.allRepos()) {
      if (repo.blocked) continue;
      const c = (await this.world.commits(repo)).find((x) => x.sha.startsWith(hash));
      if (!c) continue;
      const view = await this.world.repoView(repo);
      const item = { ...commitJson(this.ctx, `${repo.owner}/${repo.name}`, c, accountOf), score: 1 };
      found.push({ created: view.createdAt, item: { ...item, repository: minimalRepoJson(this.ctx, view) } });
    }
    found.sort((a, b) => a.created.localeCompare(b.created));
    const items = found.map((f) => f.item);
    const { page, link } = paginate(items, q, `${this.ctx.api}/search/commits`);
    return {
      status: 200,
      body: { total_count: items.length, incomplete_results: false, items: page },
      headers: link ? { link } : {},
    };
  }

  private rateLimit(w: RateWindow): SimAnswer {
    const core = { limit: w.limit, remaining: w.remaining, reset: Math.floor(w.resetAt / 1000), used: w.used };
    const other = (limit: number) => ({ limit, remaining: limit, reset: core.reset, used: 0 });
    return {
      status: 200,
      body: {
        resources: { core, search: other(30), graphql: other(w.limit) },
        rate: core,
      },
    };
  }
}
