import type { HostProfile } from "../forge-sim/forge-server.ts";
import { type ForgeSimulator, type ForgeSimulatorOptions, startForgeSimulator } from "../forge-sim/forge-simulator.ts";
import type { RateWindow } from "../github-sim/sim-controls.ts";
import { gitlabError } from "./gitlab-json.ts";
import { GitLabRoutes } from "./gitlab-routes.ts";

export type GitLabSimulatorOptions = ForgeSimulatorOptions;
export type GitLabSimulator = ForgeSimulator;

const httpDate = (ms: number) => new Date(ms).toUTCString();

/** GitLab's token headers (PRIVATE-TOKEN or OAuth Bearer) and gitlab.com's RateLimit-* headers. */
export const GITLAB_PROFILE: HostProfile = {
  apiPrefix: "/api/v4",
  tokenOf: (req) => {
    const priv = req.headers.get("private-token");
    if (priv) return priv.trim();
    const m = req.headers.get("authorization")?.match(/^bearer\s+(.+)$/i);
    return m ? m[1]!.trim() : null;
  },
  errorBody: gitlabError,
  rateHeaders: (w: RateWindow) => ({
    "ratelimit-limit": String(w.limit),
    "ratelimit-observed": String(w.used),
    "ratelimit-remaining": String(w.remaining),
    "ratelimit-reset": String(Math.floor(w.resetAt / 1000)),
    "ratelimit-resettime": httpDate(w.resetAt),
  }),
  limitedMessage: "Retry later",
  etags: true,
};

/**
 * A GitLab REST v4 server on 127.0.0.1 (port 0) over real git repositories built from scenario worlds:
 * users, projects, commits with stats, diffs, signatures, forks, contributors, languages, search, and
 * push events with server-written times (three-year retention), with gitlab.com's pagination and limits
 * (2,000 requests a minute with a token, 500 without; web base https://gitlab.com unless `web`).
 */
export function startGitLabSimulator(opts: GitLabSimulatorOptions = {}): Promise<GitLabSimulator> {
  return startForgeSimulator(opts, {
    profile: GITLAB_PROFILE,
    tempPrefix: "claimcheck-glsim-",
    rateLimits: { authenticated: 2000, anonymous: 500, windowMs: 60_000 },
    routes: (world, clock) => {
      const ctx = { origin: "", web: opts.web ?? "https://gitlab.com" };
      const routes = new GitLabRoutes(world, ctx, () => clock.now());
      return { handle: (path: string, url: URL) => routes.handle(path, url), ctx };
    },
  });
}
