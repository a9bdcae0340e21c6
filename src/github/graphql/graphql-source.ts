import { type Clock, systemClock } from "../../lib/index.ts";
import { noteAccount } from "../account-dates.ts";
import type { TransportCounters } from "../conditional-fetch.ts";
import { sameLogin } from "../github-mappers.ts";
import { chooseToken, createGitHubSource, type GitHubSourceOptions, registryOf } from "../github-source.ts";
import { GitHubHttpCache, tokenPartition } from "../http-cache-store.ts";
import type { RateLimitSnapshot } from "../rate-limit-policy.ts";
import type { EvidenceLimits } from "../repo-evidence.ts";
import { repoFailure, unavailableEvidence } from "../repo-isolation.ts";
import type { GhRepo, GhUser, GitHubSource, RepoEvidence } from "../types.ts";
import { createGraphqlClient, GraphqlRefusedError } from "./graphql-client.ts";
import { evidenceFromRead } from "./graphql-evidence.ts";
import { gqlRepo, gqlUser } from "./graphql-mappers.ts";
import { type GqlOwner, type GqlRepoEvidence, ownerEvidenceQuery } from "./graphql-queries.ts";
import {
  type GqlRead,
  type HistoryReadOptions,
  type PageAnchor,
  REPOS_PER_QUERY,
  readHistories,
} from "./history-read.ts";

const MAX_REPO_PAGES = 100;

interface Waiting {
  repo: GhRepo;
  login: string;
  resolve: (e: RepoEvidence) => void;
  reject: (err: unknown) => void;
}

export type EvidenceSource = GitHubSource & {
  client: ReturnType<typeof createGitHubSource>["client"];
  /** GraphQL points spent (0 on the REST path) */
  points(): number;
  /** which API answered: "graphql", or "rest" (no token, or GraphQL refused) */
  path(): "graphql" | "rest";
  /** the budget this verification mostly spent, as GitHub last reported it (GraphQL's points, or REST's) */
  budget(): RateLimitSnapshot | null;
  /**
   * Begin reading the account and its listing now (it needs only the login), for getUser and
   * listUserRepos to take up later; its failure is theirs. On the REST path: nothing.
   */
  readAhead(login: string): void;
};

/**
 * The evidence source: GraphQL when a token is configured, REST otherwise and whenever GraphQL is refused
 * (not offered, no right, failing, errors instead of data), for the rest of the verification. Both fill the
 * same RepoEvidence. The account and its repositories come in one request; the evidence of every
 * repository asked for in the same tick (runAnalysis asks for all matched ones at once) in one more, plus
 * one per further page of 100 commits of the longest history; a warm re-run stops at the cached head.
 * Repositories announced with expectRepos (the candidate's own that the resume links) have their first
 * evidence page read in the account's request: the listing and their evidence share one round trip.
 * readAhead asks for the account before the resume is read instead (the job does, while its reader works);
 * the listing then gives each repository's page anchor, and a linked or matched history of up to two
 * pages is read in one evidence query (history-read.ts).
 */
export function createEvidenceSource(opts: GitHubSourceOptions & { graphql?: boolean }): EvidenceSource {
  const token = chooseToken(opts, opts.graphql === false ? "core" : "graphql");
  const rest = createGitHubSource({ ...opts, token, tokens: undefined });
  if (!token || opts.graphql === false)
    return {
      ...rest,
      points: () => 0,
      path: () => "rest",
      budget: () => rest.client.rateLimit(),
      readAhead: () => {},
    };
  const clock: Clock = opts.clock ?? systemClock;
  const log = opts.logger;
  const gql = createGraphqlClient({
    baseUrl: opts.baseUrl,
    token,
    clock: opts.clock,
    fetch: opts.fetch,
    requestTimeoutMs: opts.requestTimeoutMs,
    userAgent: opts.userAgent,
    gate: opts.gate,
    counters: rest.client.counters as TransportCounters,
    retries: opts.retries,
    backoffUnitMs: opts.backoffUnitMs,
    signal: opts.signal,
    onAnswer: opts.onAnswer,
  });
  const limits: EvidenceLimits = {
    maxCommitPages: Math.max(2, opts.maxCommitPages ?? 10),
    sampleSize: Math.max(0, opts.sampleSize ?? 10),
    maxManifests: Math.max(0, opts.maxManifests ?? 2),
    scope: new URL(opts.baseUrl).origin,
    registry: registryOf(opts),
  };
  /** by "owner/name" (lower case): where each listed repository's second page of history begins */
  const anchors = new Map<string, PageAnchor>();
  const repoKey = (owner: string, name: string) => `${owner}/${name}`.toLowerCase();
  const readOpts: HistoryReadOptions = {
    anchorOf: (repo) => anchors.get(repoKey(repo.owner, repo.name)),
    maxPages: limits.maxCommitPages,
    cache: opts.db ? new GitHubHttpCache(opts.db) : null,
    partition: tokenPartition(token),
    origin: new URL(opts.baseUrl).origin,
    clock,
  };
  let refused = false;
  /** GraphQL would not answer: REST from now on (it throws what REST throws: rate limits, outages) */
  const markRefused = (err: GraphqlRefusedError) => {
    if (!refused) log?.warn("GitHub GraphQL refused; reading over REST", { reason: err.message });
    refused = true;
  };
  const fallback = <T>(err: unknown, viaRest: () => Promise<T>): Promise<T> => {
    if (!(err instanceof GraphqlRefusedError)) throw err;
    markRefused(err);
    return viaRest();
  };

  type Account = Promise<{ user: GhUser | null; repos: GhRepo[] | null }> & { withRepos?: boolean };
  const accounts = new Map<string, Account>();
  const account = (login: string, withRepos: boolean) => {
    const key = login.toLowerCase();
    let p: Account | undefined = accounts.get(key);
    if (!p || (withRepos && !p.withRepos)) {
      p = readAccount(login, withRepos);
      accounts.set(key, Object.assign(p, { withRepos }));
    }
    return p;
  };
  /** by "owner/name" (lower case): repositories expected, then the first evidence page read with the account */
  const expected = new Map<string, Array<{ owner: string; name: string }>>();
  const prefetched = new Map<string, GqlRepoEvidence | null>();
  const readAccount = async (login: string, withRepos: boolean) => {
    let after: string | null = null;
    let user: GhUser | null = null;
    const repos: GhRepo[] = [];
    const linked = expected.get(login.toLowerCase()) ?? [];
    expected.delete(login.toLowerCase());
    for (let page = 1; page <= MAX_REPO_PAGES; page++) {
      const along = page === 1 ? linked : [];
      const vars: Record<string, unknown> = { login, withRepos, after };
      for (const [k, r] of along.entries()) Object.assign(vars, { [`o${k}`]: r.owner, [`n${k}`]: r.name });
      const data: { repositoryOwner: GqlOwner | null } & Record<string, unknown> = await gql.query(
        ownerEvidenceQuery(along.length),
        vars,
      );
      for (const [k, r] of along.entries())
        prefetched.set(repoKey(r.owner, r.name), (data[`r${k}`] as GqlRepoEvidence | null | undefined) ?? null);
      const owner = data.repositoryOwner;
      if (!owner) return { user: null, repos: withRepos ? [] : null };
      user ??= gqlUser(owner);
      if (!withRepos || !owner.repositories) break;
      for (const node of owner.repositories.nodes) {
        const repo = gqlRepo(node);
        const head = node.defaultBranchRef?.target?.oid;
        if (head && node.pageAnchor?.oid)
          anchors.set(repoKey(repo.owner, repo.name), { head, anchor: node.pageAnchor.oid });
        repos.push(repo);
      }
      if (!owner.repositories.pageInfo.hasNextPage) break;
      after = owner.repositories.pageInfo.endCursor;
    }
    return { user, repos: withRepos ? repos : null };
  };
  /** the first evidence page read with the account, once (undefined: not read, null: GitHub had no answer) */
  const takePrefetched = (repo: GhRepo) => {
    const key = repoKey(repo.owner, repo.name);
    const ev = prefetched.get(key);
    prefetched.delete(key);
    return ev;
  };

  let waiting: Waiting[] = [];
  const flush = async () => {
    const batch = waiting;
    waiting = [];
    if (refused) {
      for (const w of batch) rest.repoEvidence(w.repo, w.login).then(w.resolve, w.reject);
      return;
    }
    const started = new Set<number>();
    // a history read whole goes on to its commit reads at once, beside the longer histories' pages
    const evidenceOf = (i: number, read: GqlRead) => {
      const w = batch[i]!;
      started.add(i);
      evidenceFromRead(rest.client, read, w.login, limits)
        .catch((err) => {
          const failure = repoFailure(err);
          if (!failure) throw err;
          return unavailableEvidence(w.repo, failure);
        })
        .then(w.resolve, w.reject);
    };
    let reads: Awaited<ReturnType<typeof readHistories>>;
    try {
      reads = await readHistories(
        gql,
        batch.map((w) => w.repo),
        readOpts,
        evidenceOf,
        takePrefetched,
      );
    } catch (err) {
      if (!(err instanceof GraphqlRefusedError)) {
        for (const [i, w] of batch.entries()) if (!started.has(i)) w.reject(err);
        return;
      }
      reads = batch.map(() => null);
      markRefused(err);
    }
    for (const [i, w] of batch.entries()) {
      if (started.has(i)) continue;
      const read = reads[i];
      // not answered (blocked, vanished) or longer than the pages allowed: the REST path reads it
      if (!read?.complete) rest.repoEvidence(w.repo, w.login).then(w.resolve, w.reject);
      else evidenceOf(i, read);
    }
  };

  return {
    ...rest,
    points: () => gql.points(),
    path: () => (refused ? "rest" : "graphql"),
    budget: () => (refused ? rest.client.rateLimit() : (gql.rateLimit() ?? rest.client.rateLimit())),
    async getUser(login) {
      if (refused) return rest.getUser(login);
      try {
        const user = (await account(login, false)).user;
        if (user) noteAccount(limits.scope ?? "", user.id, user.createdAt, user.login);
        return user;
      } catch (err) {
        return fallback(err, () => rest.getUser(login));
      }
    },
    async listUserRepos(login) {
      if (refused) return rest.listUserRepos(login);
      try {
        return (await account(login, true)).repos ?? [];
      } catch (err) {
        return fallback(err, () => rest.listUserRepos(login));
      }
    },
    readAhead(login) {
      if (refused || login.trim() === "") return;
      // answered or failed, it is taken up by getUser and listUserRepos (they see a failure there)
      account(login.trim(), true).catch(() => {});
    },
    expectRepos(login, repos) {
      if (refused || accounts.has(login.toLowerCase())) return;
      const own = repos.filter((r) => sameLogin(r.owner, login));
      const unique = [...new Map(own.map((r) => [repoKey(r.owner, r.name), r])).values()];
      if (unique.length > 0) expected.set(login.toLowerCase(), unique.slice(0, REPOS_PER_QUERY));
    },
    repoEvidence(repo, login) {
      return new Promise<RepoEvidence>((resolve, reject) => {
        waiting.push({ repo, login, resolve, reject });
        if (waiting.length === 1) queueMicrotask(() => void flush());
      });
    },
  };
}
