import type { Clock } from "../lib/index.ts";
import type { Queryable } from "../storage/index.ts";
import type { GitHubClient } from "./github-client.ts";
import { sameLogin, toGhCommit } from "./github-mappers.ts";
import { GitHubHttpCache, tokenPartition } from "./http-cache-store.ts";
import type { GhCommit, GhRepo } from "./types.ts";

const PAGE = 100;

/**
 * What the last REST read of a repository's default branch saw, anchored at its head commit: the branch's
 * length, the listing positions it read (the newest page and the oldest ones, by position from the head)
 * and, when it read all of them, the candidate's author= listing. A later read that finds this head
 * beneath a plain chain of new commits reuses it and asks only for what its position shift uncovers.
 */
export interface KnownHistory {
  v: 1;
  head: string;
  total: number;
  segments: Array<{ start: number; commits: GhCommit[] }>;
  /** the whole author=login listing at `head` (only stored when every page of it was read) */
  own?: { login: string; commits: GhCommit[] };
}

/** Where the known histories live: the HTTP cache's table, per API origin and token (as GraphQL's). */
export interface HistoryStore {
  load(repo: GhRepo): Promise<KnownHistory | null>;
  save(repo: GhRepo, known: KnownHistory): void;
}

export function createHistoryStore(db: Queryable, token: string | null, origin: string, clock: Clock): HistoryStore {
  const cache = new GitHubHttpCache(db);
  const partition = tokenPartition(token);
  const url = (repo: GhRepo) => `rest:history:${origin}/${repo.owner.toLowerCase()}/${repo.name.toLowerCase()}`;
  return {
    async load(repo) {
      const entry = await cache.get(url(repo), partition);
      if (!entry) return null;
      try {
        const k = JSON.parse(entry.body) as KnownHistory;
        return k.v === 1 && typeof k.head === "string" && typeof k.total === "number" && Array.isArray(k.segments)
          ? k
          : null;
      } catch {
        return null;
      }
    },
    save(repo, known) {
      const body = JSON.stringify(known);
      void cache.put(partition, { url: url(repo), etag: null, lastModified: null, headers: {}, body }, clock.now()); // never fails
    },
  };
}

const parentShas = (raw: unknown): string[] => {
  const ps = (raw as { parents?: unknown } | null)?.parents;
  return Array.isArray(ps) ? ps.map((p) => String((p as { sha?: unknown } | null)?.sha ?? "")) : [];
};

/**
 * How many commits the branch gained on top of the known head: the index of that head in the newest page,
 * when every commit above it has exactly one parent, the next one down (a plain chain of pushes). Null when
 * the head is gone (history rewritten), further than a page down, or reached through a merge, whose side
 * history could sit anywhere in the listing: then the branch is read again in full.
 */
export function gainedAbove(known: KnownHistory, rawNewest: readonly unknown[], newest: readonly GhCommit[]) {
  const k = newest.findIndex((c) => c.sha === known.head);
  if (k < 0) return null;
  for (let i = 0; i < k; i++) {
    const ps = parentShas(rawNewest[i]);
    if (ps.length !== 1 || ps[0] !== (i + 1 < k ? newest[i + 1]!.sha : known.head)) return null;
  }
  return k;
}

const positions = (segments: KnownHistory["segments"], shift = 0): Map<number, GhCommit> => {
  const at = new Map<number, GhCommit>();
  for (const s of segments) for (const [i, c] of s.commits.entries()) at.set(s.start + i + shift, c);
  return at;
};

const slice = (at: Map<number, GhCommit>, from: number, to: number): GhCommit[] | null => {
  const out: GhCommit[] = [];
  for (let p = from; p < to; p++) {
    const c = at.get(p);
    if (!c) return null;
    out.push(c);
  }
  return out;
};

/**
 * The new branch's oldest page (`lastPage` of the new listing) rebuilt from the known positions, `gained`
 * commits down: a position not known is read from the listing anchored at the known head, whose pages
 * never shift (`GET /commits?sha=<head>&page=N`). Null when the new listing's length disagrees.
 */
export async function oldestFromKnown(
  client: GitHubClient,
  repo: GhRepo,
  known: KnownHistory,
  gained: number,
  lastPage: number,
): Promise<GhCommit[] | null> {
  const total = known.total + gained;
  if (lastPage !== Math.ceil(total / PAGE)) return null;
  const at = positions(known.segments);
  const from = PAGE * (lastPage - 1) - gained;
  for (let page = Math.floor(from / PAGE) + 1; page <= Math.ceil(known.total / PAGE); page++) {
    if (slice(at, Math.max(from, PAGE * (page - 1)), Math.min(known.total, PAGE * page))) continue;
    const res = await client.get<unknown[]>("/repos/{owner}/{repo}/commits", {
      owner: repo.owner,
      repo: repo.name,
      sha: known.head,
      per_page: PAGE,
      page,
    });
    if (res.status !== 200 || !Array.isArray(res.data)) return null;
    for (const [i, raw] of res.data.entries()) at.set(PAGE * (page - 1) + i, toGhCommit(raw));
    known.segments.push({ start: PAGE * (page - 1), commits: res.data.map(toGhCommit) });
  }
  return slice(at, from, known.total);
}

/**
 * The candidate's author= listing at the new head without a request: the new commits linked to the account
 * on top of the known listing. Null when it cannot be known that way (no known listing, another login, a new
 * commit linked to no account, which author= might still match by email) or when a cold read would not
 * read all of it either (`maxPages`, one page spare for GitHub's inexact rel="last").
 */
export function ownFromKnown(
  known: KnownHistory,
  gained: readonly GhCommit[],
  login: string,
  maxPages: number,
): GhCommit[] | null {
  if (!known.own || !sameLogin(known.own.login, login)) return null;
  if (gained.some((c) => c.authorLogin === null)) return null;
  const own = [...gained.filter((c) => sameLogin(c.authorLogin, login)), ...known.own.commits];
  return Math.ceil(own.length / PAGE) + 1 <= maxPages ? own : null;
}

/**
 * What to remember of this read: its head and length, the newest page, the oldest pages (the known ones
 * shifted down by `gained`), only the positions a later oldest page can need (the last 200) besides the first page.
 */
export function nextKnown(
  head: string,
  total: number,
  pages: Array<{ start: number; commits: GhCommit[] }>,
  before: { known: KnownHistory; gained: number } | null,
  own: KnownHistory["own"],
): KnownHistory {
  const at = before ? positions(before.known.segments, before.gained) : new Map<number, GhCommit>();
  for (const [p, c] of positions(pages)) at.set(p, c);
  const kept = [...at.keys()].filter((p) => p < total && (p < PAGE || p >= total - 2 * PAGE)).sort((a, b) => a - b);
  const segments: KnownHistory["segments"] = [];
  for (const p of kept) {
    const last = segments[segments.length - 1];
    if (last && last.start + last.commits.length === p) last.commits.push(at.get(p)!);
    else segments.push({ start: p, commits: [at.get(p)!] });
  }
  return { v: 1, head, total, segments, ...(own ? { own } : {}) };
}
