import type { RateLimitSnapshot } from "../../github/index.ts";
import type { HostPolicy } from "../http/forge-http.ts";

/**
 * GitLab: PRIVATE-TOKEN; gitlab.com reports RateLimit-Limit / -Remaining / -Reset (epoch seconds) and
 * answers 429 with Retry-After; self-managed instances may send none of them (their limits are off by
 * default). A commit by full SHA, its diff and its signature never change.
 */
export const GITLAB_POLICY: HostPolicy = {
  name: "GitLab",
  tokenSetting: "GITLAB_TOKEN (gitlab.com) or FORGE_HOSTS",
  authHeaders: (token) => ({ "private-token": token }),
  readWindow(h: Headers): RateLimitSnapshot | null {
    const limit = Number(h.get("ratelimit-limit"));
    const remaining = Number(h.get("ratelimit-remaining"));
    const reset = Number(h.get("ratelimit-reset"));
    if (!h.has("ratelimit-remaining") || ![limit, remaining, reset].every(Number.isFinite)) return null;
    return { limit, remaining, resetAt: reset * 1000 };
  },
  immutable: (url) => /\/repository\/commits\/[0-9a-f]{40}(\/diff|\/signature)?$/i.test(url.pathname),
};
