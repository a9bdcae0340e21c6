import type { Logger } from "../lib/index.ts";
import { type Clock, systemClock } from "../lib/index.ts";
import type { Database } from "../storage/index.ts";
import { noteAccount } from "./account-dates.ts";
import type { GitHubAnswer } from "./conditional-fetch.ts";
import { budgetKey, createGitHubClient, type GitHubClient } from "./github-client.ts";
import { toGhRepo, toGhUser } from "./github-mappers.ts";
import { pageOf } from "./link-header.ts";
import { createPackageRegistry, type PackageRegistry, type RegistryOptions } from "./package-registry.ts";
import { refusedRepoName } from "./path-params.ts";
import { processRateGate, type RateGate } from "./rate-gate.ts";
import { fetchRepoEvidence } from "./repo-evidence.ts";
import { repoFailure, unavailableEvidence } from "./repo-isolation.ts";
import { createHistoryStore } from "./stable-history.ts";
import type { GhRepo, GitHubSource } from "./types.ts";

export interface GitHubSourceOptions {
  /** REST base URL (config.githubApiUrl) */
  baseUrl: string;
  token?: string | null;
  /**
   * several tokens (GITHUB_TOKENS): the verification uses one of them, chosen by the gate: the one
   * `affinity` (the candidate's login) hashes to while it has budget, so re-verifications meet their cached
   * answers, else the one with the most left. Overrides `token` when not empty.
   */
  tokens?: readonly string[];
  affinity?: string;
  /** the process's rate-limit gate unless given (a client with its own clock gets a private one) */
  gate?: RateGate;
  /** holds github_http_cache (migration 0003): conditional requests survive restarts */
  db: Database;
  clock?: Clock;
  userAgent?: string;
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** pages of 100 of a candidate's commits read per repository at most (default 10) */
  maxCommitPages?: number;
  /** commits fetched with stats when a churn sample is wanted (default 10) */
  sampleSize?: number;
  /** manifests read per repository at most (default 2) */
  maxManifests?: number;
  /** transport tuning, see GitHubClientOptions */
  retries?: number;
  backoffUnitMs?: number;
  requestTimeoutMs?: number;
  maxSecondaryWaitMs?: number;
  logger?: Logger;
  /** the verification's signal (its deadline, its lease): once it aborts, every request ends with its reason */
  signal?: AbortSignal;
  /** told how each request went, e.g. to show that GitHub cannot be reached (see GitHubAnswer) */
  onAnswer?: (answer: GitHubAnswer) => void;
  /**
   * the package registries whose publish times date pinned versions (NPM_REGISTRY_URL, PYPI_URL,
   * PACKAGE_LOOKUPS); absent: pinned versions are not checked
   */
  registry?: RegistryOptions | PackageRegistry | null;
}

/** The registry client of a source's options (one is built from base URLs when given those). */
export function registryOf(opts: Pick<GitHubSourceOptions, "registry" | "fetch">): PackageRegistry | null {
  const r = opts.registry;
  if (!r) return null;
  return "publishedAt" in r ? r : createPackageRegistry({ fetch: opts.fetch, ...r });
}

/** Listing pages followed at most: 100 pages of 100 repositories. */
const MAX_REPO_PAGES = 100;

/**
 * The GitHub evidence source for one verification: a lean, cached reader over the REST API that
 * throws GitHubRateLimitedError (defer until resetAt) or GitHubUnavailableError (fail the job) and
 * counts its own calls. About 2 + ceil(repos/100) + 4 per claimed repository calls cold, mostly
 * free 304s warm.
 */
export function createGitHubSource(opts: GitHubSourceOptions): GitHubSource & { client: GitHubClient } {
  const token = chooseToken(opts);
  const client = createGitHubClient({
    baseUrl: opts.baseUrl,
    token,
    gate: opts.gate,
    db: opts.db,
    clock: opts.clock,
    userAgent: opts.userAgent,
    fetch: opts.fetch,
    retries: opts.retries,
    backoffUnitMs: opts.backoffUnitMs,
    requestTimeoutMs: opts.requestTimeoutMs,
    maxSecondaryWaitMs: opts.maxSecondaryWaitMs,
    logger: opts.logger,
    signal: opts.signal,
    onAnswer: opts.onAnswer,
  });
  const limits = {
    maxCommitPages: Math.max(2, opts.maxCommitPages ?? 10),
    sampleSize: Math.max(0, opts.sampleSize ?? 10),
    maxManifests: Math.max(0, opts.maxManifests ?? 2),
    scope: new URL(opts.baseUrl).origin,
    history: createHistoryStore(opts.db, token, new URL(opts.baseUrl).origin, opts.clock ?? systemClock),
    backoffUnitMs: opts.backoffUnitMs ?? 1000,
    registry: registryOf(opts),
  };

  const getRepo = async (owner: string, name: string): Promise<GhRepo | null> => {
    if (refusedRepoName(owner, name) !== null || owner.includes("/")) return null;
    const res = await client.get("/repos/{owner}/{repo}", { owner, repo: name }, [404]);
    return res.status === 200 ? toGhRepo(res.data, `${owner}/${name}`) : null;
  };

  return {
    client,
    async getUser(login) {
      const res = await client.get("/users/{username}", { username: login }, [404]);
      const user = res.status === 200 ? toGhUser(res.data) : null;
      // every account returned bounds when the IDs after it were issued (account-dates.ts)
      if (user) noteAccount(limits.scope, user.id, user.createdAt, user.login);
      return user;
    },
    async listUserRepos(login) {
      const repos: GhRepo[] = [];
      for (let page = 1; page <= MAX_REPO_PAGES; page++) {
        const res = await client.get<unknown[]>(
          "/users/{username}/repos",
          { username: login, type: "owner", sort: "full_name", per_page: 100, page },
          [404],
        );
        if (res.status !== 200 || !Array.isArray(res.data)) break;
        repos.push(...res.data.map((r) => toGhRepo(r)));
        if (pageOf(res.headers.link, "next") === null) break;
      }
      return repos;
    },
    getRepo,
    async repoEvidence(repo, login) {
      try {
        return await fetchRepoEvidence(client, repo, login, limits, getRepo);
      } catch (err) {
        const failure = repoFailure(err);
        if (!failure) throw err;
        opts.logger?.warn("GitHub repository unavailable; its claim is reported unverifiable", {
          repo: repo.fullName,
          status: failure.status,
        });
        return unavailableEvidence(repo, failure);
      }
    },
    stats: () => ({
      calls: client.counters.calls,
      notModified: client.counters.notModified,
      servedFromCache: client.counters.servedFromCache,
    }),
  };
}

/** FNV-1a of a string: a stable, even spread of candidates over tokens. */
const spread = (s: string): number => {
  let h = 0x811c9dc5;
  for (const ch of s.toLowerCase()) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
};

/** The token this verification spends (see GitHubSourceOptions.tokens). */
export function chooseToken(
  opts: Pick<GitHubSourceOptions, "baseUrl" | "token" | "tokens" | "affinity" | "gate" | "clock">,
  /** the budget the verification will mostly spend: REST's, or GraphQL's points */
  resource: "core" | "graphql" = "core",
) {
  const tokens = opts.tokens?.filter((t) => t !== "") ?? [];
  if (tokens.length === 0) return opts.token ?? null;
  if (tokens.length === 1) return tokens[0]!;
  const gate = opts.gate ?? processRateGate;
  const i = gate.pick(
    tokens.map((t) => budgetKey(opts.baseUrl, t, resource)),
    spread(opts.affinity ?? ""),
  );
  return tokens[i]!;
}
