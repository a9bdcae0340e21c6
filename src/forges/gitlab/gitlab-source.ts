import type { GhRepo } from "../../github/index.ts";
import { refusedRepoName } from "../../github/index.ts";
import { systemClock } from "../../lib/index.ts";
import { isolateRepo } from "../evidence/isolation.ts";
import type { ForgeHttp } from "../http/forge-http.ts";
import { countHeader, fetchPages } from "../http/paging.ts";
import { type ForgeSourceOptions, forgeHttpFor } from "../source-options.ts";
import type { ForgeCapabilities, ForgeSource } from "../types.ts";
import { fetchGitLabEvidence, projectPath } from "./gitlab-evidence.ts";
import { projectIdOf, toGhRepo, toGhUser } from "./gitlab-mappers.ts";
import { GITLAB_POLICY } from "./gitlab-policy.ts";

/** What GitLab gives and lacks, for rules that need it (src/forges/types.ts). */
export const GITLAB_CAPABILITIES: ForgeCapabilities = {
  provides: ["push-times", "commit-stats", "commit-files", "per-file-additions", "signatures", "topics", "copy-search"],
  lacks: [
    {
      evidence: "commit-accounts",
      reason:
        "GitLab's API links no commit to an account: commits are tied to the candidate by the profile's public email, its noreply address, or commits the account itself pushed",
    },
    {
      evidence: "pushed-at",
      reason:
        "GitLab has no pushed_at (last_activity_at also moves with issues and comments); push events give push times",
    },
    {
      evidence: "tree-identity",
      reason: "GitLab's commit API gives no tree SHA: a copy is found only when the same history was pushed again",
    },
    { evidence: "language-bytes", reason: "GitLab reports languages in percent, not bytes" },
  ],
};

const MAX_PROJECT_PAGES = 20;

/**
 * The GitLab evidence source (REST v4; gitlab.com or a self-managed instance) for one verification:
 * GitHubSource's contract with each repository's forge record (push times, identity basis, what GitLab
 * lacks). Throws ForgeRateLimitedError (defer) or ForgeUnavailableError like the GitHub source.
 */
export function createGitLabSource(o: ForgeSourceOptions): ForgeSource & { http: ForgeHttp } {
  const clock = o.clock ?? systemClock;
  const host = o.config.host;
  const http = forgeHttpFor(o, GITLAB_POLICY);
  const accounts = new Map<
    string,
    Promise<{ id: number; name: string | null; publicEmail: string | null; data: unknown } | null>
  >();
  const projectIds = new Map<string, Promise<number | null>>();

  const account = (login: string) => {
    let p = accounts.get(login.toLowerCase());
    if (!p) {
      p = (async () => {
        const found = await http.get<Array<{ id?: number }>>("/users", { username: login });
        const id = Array.isArray(found.data) ? found.data[0]?.id : undefined;
        if (id === undefined) return null;
        const res = await http.get<{ name?: string; public_email?: string }>(`/users/${id}`, {}, [404]);
        if (res.status !== 200) return null;
        return { id, name: res.data.name ?? null, publicEmail: res.data.public_email || null, data: res.data };
      })();
      accounts.set(login.toLowerCase(), p);
    }
    return p;
  };

  const remember = (data: unknown) => {
    const repo = { ...toGhRepo(data), host };
    projectIds.set(repo.fullName.toLowerCase(), Promise.resolve(projectIdOf(data)));
    return repo;
  };

  const getRepo = async (owner: string, name: string): Promise<GhRepo | null> => {
    if (refusedRepoName(owner, name) !== null) return null;
    const res = await http.get(projectPath(`${owner}/${name}`), {}, [404]);
    return res.status === 200 ? remember(res.data) : null;
  };

  const projectId = (fullName: string) => {
    let p = projectIds.get(fullName.toLowerCase());
    if (!p) {
      p = http.get(projectPath(fullName), {}, [404]).then((res) => (res.status === 200 ? projectIdOf(res.data) : null));
      projectIds.set(fullName.toLowerCase(), p);
    }
    return p;
  };

  const limits = {
    maxCommitPages: Math.max(1, o.maxCommitPages ?? 10),
    maxEventPages: Math.max(1, o.maxEventPages ?? 10),
    sampleSize: Math.max(0, o.sampleSize ?? 10),
  };

  return {
    http,
    host,
    kind: "gitlab",
    capabilities: () => GITLAB_CAPABILITIES,
    async getUser(login) {
      const a = await account(login);
      if (!a) return null;
      const projects = await http.get<unknown[]>(`/users/${a.id}/projects`, { per_page: 1 }, [404]);
      return toGhUser(
        a.data,
        countHeader(projects, "x-total") ?? (Array.isArray(projects.data) ? projects.data.length : 0),
      );
    },
    async listUserRepos(login) {
      const a = await account(login);
      if (!a) return [];
      const { items } = await fetchPages<unknown>(
        http,
        `/users/${a.id}/projects`,
        { per_page: 100, order_by: "id", sort: "asc" },
        MAX_PROJECT_PAGES,
        [404],
      );
      return items.map(remember);
    },
    getRepo,
    repoEvidence: (repo, login) =>
      isolateRepo(
        repo,
        {
          host,
          kind: "gitlab",
          capabilities: GITLAB_CAPABILITIES,
          identity: { emails: [], basis: [] },
          languageUnit: "percent",
        },
        () =>
          fetchGitLabEvidence(
            { http, host, now: () => clock.now(), capabilities: GITLAB_CAPABILITIES, account, projectId, limits },
            repo,
            login,
          ),
        o.logger,
      ),
    stats: () => ({ ...http.counters }),
    rateLimit: () => http.rateLimit(),
  };
}
