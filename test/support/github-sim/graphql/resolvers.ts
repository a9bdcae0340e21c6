import { type GitCommitRecord, readBlob, readCommits, readTree, resolveCommit } from "../git-reader.ts";
import { git } from "../git-writer.ts";
import { ghDate, type SimRepoView } from "../github-json.ts";
import type { SimRepo, SimWorld } from "../sim-world.ts";

/**
 * The subset of GitHub's GraphQL API the client uses, as plain objects for graphql-js's default resolver
 * (a function property is called with the field's arguments): repositoryOwner/user/repository, a user's
 * repositories, a repository's languages, topics, parent, default branch, objects by expression (trees,
 * blobs, commits), commit history with exact line counts, and rateLimit. Answers come from the same
 * real git repositories as the REST routes, so both APIs describe one world.
 */

type Args = Record<string, unknown>;
const userNodeId = (id: number) => `U_sim${id}`;
const userIdOf = (nodeId: unknown): number | null => {
  const m = typeof nodeId === "string" ? nodeId.match(/^U_sim(\d+)$/) : null;
  return m ? Number(m[1]) : null;
};

interface Lines {
  additions: number;
  deletions: number;
  files: number;
}

/** Per repository and anchor: additions, deletions and changed files of every commit, one `git log --numstat`. */
const lineCache = new WeakMap<SimRepo, Map<string, Promise<Map<string, Lines>>>>();
async function linesOf(repo: SimRepo, anchor: string, sha: string): Promise<Lines> {
  const byAnchor = lineCache.get(repo) ?? new Map<string, Promise<Map<string, Lines>>>();
  lineCache.set(repo, byAnchor);
  let p = byAnchor.get(anchor);
  if (!p) {
    p = git(["log", "--format=%x1e%H", "--numstat", "--no-renames", anchor, "--"], { cwd: repo.dir }).then((out) => {
      const known = new Map<string, Lines>();
      for (const block of out.split("\x1e")) {
        const lines = block.split("\n").filter(Boolean);
        const id = lines.shift();
        if (!id) continue;
        let additions = 0;
        let deletions = 0;
        for (const l of lines) {
          const [a, d] = l.split("\t");
          if (a !== "-") additions += Number(a);
          if (d !== "-") deletions += Number(d);
        }
        known.set(id, { additions, deletions, files: lines.length });
      }
      return known;
    });
    byAnchor.set(anchor, p);
  }
  return (await p).get(sha) ?? { additions: 0, deletions: 0, files: 0 };
}

/** Trees of a commit never change: one `git ls-tree` per (commit, path), shared by every query. */
const treeCache = new WeakMap<SimRepo, Map<string, ReturnType<typeof readTree>>>();
function treeOf(repo: SimRepo, commit: string, path: string): ReturnType<typeof readTree> {
  const trees = treeCache.get(repo) ?? new Map<string, ReturnType<typeof readTree>>();
  treeCache.set(repo, trees);
  const key = `${commit}:${path}`;
  let p = trees.get(key);
  if (!p) {
    p = readTree(repo.dir, commit, path);
    trees.set(key, p);
  }
  return p;
}

/**
 * What a full SHA names never changes (git is content-addressed): the commit it resolves to, the history from
 * it, a blob's bytes. Read once per repository and shared by every query, so a query pays its `git` processes
 * once, not on every answer (each spawn also holds the simulator's event loop for its start).
 */
const shaCache = new WeakMap<SimRepo, Map<string, Promise<unknown>>>();
function bySha<T>(repo: SimRepo, key: string, read: () => Promise<T>): Promise<T> {
  const known = shaCache.get(repo) ?? new Map<string, Promise<unknown>>();
  shaCache.set(repo, known);
  let p = known.get(key) as Promise<T> | undefined;
  if (!p) {
    p = read();
    known.set(key, p);
    // a failed read, or a SHA not (yet) in the repository, is not remembered: a push may bring it
    p.then(
      (v) => (v === null || v === undefined) && known.delete(key),
      () => known.delete(key),
    );
  }
  return p;
}
/** a full SHA, also with ancestry steps ("<sha>~100"), names one commit for ever */
const FIXED_REV = /^[0-9a-f]{40}(?:[~^]\d*)*$/;
const resolveRev = (repo: SimRepo, rev: string) =>
  FIXED_REV.test(rev) ? bySha(repo, `rev ${rev}`, () => resolveCommit(repo.dir, rev)) : resolveCommit(repo.dir, rev);
const historyFrom = (repo: SimRepo, sha: string) => bySha(repo, `log ${sha}`, () => readCommits(repo.dir, sha));
const commitRecord = (repo: SimRepo, sha: string) =>
  bySha(repo, `commit ${sha}`, async () => (await readCommits(repo.dir, sha, 1))[0]);
const blobBytes = (repo: SimRepo, sha: string) => bySha(repo, `blob ${sha}`, () => readBlob(repo.dir, sha));

/**
 * rev-parse's ancestry steps over the commits read from the head (no git process): "~N" walks N first
 * parents, "^N" takes the Nth parent ("~" and "^" alone: 1). Null when a step leaves the history.
 */
const commitMaps = new WeakMap<readonly GitCommitRecord[], Map<string, GitCommitRecord>>();
function commitMap(commits: readonly GitCommitRecord[]): Map<string, GitCommitRecord> {
  const bySha = commitMaps.get(commits) ?? new Map(commits.map((c) => [c.sha, c]));
  commitMaps.set(commits, bySha);
  return bySha;
}
function ancestorOf(bySha: Map<string, GitCommitRecord>, from: string, steps: string): string | null {
  let at: string | undefined = from;
  for (const [, op, n] of steps.matchAll(/([~^])(\d*)/g)) {
    const count = n === "" ? 1 : Number(n);
    if (op === "^") at = count === 0 ? at : bySha.get(at ?? "")?.parents[count - 1];
    else for (let i = 0; i < count && at; i++) at = bySha.get(at)?.parents[0];
    if (!at) return null;
  }
  return at ?? null;
}

/** GitHub answers a missing repository with null data beside an error of type NOT_FOUND (the rest answers). */
const notFound = (message: string) => Object.assign(new Error(message), { type: "NOT_FOUND" });

export class GraphqlWorld {
  constructor(private world: SimWorld) {}

  /** The root value: Query's fields. */
  root(rate: () => Record<string, unknown>) {
    return {
      repositoryOwner: ({ login }: Args) => this.owner(String(login)),
      user: ({ login }: Args) => {
        const o = this.owner(String(login));
        return o?.__typename === "User" ? o : null;
      },
      organization: ({ login }: Args) => {
        const o = this.owner(String(login));
        return o?.__typename === "Organization" ? o : null;
      },
      repository: ({ owner, name }: Args) => {
        const full = `${owner}/${name}`;
        const repo = this.world.repo(full) ?? this.world.redirectOf(full);
        if (!repo) throw notFound(`Could not resolve to a Repository with the name '${full}'.`);
        return repo.blocked ? null : this.repository(repo);
      },
      rateLimit: () => rate(),
    };
  }

  private owner(login: string) {
    const u = this.world.userView(login);
    if (!u || u.type === "Bot") return null;
    return {
      __typename: u.type === "Organization" ? "Organization" : "User",
      id: userNodeId(u.id),
      databaseId: u.id,
      login: u.login,
      name: u.name,
      createdAt: u.createdAt,
      repositories: async (args: Args) => {
        let repos = this.world.reposOf(u.login);
        if (args.isFork === false) repos = repos.filter((r) => !r.forkOf);
        const views = await Promise.all(repos.map((r) => this.world.repoView(r)));
        views.sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1) || a.id - b.id);
        return this.page(
          views.map((v) => this.repository(this.world.repo(`${v.owner.login}/${v.name}`)!, v)),
          args,
        );
      },
    };
  }

  private page<T>(all: T[], args: Args, cursorOf: (i: number) => string = (i) => `cursor:${i}`) {
    const first = Math.min(100, Number(args.first ?? 100));
    const start = typeof args.after === "string" ? Number(args.after.split(/[: ]/).pop()) + 1 : 0;
    const nodes = all.slice(start, start + first);
    const end = start + nodes.length - 1;
    return {
      totalCount: all.length,
      nodes,
      edges: nodes.map((node, i) => ({ node, cursor: cursorOf(start + i) })),
      pageInfo: {
        hasNextPage: end < all.length - 1,
        hasPreviousPage: start > 0,
        endCursor: nodes.length ? cursorOf(end) : null,
        startCursor: nodes.length ? cursorOf(start) : null,
      },
    };
  }

  private repository(repo: SimRepo, known?: SimRepoView) {
    const view = () => (known ? Promise.resolve(known) : this.world.repoView(repo));
    const head = async () => (await this.world.commits(repo))[0];
    return {
      __typename: "Repository",
      id: `R_sim${repo.id}`,
      databaseId: repo.id,
      name: repo.name,
      nameWithOwner: `${repo.owner}/${repo.name}`,
      owner: () => this.owner(repo.owner),
      description: repo.spec.description ?? null,
      homepageUrl: repo.spec.homepage ?? null,
      isFork: Boolean(repo.forkOf),
      isArchived: repo.spec.archived ?? false,
      isEmpty: async () => !(await head()),
      createdAt: repo.createdAt,
      pushedAt: () => repo.pushedAt,
      updatedAt: () => repo.pushedAt,
      stargazerCount: repo.spec.stargazers ?? 0,
      diskUsage: async () => (await view()).size,
      primaryLanguage: async () => {
        const l = (await view()).language;
        return l ? { name: l } : null;
      },
      repositoryTopics: (args: Args) =>
        this.page(
          (repo.spec.topics ?? []).map((name) => ({ topic: { name } })),
          args,
        ),
      languages: async (args: Args) => {
        const langs = Object.entries(await this.world.languages(repo));
        const p = this.page(
          langs.map(([name]) => ({ name })),
          args,
        );
        return {
          ...p,
          totalSize: langs.reduce((s, [, n]) => s + n, 0),
          edges: p.edges.map((e) => ({ ...e, size: Object.fromEntries(langs)[e.node.name] ?? 0 })),
        };
      },
      parent: () => {
        const p = repo.forkOf ? this.world.repo(repo.forkOf) : undefined;
        return p ? this.repository(p) : null;
      },
      defaultBranchRef: async () => {
        const h = await head();
        return h ? { name: repo.defaultBranch, prefix: "refs/heads/", target: this.commit(repo, h, h.sha) } : null;
      },
      object: async ({ expression, oid }: Args) =>
        this.object(repo, typeof oid === "string" ? oid : String(expression ?? "")),
    };
  }

  /**
   * `object(expression:)`: "REV", "REV:" (root tree) or "REV:path" (a tree or a blob); REV "HEAD" = default
   * branch, with rev-parse's ancestry steps ("HEAD~100": the 100th first parent).
   */
  private async object(repo: SimRepo, expression: string) {
    const i = expression.indexOf(":");
    const rev = (i < 0 ? expression : expression.slice(0, i)) || "HEAD";
    const commits = await this.world.commits(repo);
    if (commits.length === 0) return null;
    // HEAD is the default branch as the world shows it now, also under ancestry steps ("HEAD~100")
    const steps = /^(HEAD|[0-9a-f]{40})((?:[~^]\d*)+)$/.exec(rev);
    const from = steps && (steps[1] === "HEAD" ? commits[0]!.sha : steps[1]!);
    const bySha = steps ? commitMap(commits) : undefined;
    const sha =
      rev === "HEAD"
        ? commits[0]!.sha
        : steps && from && bySha?.has(from)
          ? ancestorOf(bySha, from, steps[2]!)
          : await resolveRev(repo, rev);
    if (!sha) return null;
    if (i < 0) {
      const rec = commits.find((c) => c.sha === sha) ?? (await commitRecord(repo, sha));
      return rec ? this.commit(repo, rec, sha) : null;
    }
    const path = expression.slice(i + 1).replace(/^\/+|\/+$/g, "");
    if (path === "") return this.tree(repo, sha, "");
    const parent = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    const entry = (await treeOf(repo, sha, parent))?.find((e) => e.name === path.slice(path.lastIndexOf("/") + 1));
    if (!entry) return null;
    if (entry.type === "tree") return this.tree(repo, sha, path);
    if (entry.type !== "blob") return null;
    return {
      __typename: "Blob",
      oid: entry.sha,
      byteSize: entry.size,
      isBinary: false,
      isTruncated: false,
      text: async () => new TextDecoder().decode(await blobBytes(repo, entry.sha)),
    };
  }

  private async tree(repo: SimRepo, commit: string, path: string) {
    const entries = (await treeOf(repo, commit, path)) ?? [];
    const oid =
      path === ""
        ? ((await this.world.commits(repo)).find((c) => c.sha === commit) ?? (await commitRecord(repo, commit)))?.tree
        : undefined;
    return {
      __typename: "Tree",
      oid: oid ?? "",
      entries: entries.map((e) => ({
        name: e.name,
        type: e.type,
        oid: e.sha,
        path: path ? `${path}/${e.name}` : e.name,
      })),
    };
  }

  private actor(name: string, email: string, date: number) {
    const account = this.world.accountOf(email);
    // GitActor.user is a User: bots and organisations are not users on GitHub's GraphQL
    const user = account && account.type === "User" ? this.owner(account.login) : null;
    return { name, email, date: ghDate(date), user };
  }

  private commit(repo: SimRepo, c: GitCommitRecord, anchor: string) {
    const lines = () => linesOf(repo, anchor, c.sha);
    return {
      __typename: "Commit",
      id: `C_sim${c.sha}`,
      oid: c.sha,
      abbreviatedOid: c.sha.slice(0, 7),
      message: c.message,
      messageHeadline: c.message.split("\n")[0] ?? "",
      authoredDate: ghDate(c.authorDate),
      committedDate: ghDate(c.committerDate),
      author: this.actor(c.authorName, c.authorEmail, c.authorDate),
      committer: this.actor(c.committerName, c.committerEmail, c.committerDate),
      additions: async () => (await lines()).additions,
      deletions: async () => (await lines()).deletions,
      // GitHub: null when it cannot compute the diff (a timeout), as GET /commits/{sha} answers 500 then
      changedFilesIfAvailable: async () => {
        const l = await lines();
        const limit = repo.spec.diffTimeoutAbove;
        const timesOut = repo.unrenderable.has(c.sha) || (limit !== undefined && l.additions + l.deletions > limit);
        return timesOut ? null : l.files;
      },
      parents: (args: Args) =>
        this.page(
          c.parents.map((oid) => ({ oid })),
          args,
        ),
      signature: null,
      tree: { oid: c.tree },
      history: async (args: Args) => {
        let list =
          c.sha === (await this.world.commits(repo))[0]?.sha
            ? await this.world.commits(repo)
            : await historyFrom(repo, c.sha);
        const author = (args.author ?? null) as { id?: string; emails?: string[] } | null;
        const uid = userIdOf(author?.id);
        if (author?.id !== undefined) {
          const login = uid === null ? undefined : this.world.loginById(uid)?.toLowerCase();
          list = list.filter(
            (x) => login !== undefined && this.world.accountOf(x.authorEmail)?.login.toLowerCase() === login,
          );
        }
        if (author?.emails) {
          const emails = new Set(author.emails.map((e) => e.toLowerCase()));
          list = list.filter((x) => emails.has(x.authorEmail.toLowerCase()));
        }
        const since = Date.parse(String(args.since ?? ""));
        if (Number.isFinite(since)) list = list.filter((x) => x.committerDate * 1000 >= since);
        const until = Date.parse(String(args.until ?? ""));
        if (Number.isFinite(until)) list = list.filter((x) => x.committerDate * 1000 <= until);
        // GitHub's history cursors read "<anchor oid> <offset>": stable under pushes, since the anchor is fixed
        return this.page(
          list.map((x) => this.commit(repo, x, c.sha)),
          args,
          (i) => `${c.sha} ${i}`,
        );
      },
    };
  }
}
