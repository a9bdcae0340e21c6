import type { HostProfile } from "../forge-sim/forge-server.ts";
import { type ForgeSimulator, type ForgeSimulatorOptions, startForgeSimulator } from "../forge-sim/forge-simulator.ts";
import { giteaError } from "./gitea-json.ts";
import { GiteaRoutes } from "./gitea-routes.ts";

export interface GiteaSimulatorOptions extends ForgeSimulatorOptions {
  /** false: GET /users/{u}/activities/feeds answers 404 (a host without feeds) */
  activityFeeds?: boolean;
}

export interface GiteaSimulator extends ForgeSimulator {
  setActivityFeeds(enabled: boolean): void;
}

/** Gitea's token header (`token X` or `Bearer X`); no rate-limit headers, 429 + Retry-After when throttled. */
export const GITEA_PROFILE: HostProfile = {
  apiPrefix: "/api/v1",
  tokenOf: (req) => {
    const m = req.headers.get("authorization")?.match(/^(?:token|bearer)\s+(.+)$/i);
    return m ? m[1]!.trim() : null;
  },
  errorBody: giteaError,
  rateHeaders: () => ({}),
  limitedMessage: "Too Many Requests",
  etags: false,
};

/**
 * A Gitea/Forgejo /api/v1 server on 127.0.0.1 (port 0) over real git repositories built from scenario
 * worlds: users, repositories, commits with stats, files and verification, forks, search, languages and
 * activity feeds with server-written push times, with Gitea's page/limit pagination. Gitea sets no API
 * budget of its own; a host's proxy may throttle (429 + Retry-After: `rateLimit.throttle`, `rateLimits`).
 */
export async function startGiteaSimulator(opts: GiteaSimulatorOptions = {}): Promise<GiteaSimulator> {
  let feeds = opts.activityFeeds ?? true;
  const sim = await startForgeSimulator(opts, {
    profile: GITEA_PROFILE,
    tempPrefix: "claimcheck-gtsim-",
    rateLimits: { authenticated: 100_000, anonymous: 100_000, windowMs: 60_000 },
    routes: (world) => {
      const ctx = { origin: "", web: opts.web ?? "https://codeberg.org" };
      const routes = new GiteaRoutes(world, ctx, () => feeds);
      return { handle: (path: string, url: URL) => routes.handle(path, url), ctx };
    },
  });
  return {
    ...sim,
    setActivityFeeds: (enabled) => {
      feeds = enabled;
    },
  };
}
