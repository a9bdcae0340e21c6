import type { ForgeHostConfig } from "../config/index.ts";
import type { RateGate } from "../github/index.ts";
import type { Clock, Logger } from "../lib/index.ts";
import { createForgeHttp, type ForgeHttp, type HostPolicy } from "./http/forge-http.ts";
import { processResponseCache, type ResponseCache } from "./http/response-cache.ts";

/** What every forge source is built from: the host's configuration, transport tuning, reading limits. */
export interface ForgeSourceOptions {
  config: ForgeHostConfig;
  clock?: Clock;
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  gate?: RateGate;
  /** conditional-request cache (default the process's in-memory one; null disables it) */
  cache?: ResponseCache | null;
  retries?: number;
  backoffUnitMs?: number;
  requestTimeoutMs?: number;
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** the job's signal: an aborted job stops its requests at once (see ForgeHttpOptions.signal) */
  signal?: AbortSignal;
  logger?: Logger;
  /** pages of 100 commits read per repository at most (default 10) */
  maxCommitPages?: number;
  /** pages of 100 events (GitLab) or 50 feed items (Gitea) at most (default 10) */
  maxEventPages?: number;
  /** commits read one by one for their files when the history looks machine-made (default 10) */
  sampleSize?: number;
}

/** The host's REST client, built from a source's options. */
export function forgeHttpFor(o: ForgeSourceOptions, policy: HostPolicy): ForgeHttp {
  return createForgeHttp({
    apiBase: o.config.apiBase,
    host: o.config.host,
    token: o.config.token,
    policy,
    clock: o.clock,
    fetch: o.fetch,
    gate: o.gate,
    cache: o.cache === undefined ? processResponseCache : o.cache,
    retries: o.retries,
    backoffUnitMs: o.backoffUnitMs,
    requestTimeoutMs: o.requestTimeoutMs,
    maxWaitMs: o.maxWaitMs,
    sleep: o.sleep,
    signal: o.signal,
  });
}
