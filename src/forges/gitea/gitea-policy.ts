import { readRateLimit } from "../../github/index.ts";
import type { HostPolicy } from "../http/forge-http.ts";

/**
 * Gitea/Forgejo: `Authorization: token X`. Gitea sets no API budget of its own and sends no budget headers;
 * a host's proxy may throttle with 429 + Retry-After, or send X-RateLimit-* (read when present). No ETags
 * on API JSON: only a commit by full SHA is cached, and served without a request.
 */
export const GITEA_POLICY: HostPolicy = {
  name: "Gitea",
  tokenSetting: "FORGE_HOSTS",
  authHeaders: (token) => ({ authorization: `token ${token}` }),
  readWindow: (h) => readRateLimit(h),
  immutable: (url) => /\/git\/commits\/[0-9a-f]{40}$/i.test(url.pathname),
};
