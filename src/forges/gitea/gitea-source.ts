import type { GhRepo } from "../../github/index.ts";
import { refusedRepoName } from "../../github/index.ts";
import { isolateRepo } from "../evidence/isolation.ts";
import type { ForgeHttp } from "../http/forge-http.ts";
import { countHeader, fetchPages } from "../http/paging.ts";
import { type ForgeSourceOptions, forgeHttpFor } from "../source-options.ts";
import type { ForgeCapabilities, ForgeSource } from "../types.ts";
import { fetchGiteaEvidence, GITEA_PAGE, repoPath } from "./gitea-evidence.ts";
import { toGhRepo, toGhUser } from "./gitea-mappers.ts";
import { GITEA_POLICY } from "./gitea-policy.ts";

/** What Gitea/Forgejo gives and lacks, for rules that need it (src/forges/types.ts). */
export const GITEA_CAPABILITIES: ForgeCapabilities = {
  provides: [
    "commit-accounts",
    "commit-stats",
    "commit-files",
    "signatures",
    "tree-identity",
    "language-bytes",
    "copy-search",
    "push-times",
  ],
  lacks: [
    {
      evidence: "pushed-at",
      reason: "Gitea has no pushed_at (updated_at also moves with settings); the activity feed gives push times",
    },
    { evidence: "per-file-additions", reason: "Gitea lists a commit's files without the lines added to each" },
    { evidence: "topics", reason: "Gitea's repository answer (API 1.22) carries no topics" },
  ],
};

/** The same host without an activity feed: push times are missing too. */
const WITHOUT_FEED: ForgeCapabilities = {
  provides: GITEA_CAPABILITIES.provides.filter((e) => e !== "push-times"),
  lacks: [...GITEA_CAPABILITIES.lacks, { evidence: "push-times", reason: "this host serves no activity feed (404)" }],
};

const MAX_REPO_PAGES = 40;

/**
 * The Gitea/Forgejo evidence source (/api/v1; Codeberg or a self-hosted instance) for one verification:
 * GitHubSource's contract with each repository's forge record. Throws ForgeRateLimitedError (defer) or
 * ForgeUnavailableError like the GitHub source.
 */
export function createGiteaSource(o: ForgeSourceOptions): ForgeSource & { http: ForgeHttp } {
  const host = o.config.host;
  const http = forgeHttpFor(o, GITEA_POLICY);
  const feeds = new Map<string, Promise<{ items: unknown[]; truncated: boolean } | null>>();
  let hasFeed = true;
  const feed = (login: string) => {
    let p = feeds.get(login.toLowerCase());
    if (!p) {
      p = fetchPages<unknown>(
        http,
        `/users/${encodeURIComponent(login)}/activities/feeds`,
        { "only-performed-by": true, limit: GITEA_PAGE },
        Math.max(1, o.maxEventPages ?? 10),
        [404],
      ).then((r) => {
        if (r.status === 404) {
          hasFeed = false;
          return null;
        }
        return { items: r.items, truncated: r.truncated };
      });
      feeds.set(login.toLowerCase(), p);
    }
    return p;
  };
  const capabilities = () => (hasFeed ? GITEA_CAPABILITIES : WITHOUT_FEED);
  const limits = { maxCommitPages: Math.max(1, o.maxCommitPages ?? 10), sampleSize: Math.max(0, o.sampleSize ?? 10) };

  const getRepo = async (owner: string, name: string): Promise<GhRepo | null> => {
    if (refusedRepoName(owner, name) !== null || owner.includes("/")) return null;
    const res = await http.get(repoPath(`${owner}/${name}`), {}, [404]);
    return res.status === 200 ? { ...toGhRepo(res.data), host } : null;
  };

  return {
    http,
    host,
    kind: "gitea",
    capabilities,
    async getUser(login) {
      const res = await http.get(`/users/${encodeURIComponent(login)}`, {}, [404]);
      if (res.status !== 200) return null;
      const repos = await http.get<unknown[]>(`/users/${encodeURIComponent(login)}/repos`, { limit: 1 }, [404]);
      return toGhUser(res.data, countHeader(repos, "x-total-count") ?? 0);
    },
    async listUserRepos(login) {
      const { items } = await fetchPages<unknown>(
        http,
        `/users/${encodeURIComponent(login)}/repos`,
        { limit: GITEA_PAGE },
        MAX_REPO_PAGES,
        [404],
      );
      return items.map((r) => ({ ...toGhRepo(r), host })).filter((r) => r.owner.toLowerCase() === login.toLowerCase());
    },
    getRepo,
    async repoEvidence(repo, login) {
      const forge = {
        host,
        kind: "gitea" as const,
        capabilities: capabilities(),
        identity: { emails: [], basis: [] },
        languageUnit: "bytes" as const,
      };
      const evidence = await isolateRepo(
        repo,
        forge,
        () => fetchGiteaEvidence({ http, host, capabilities: GITEA_CAPABILITIES, feed, limits }, repo, login),
        o.logger,
      );
      // the feed's absence is known only once it was asked for
      evidence.forge.capabilities = capabilities();
      return evidence;
    },
    stats: () => ({ ...http.counters }),
    rateLimit: () => http.rateLimit(),
  };
}
