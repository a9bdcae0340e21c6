import {
  commitsBetween,
  type GitCommitRecord,
  mergeBase,
  readBlob,
  readChanges,
  readCommits,
  readLineCounts,
  readPathObject,
  readTree,
  readTreeRecursive,
  resolveCommit,
} from "./git-reader.ts";
import { git } from "./git-writer.ts";
import {
  commitDetailJson,
  commitJson,
  contentJson,
  errorJson,
  filesJson,
  fullRepoJson,
  type JsonContext,
  simpleUserJson,
} from "./github-json.ts";
import { pageParams, paginate, type SimAnswer } from "./pagination.ts";
import type { SimRepo, SimWorld } from "./sim-world.ts";

const DOCS = "https://docs.github.com/rest";
const notFound = (doc = `${DOCS}/repos/repos#get-a-repository`): SimAnswer => ({
  status: 404,
  body: errorJson(404, "Not Found", doc),
});
const emptyRepo = (): SimAnswer => ({
  status: 409,
  body: errorJson(409, "Git Repository is empty.", `${DOCS}/commits/commits#list-commits`),
});

/**
 * The /repos/{owner}/{repo}/... endpoints over one repository's real git data. `rest` is the path after
 * the repository ("" for the repository itself).
 */
export class RepoRoutes {
  /** repositories whose contributor statistics have been "computed" (first request answers 202) */
  private statsReady = new Set<string>();
  /** line counts per repository head: one `git log --numstat` per history, not one per request */
  private lineCache = new Map<string, Promise<Map<string, { additions: number; deletions: number }>>>();

  constructor(
    private world: SimWorld,
    private ctx: JsonContext,
  ) {}

  async handle(repo: SimRepo, rest: string, query: URLSearchParams): Promise<SimAnswer> {
    const full = `${repo.owner}/${repo.name}`;
    if (repo.blocked)
      return {
        status: 451,
        body: {
          message: "Repository access blocked",
          block: { reason: "dmca", created_at: repo.pushedAt, html_url: `${this.ctx.html}/github/dmca` },
          documentation_url: `${DOCS}/repos/repos#get-a-repository`,
        },
      };
    if (rest === "") return { status: 200, body: fullRepoJson(this.ctx, await this.world.repoView(repo)) };
    if (rest === "commits") return this.listCommits(repo, full, query);
    if (rest.startsWith("commits/")) return this.getCommit(repo, full, decodeURIComponent(rest.slice(8)));
    if (rest.startsWith("compare/")) return this.compare(repo, full, decodeURIComponent(rest.slice(8)), query);
    if (rest === "languages") return { status: 200, body: await this.world.languages(repo) };
    if (rest === "contents" || rest.startsWith("contents/")) {
      return this.contents(repo, full, decodeURIComponent(rest.slice(9)).replace(/^\/+|\/+$/g, ""), query);
    }
    if (rest === "readme") return this.readme(repo, full, query);
    if (rest === "stats/contributors") return this.contributors(repo);
    if (rest.startsWith("git/trees/")) return this.gitTree(repo, full, decodeURIComponent(rest.slice(10)));
    return notFound(DOCS);
  }

  private async listCommits(repo: SimRepo, full: string, query: URLSearchParams): Promise<SimAnswer> {
    const head = await this.world.commits(repo);
    if (head.length === 0) return emptyRepo();
    let commits: GitCommitRecord[] = head;
    const sha = query.get("sha");
    if (sha) {
      const resolved = await resolveCommit(repo.dir, sha);
      if (!resolved) return notFound(`${DOCS}/commits/commits#list-commits`);
      commits = resolved === head[0]!.sha ? head : await readCommits(repo.dir, resolved);
    }
    const path = query.get("path");
    if (path) {
      const touching = new Set(
        (await git(["log", "--format=%H", commits[0]!.sha, "--", path], { cwd: repo.dir })).split("\n").filter(Boolean),
      );
      commits = commits.filter((c) => touching.has(c.sha));
    }
    const author = query.get("author");
    if (author) commits = commits.filter((c) => this.identityMatches(author, c.authorEmail));
    const committer = query.get("committer");
    if (committer) commits = commits.filter((c) => this.identityMatches(committer, c.committerEmail));
    const since = Date.parse(query.get("since") ?? "");
    if (Number.isFinite(since)) commits = commits.filter((c) => c.committerDate * 1000 >= since);
    const until = Date.parse(query.get("until") ?? "");
    if (Number.isFinite(until)) commits = commits.filter((c) => c.committerDate * 1000 <= until);
    // GitHub's author= listings can announce a last page that comes back empty: pad with phantom entries
    const { perPage } = pageParams(query);
    const padded: Array<GitCommitRecord | null> =
      author && repo.spec.inexactAuthorPaging && commits.length > perPage
        ? [...commits, ...Array<null>(perPage).fill(null)]
        : commits;
    const paged = paginate(padded, query, `${this.ctx.api}/repositories/${repo.id}/commits`);
    const page = paged.page.filter((c): c is GitCommitRecord => c !== null);
    const link = paged.link;
    const accountOf = (e: string) => this.world.accountOf(e);
    return {
      status: 200,
      body: page.map((c) => commitJson(this.ctx, full, c, accountOf)),
      headers: link ? { link } : {},
    };
  }

  /** GitHub's author=/committer= filter: a login (any email linked to it) or a literal email. */
  private identityMatches(who: string, email: string): boolean {
    if (this.world.hasUser(who)) return this.world.accountOf(email)?.login.toLowerCase() === who.toLowerCase();
    return email.toLowerCase() === who.toLowerCase();
  }

  private async record(dir: string, sha: string): Promise<GitCommitRecord | undefined> {
    return (await readCommits(dir, sha, 1))[0];
  }

  private async getCommit(repo: SimRepo, full: string, ref: string): Promise<SimAnswer> {
    if ((await this.world.commits(repo)).length === 0) return emptyRepo();
    const sha = await resolveCommit(repo.dir, ref);
    if (!sha)
      return {
        status: 422,
        body: { message: `No commit found for SHA: ${ref}`, documentation_url: `${DOCS}/commits/commits#get-a-commit` },
      };
    const c = (await this.world.commits(repo)).find((x) => x.sha === sha) ?? (await this.record(repo.dir, sha));
    if (!c) return notFound(`${DOCS}/commits/commits#get-a-commit`);
    const files = await readChanges(repo.dir, c.sha, c.parents[0]);
    const changed = files.reduce((n, f) => n + f.additions + f.deletions, 0);
    const limit = repo.spec.diffTimeoutAbove;
    if (repo.unrenderable.has(c.sha) || (limit !== undefined && changed > limit))
      return {
        status: 500,
        body: errorJson(
          500,
          "Server Error: this diff is taking too long to generate.",
          `${DOCS}/commits/commits#get-a-commit`,
        ),
      };
    return { status: 200, body: commitDetailJson(this.ctx, full, c, files, (e) => this.world.accountOf(e)) };
  }

  /** "owner:ref" names a ref in another repository of the same fork network. */
  private sideOf(repo: SimRepo, spec: string): { repo: SimRepo; ref: string } | null {
    const i = spec.indexOf(":");
    if (i < 0) return { repo, ref: spec };
    const owner = spec.slice(0, i);
    const root = this.networkRoot(repo);
    const other = this.world.reposOf(owner).find((r) => this.networkRoot(r) === root);
    return other ? { repo: other, ref: spec.slice(i + 1) } : null;
  }

  private networkRoot(repo: SimRepo): number {
    let r: SimRepo | undefined = repo;
    for (let i = 0; r?.forkOf && i < 10; i++) r = this.world.repo(r.forkOf);
    return r?.id ?? repo.id;
  }

  private async compare(repo: SimRepo, full: string, basehead: string, query: URLSearchParams): Promise<SimAnswer> {
    const doc = `${DOCS}/commits/commits#compare-two-commits`;
    const parts = basehead.split("...");
    if (parts.length !== 2) return notFound(doc);
    const base = this.sideOf(repo, parts[0]!);
    const head = this.sideOf(repo, parts[1]!);
    if (!base || !head) return notFound(doc);
    const baseSha = await resolveCommit(base.repo.dir, base.ref);
    const headSha = await resolveCommit(head.repo.dir, head.ref);
    if (!baseSha || !headSha) return notFound(doc);
    // a fork holds its parent's objects (alternates): run git where both commits are visible
    const dir = head.repo.forkOf ? head.repo.dir : base.repo.forkOf ? base.repo.dir : repo.dir;
    const mb = await mergeBase(dir, baseSha, headSha);
    if (!mb)
      return { status: 404, body: errorJson(404, `No common ancestor between ${parts[0]} and ${parts[1]}.`, doc) };
    const ahead = await commitsBetween(dir, baseSha, headSha);
    const behind = await commitsBetween(dir, headSha, baseSha);
    const paged = query.has("per_page") || query.has("page");
    // unpaged: the first 250 commits; paged: per_page default 30, max 100 (GitHub's description)
    const { perPage, page } = paged ? pageParams(query, 30, 100) : { perPage: 250, page: 1 };
    const pageShas = ahead.slice((page - 1) * perPage, page * perPage);
    const records = await Promise.all(pageShas.map((s) => this.record(dir, s)));
    const accountOf = (e: string) => this.world.accountOf(e);
    const url = `${this.ctx.api}/repos/${full}/compare/${basehead}`;
    const html = `${this.ctx.html}/${full}/compare/${basehead}`;
    const status =
      ahead.length && behind.length ? "diverged" : ahead.length ? "ahead" : behind.length ? "behind" : "identical";
    const body = {
      url,
      html_url: html,
      permalink_url: `${this.ctx.html}/${full}/compare/${base.repo.owner}:${baseSha.slice(0, 7)}...${head.repo.owner}:${headSha.slice(0, 7)}`,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      base_commit: commitJson(this.ctx, full, (await this.record(dir, baseSha))!, accountOf),
      merge_base_commit: commitJson(this.ctx, full, (await this.record(dir, mb))!, accountOf),
      status,
      ahead_by: ahead.length,
      behind_by: behind.length,
      total_commits: ahead.length,
      commits: records.filter((r): r is GitCommitRecord => !!r).map((c) => commitJson(this.ctx, full, c, accountOf)),
      files: page === 1 ? filesJson(this.ctx, full, headSha, (await readChanges(dir, headSha, mb)).slice(0, 300)) : [],
    };
    const headers: Record<string, string> = {};
    if (paged) {
      const { link } = paginate(ahead, query, `${this.ctx.api}/repositories/${repo.id}/compare/${basehead}`, 30);
      if (link) headers.link = link;
    }
    return { status: 200, body, headers };
  }

  /** GET /readme: the root README (any case, any extension) of `ref` or the default branch, as /contents answers it. */
  private async readme(repo: SimRepo, full: string, query: URLSearchParams): Promise<SimAnswer> {
    const doc = `${DOCS}/repos/contents#get-a-repository-readme`;
    const commit = await resolveCommit(repo.dir, query.get("ref") ?? repo.defaultBranch);
    const entries = commit ? ((await readTree(repo.dir, commit, "")) ?? []) : [];
    const file = entries.find((e) => e.type === "blob" && /^readme(\.|$)/i.test(e.name));
    if (!file) return notFound(doc);
    return this.contents(repo, full, file.name, query);
  }

  private async contents(repo: SimRepo, full: string, path: string, query: URLSearchParams): Promise<SimAnswer> {
    const doc = `${DOCS}/repos/contents#get-repository-content`;
    const commits = await this.world.commits(repo);
    if (commits.length === 0) return { status: 404, body: errorJson(404, "This repository is empty.", doc) };
    const ref = query.get("ref") ?? repo.defaultBranch;
    const commit = await resolveCommit(repo.dir, ref);
    if (!commit) return { status: 404, body: errorJson(404, `No commit found for the ref ${ref}`, doc) };
    const kindOf = (t: string) =>
      (t === "tree" ? "dir" : t === "commit" ? "submodule" : "file") as "dir" | "file" | "submodule";
    const obj = path === "" ? { type: "tree", sha: "", size: 0 } : await readPathObject(repo.dir, commit, path);
    if (!obj) return notFound(doc);
    if (obj.type === "tree") {
      const entries = (await readTree(repo.dir, commit, path)) ?? [];
      return {
        status: 200,
        body: entries.map((e) =>
          contentJson(this.ctx, full, ref, {
            path: path ? `${path}/${e.name}` : e.name,
            type: kindOf(e.type),
            sha: e.sha,
            size: e.size,
          }),
        ),
      };
    }
    const bytes = await readBlob(repo.dir, obj.sha);
    return {
      status: 200,
      body: contentJson(this.ctx, full, ref, { path, type: "file", sha: obj.sha, size: obj.size }, bytes),
    };
  }

  /** GET /git/trees/{sha}?recursive=1: every blob of the tree with its sha (GitHub truncates past 100,000). */
  private async gitTree(repo: SimRepo, full: string, sha: string): Promise<SimAnswer> {
    const entries = await readTreeRecursive(repo.dir, sha);
    if (!entries) return notFound(`${DOCS}/git/trees#get-a-tree`);
    const base = `${this.ctx.api}/repos/${full}/git`;
    return {
      status: 200,
      body: {
        sha,
        url: `${base}/trees/${sha}`,
        tree: entries.map((e) => ({
          path: e.name,
          mode: e.mode,
          type: e.type,
          sha: e.sha,
          ...(e.type === "blob" ? { size: e.size } : {}),
          url: `${base}/${e.type === "blob" ? "blobs" : "trees"}/${e.sha}`,
        })),
        truncated: false,
      },
    };
  }

  /** 202 on the first request while GitHub "computes", then weekly totals per linked author. */
  private async contributors(repo: SimRepo): Promise<SimAnswer> {
    const commits = await this.world.commits(repo);
    if (commits.length === 0) return { status: 204 };
    const key = `${repo.id}:${commits[0]!.sha}`;
    if (repo.statsPending > 0) {
      repo.statsPending--;
      this.statsReady.add(key);
      return { status: 202, body: {} };
    }
    if (!this.statsReady.has(key)) {
      this.statsReady.add(key);
      return { status: 202, body: {} };
    }
    const huge = commits.length >= 10_000;
    let pending = this.lineCache.get(key);
    if (!pending) {
      pending = huge ? Promise.resolve(new Map()) : readLineCounts(repo.dir, `refs/heads/${repo.defaultBranch}`);
      this.lineCache.set(key, pending);
    }
    const lines = await pending;
    const WEEK = 7 * 86_400;
    const weekOf = (t: number) => {
      const day = Math.floor(t / 86_400);
      return (day - ((day + 4) % 7)) * 86_400; // Sunday 00:00 UTC (1970-01-01 was a Thursday)
    };
    const first = weekOf(Math.min(...commits.map((c) => c.authorDate)));
    const last = weekOf(Math.max(...commits.map((c) => c.authorDate)));
    const byAuthor = new Map<
      string,
      { account: { login: string; id: number; type: string }; weeks: Map<number, { a: number; d: number; c: number }> }
    >();
    for (const c of commits) {
      if (c.parents.length > 1) continue; // GitHub's contributor statistics leave merge commits out
      const account = this.world.accountOf(c.authorEmail);
      if (!account) continue;
      let entry = byAuthor.get(account.login);
      if (!entry) {
        entry = { account, weeks: new Map() };
        byAuthor.set(account.login, entry);
      }
      const w = weekOf(c.authorDate);
      const slot = entry.weeks.get(w) ?? { a: 0, d: 0, c: 0 };
      const n = lines.get(c.sha);
      // GitHub: repositories with 10,000 or more commits get zeros for additions and deletions
      slot.a += huge ? 0 : (n?.additions ?? 0);
      slot.d += huge ? 0 : (n?.deletions ?? 0);
      slot.c += 1;
      entry.weeks.set(w, slot);
    }
    const body = [...byAuthor.values()]
      .map(({ account, weeks }) => {
        const series = [];
        for (let w = first; w <= last; w += WEEK) series.push({ w, ...(weeks.get(w) ?? { a: 0, d: 0, c: 0 }) });
        return { author: simpleUserJson(this.ctx, account), total: series.reduce((n, s) => n + s.c, 0), weeks: series };
      })
      .sort((a, b) => a.total - b.total);
    return { status: 200, body };
  }
}
