import type { Clock } from "../../lib/index.ts";
import type { GitHubHttpCache } from "../http-cache-store.ts";
import type { GhRepo } from "../types.ts";
import type { GraphqlClient } from "./graphql-client.ts";
import {
  evidenceQuery,
  type GqlCommit,
  type GqlHistory,
  type GqlRepoEvidence,
  HISTORY_PAGE,
  historyQuery,
} from "./graphql-queries.ts";

/** What one batch read says about one repository, or null when GraphQL did not answer for it. */
export interface GqlRead {
  repo: GhRepo;
  evidence: GqlRepoEvidence;
  /** the default branch is empty */
  empty: boolean;
  /** head commit, and every commit read from it, newest first */
  head?: string;
  nodes: GqlCommit[];
  totalCount: number;
  /** false when the history is longer than the pages allowed (the REST path reads it instead) */
  complete: boolean;
  /** the commit further pages are read from, when not the head (the second page was read from the anchor) */
  anchor?: string;
  /** requests avoided because the rest of the history was already cached */
  fromCache: boolean;
}

/** The newest complete history read of a repository: a warm re-run asks only for what is newer. */
interface CachedHistory {
  head: string;
  totalCount: number;
  nodes: GqlCommit[];
}

/** Where a repository's second page of history would begin, as its listing said (pageAnchor). */
export interface PageAnchor {
  /** the head the anchor was counted from */
  head: string;
  /** the commit HISTORY_PAGE first parents below it */
  anchor: string;
}

export interface HistoryReadOptions {
  maxPages: number;
  cache: GitHubHttpCache | null;
  partition: string;
  origin: string;
  clock: Clock;
  /** the listing's anchors: a history known to be longer than a page has its second page asked at once */
  anchorOf?: (repo: GhRepo) => PageAnchor | undefined;
}

/** Repositories per query: keeps a query's point cost near 4 and its answer small. */
export const REPOS_PER_QUERY = 10;

const cacheUrl = (origin: string, repo: GhRepo) =>
  `graphql:history:${origin}/${repo.owner.toLowerCase()}/${repo.name.toLowerCase()}`;

/**
 * Reads the evidence of several repositories in as few GraphQL requests as their histories allow: one
 * query for all of them (languages, root listing, manifests, the first 100 commits), then one query per
 * further page for those that have more, each anchored at the head commit of the first read (cursors
 * never shift under a push). A page holding the head of the cached history ends the reading: the cached
 * commits are the rest. At most `maxPages` pages per repository. `onComplete` hears of each history as
 * soon as it is read whole (most are after the first query), so the rest of its evidence need not wait
 * for the longer histories' pages. `known` gives the first page of the repositories already read (with
 * the account, ownerEvidenceQuery): they cost no query here. A repository whose listing gave a page anchor
 * (its history is longer than a page) has its second page read in the same query, from the anchor; that page
 * is kept only where the first page is a straight line down from the head the anchor was counted from
 * (every commit one parent: then the anchor is exactly the commit after the first page), else the second
 * page is read by cursor as before. A warm re-run (a cached history) asks for no second page at once.
 */
export async function readHistories(
  gql: GraphqlClient,
  repos: readonly GhRepo[],
  opts: HistoryReadOptions,
  onComplete?: (index: number, read: GqlRead) => void,
  known?: (repo: GhRepo) => GqlRepoEvidence | null | undefined,
): Promise<Array<GqlRead | null>> {
  const out: Array<GqlRead | null> = repos.map(() => null);
  const heard = new Set<GqlRead>();
  const told = (r: GqlRead) => {
    if (!onComplete || heard.has(r)) return;
    heard.add(r);
    if (r.head) store(opts, r);
    onComplete(out.indexOf(r), r);
  };
  const ask: number[] = [];
  for (const [i, repo] of repos.entries()) {
    // evidence read already (with the account): its first page is in hand, null when GitHub had no answer
    const ev = known?.(repo);
    if (ev === undefined) ask.push(i);
    else out[i] = await firstRead(repo, ev, ev ? await cached(opts, repo) : null);
  }
  // those read whole need not wait for the others' first query
  for (const r of out) if (r?.complete) told(r);
  for (let i = 0; i < ask.length; i += REPOS_PER_QUERY) {
    const chunk = ask.slice(i, i + REPOS_PER_QUERY);
    // the cache is read once per repository: it decides the anchored page and completes the first
    const knowns = await Promise.all(chunk.map((at) => cached(opts, repos[at]!)));
    const anchors = chunk.map((at, k) => anchorFor(repos[at]!, opts, knowns[k]!));
    const vars: Record<string, unknown> = {};
    for (const [k, at] of chunk.entries()) {
      Object.assign(vars, { [`o${k}`]: repos[at]!.owner, [`n${k}`]: repos[at]!.name });
      if (anchors[k]) vars[`p${k}`] = anchors[k].anchor;
    }
    const data = await gql.query<Record<string, GqlRepoEvidence | null>>(
      evidenceQuery(
        chunk.length,
        anchors.map((a) => a !== undefined),
      ),
      vars,
    );
    const reads = await Promise.all(
      chunk.map((at, k) => firstRead(repos[at]!, data[`r${k}`] ?? null, knowns[k]!, anchors[k])),
    );
    for (const [k, at] of chunk.entries()) out[at] = reads[k]!;
  }
  for (const r of out) if (r?.complete) told(r);
  const cursors = new Map<GqlRead, string>();
  // a history longer than the pages allowed is the REST path's (statistics, not pages): no page wasted on it
  for (const r of out)
    if (r && !r.complete && r.head && r.totalCount <= opts.maxPages * 100) cursors.set(r, lastCursor(r));
  for (let page = 2; page <= opts.maxPages && cursors.size > 0; page++) {
    const pending = [...cursors.keys()];
    for (let i = 0; i < pending.length; i += REPOS_PER_QUERY) {
      const chunk = pending.slice(i, i + REPOS_PER_QUERY);
      const vars: Record<string, unknown> = {};
      for (const [k, r] of chunk.entries())
        Object.assign(vars, {
          [`o${k}`]: r.repo.owner,
          [`n${k}`]: r.repo.name,
          [`h${k}`]: r.anchor ?? r.head,
          [`c${k}`]: cursors.get(r),
        });
      const data = await gql.query<Record<string, { object: { history?: GqlHistory } | null } | null>>(
        historyQuery(chunk.length),
        vars,
      );
      for (const [k, r] of chunk.entries()) {
        const h = data[`r${k}`]?.object?.history;
        if (!h) {
          cursors.delete(r); // vanished meanwhile: left incomplete, the REST path decides
          continue;
        }
        if (absorb(r, h, await cached(opts, r.repo)) || !h.pageInfo.hasNextPage || !h.pageInfo.endCursor) {
          r.complete = true;
          cursors.delete(r);
          told(r);
        } else cursors.set(r, h.pageInfo.endCursor);
      }
    }
  }
  if (!onComplete) for (const r of out) if (r?.complete && r.head) store(opts, r);
  return out;
}

/** The listing's anchor, where a second page asked at once can serve (not on a warm re-run). */
function anchorFor(repo: GhRepo, opts: HistoryReadOptions, known: CachedHistory | null): PageAnchor | undefined {
  return known || opts.maxPages < 2 ? undefined : opts.anchorOf?.(repo);
}

/**
 * The page read from `at` continues the first: that first page is a straight line from the anchor's head
 * and `at` is the anchor, so it is the commit right after the page.
 */
const continuesAt = (h: GqlHistory, head: string, a: PageAnchor | undefined, at: string | undefined): boolean =>
  a !== undefined &&
  a.head === head &&
  a.anchor === at &&
  h.nodes.length === HISTORY_PAGE &&
  h.nodes[0]?.oid === head &&
  h.nodes.every((n) => n.parents.totalCount === 1);

async function firstRead(
  repo: GhRepo,
  ev: GqlRepoEvidence | null,
  known: CachedHistory | null,
  anchor?: PageAnchor,
): Promise<GqlRead | null> {
  if (!ev) return null;
  const target = ev.defaultBranchRef?.target;
  if (!ev.defaultBranchRef || !target?.oid || !target.history)
    return { repo, evidence: ev, empty: true, nodes: [], totalCount: 0, complete: true, fromCache: false };
  const read: GqlRead = {
    repo,
    evidence: ev,
    empty: false,
    head: target.oid,
    nodes: [],
    totalCount: target.history.totalCount,
    complete: false,
    fromCache: false,
  };
  const h = target.history;
  read.complete = absorb(read, h, known) || !h.pageInfo.hasNextPage;
  let cursor = h.pageInfo.endCursor ?? undefined;
  const next = ev.next?.history;
  if (!read.complete && next && ev.next?.oid && continuesAt(h, target.oid, anchor, ev.next.oid)) {
    read.complete = absorb(read, next, known) || !next.pageInfo.hasNextPage;
    read.anchor = ev.next.oid;
    cursor = next.pageInfo.endCursor ?? undefined;
  }
  if (!read.complete) (read as GqlRead & { cursor?: string }).cursor = cursor;
  return read;
}

const lastCursor = (r: GqlRead): string => (r as GqlRead & { cursor?: string }).cursor ?? "";

/** Appends a page; true when it reached the cached head (the cached commits then complete the history). */
function absorb(r: GqlRead, h: GqlHistory, known: CachedHistory | null): boolean {
  const at = known ? h.nodes.findIndex((n) => n.oid === known.head) : -1;
  if (known && at >= 0) {
    r.nodes.push(...h.nodes.slice(0, at), ...known.nodes);
    r.fromCache = true;
    return true;
  }
  r.nodes.push(...h.nodes);
  return false;
}

async function cached(opts: HistoryReadOptions, repo: GhRepo): Promise<CachedHistory | null> {
  const entry = await opts.cache?.get(cacheUrl(opts.origin, repo), opts.partition);
  if (!entry) return null;
  try {
    const c = JSON.parse(entry.body) as CachedHistory;
    return typeof c.head === "string" && Array.isArray(c.nodes) ? c : null;
  } catch {
    return null;
  }
}

function store(opts: HistoryReadOptions, r: GqlRead): void {
  if (!opts.cache || !r.head) return;
  const body = JSON.stringify({ head: r.head, totalCount: r.totalCount, nodes: r.nodes } satisfies CachedHistory);
  void opts.cache.put(
    // never fails; the evidence need not wait for it
    opts.partition,
    { url: cacheUrl(opts.origin, r.repo), etag: null, lastModified: null, headers: {}, body },
    opts.clock.now(),
  );
}
