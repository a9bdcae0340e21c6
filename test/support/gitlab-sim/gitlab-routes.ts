import type { RouteAnswer } from "../forge-sim/forge-server.ts";
import type { ForgeWorld } from "../forge-sim/forge-world.ts";
import { gitlabKeysetPage, gitlabOffsetPage } from "../forge-sim/paging.ts";
import type { SimRepo } from "../github-sim/sim-world.ts";
import { type GitLabContext, gitlabError, projectJson, userBasicJson, userJson } from "./gitlab-json.ts";
import { eventsOf, GitLabProjectRoutes } from "./gitlab-project-routes.ts";

const notFound = (what: string, op?: string): RouteAnswer => ({
  status: 404,
  body: gitlabError(404, `404 ${what} Not Found`),
  ...(op ? { op } : {}),
});

/** GitLab REST v4 over the forge world: users, their projects and events, project search, projects. */
export class GitLabRoutes {
  private projects: GitLabProjectRoutes;

  constructor(
    private world: ForgeWorld,
    private ctx: GitLabContext,
    private now: () => number,
  ) {
    this.projects = new GitLabProjectRoutes(world, ctx, now);
  }

  async handle(path: string, url: URL): Promise<RouteAnswer> {
    const q = url.searchParams;
    const segs = path.replace(/\/+$/, "").split("/").slice(1).map(decodeURIComponent);
    const api = `${this.ctx.origin}/api/v4`;
    if (segs[0] === "users") {
      if (segs.length === 1) {
        const u = this.world.git.user(q.get("username") ?? "");
        return { status: 200, op: "/users", body: u ? [userBasicJson(this.ctx, u)] : [] };
      }
      const u = this.userOf(segs[1]!);
      const op = segs.length === 2 ? "/users/{id}" : `/users/{id}/${segs[2]}`;
      if (!u) return notFound("User", op);
      if (segs.length === 2) return { status: 200, op, body: userJson(this.ctx, u, this.world.publicEmailOf(u.login)) };
      if (segs[2] === "projects" && segs.length === 3) {
        const repos = this.sortProjects(this.world.git.reposOf(u.login), q);
        const body = await Promise.all(repos.map((r) => projectJson(this.ctx, this.world, r)));
        const { page, headers } = gitlabOffsetPage(body, q, `${api}/users/${u.id}/projects`);
        return { status: 200, op, body: page, headers };
      }
      if (segs[2] === "events" && segs.length === 3) {
        const repos = this.world.git.reposOf(u.login);
        const events = await eventsOf(this.world, this.ctx, repos, this.world.pushesBy(u.login), q, this.now());
        const { page, headers } = gitlabOffsetPage(events, q, `${api}/users/${u.id}/events`);
        return { status: 200, op, body: page, headers };
      }
      return notFound("Endpoint");
    }
    if (segs[0] === "projects") {
      if (segs.length === 1) return this.searchProjects(q, `${api}/projects`);
      const r = this.projectOf(segs[1]!);
      if (!r)
        return notFound(
          "Project",
          segs.length === 2
            ? "/projects/{id}"
            : `/projects/{id}/${segs.slice(2).join("/")}`.replace(/\/commits\/[^/]+/, "/commits/{sha}"),
        );
      return this.projects.handle(r, segs.slice(2).map(encodeURIComponent).join("/"), q);
    }
    return notFound("Endpoint");
  }

  /** A user by numeric id or by username (GitLab accepts both where it says :id). */
  private userOf(idOrName: string) {
    if (/^\d+$/.test(idOrName)) {
      const login = this.world.git.loginById(Number(idOrName));
      return login ? this.world.git.user(login) : undefined;
    }
    return this.world.git.user(idOrName);
  }

  /** A project by numeric id or by its URL-encoded path. */
  private projectOf(idOrPath: string): SimRepo | undefined {
    return /^\d+$/.test(idOrPath) ? this.world.git.repoById(Number(idOrPath)) : this.world.git.repo(idOrPath);
  }

  /** order_by: id, name, path, created_at (default), updated_at, last_activity_at; sort desc by default. */
  private sortProjects(repos: SimRepo[], q: URLSearchParams): SimRepo[] {
    const by = q.get("order_by") ?? "created_at";
    const dir = q.get("sort") === "asc" ? 1 : -1;
    const key = (r: SimRepo): string | number =>
      by === "id"
        ? r.id
        : by === "name" || by === "path"
          ? r.name.toLowerCase()
          : by === "updated_at" || by === "last_activity_at"
            ? Date.parse(r.pushedAt)
            : Date.parse(r.createdAt);
    return [...repos].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id) * dir);
  }

  /** GET /projects?search=: name, path or description containing the words; keyset or offset pages. */
  private async searchProjects(q: URLSearchParams, url: string): Promise<RouteAnswer> {
    const words = (q.get("search") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    const hits = this.world.git
      .allRepos()
      .filter((r) => words.every((w) => `${r.name} ${r.spec.description ?? ""}`.toLowerCase().includes(w)));
    const keyset = q.get("pagination") === "keyset";
    const sorted = this.sortProjects(
      hits,
      keyset ? new URLSearchParams({ order_by: "id", sort: q.get("sort") ?? "asc" }) : q,
    );
    const body = await Promise.all(sorted.map((r) => projectJson(this.ctx, this.world, r)));
    const { page, headers } = keyset ? gitlabKeysetPage(body, (p) => p.id, q, url) : gitlabOffsetPage(body, q, url);
    return { status: 200, op: "/projects", body: page, headers };
  }
}
