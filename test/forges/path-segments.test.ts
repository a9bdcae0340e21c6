import { describe, expect, test } from "bun:test";
import { linkFlags } from "../../src/analysis/claim-flags.ts";
import type { HostAccount } from "../../src/analysis/host-accounts.ts";
import { resolveLinks } from "../../src/analysis/resolve-links.ts";
import { createGiteaSource } from "../../src/forges/gitea/gitea-source.ts";
import { createGitLabSource } from "../../src/forges/gitlab/gitlab-source.ts";
import { createForgeHttp } from "../../src/forges/http/forge-http.ts";
import { holdsDotSegment, ownerNamePath } from "../../src/forges/http/path-segments.ts";
import type { ForgeSource } from "../../src/forges/types.ts";
import { createGitHubSource } from "../../src/github/github-source.ts";
import { refusedRepoName } from "../../src/github/path-params.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import type { ClaimedProject, ResumeLink } from "../../src/resume/types.ts";
import { claim as fixtureClaim, link as fixtureLink } from "../analysis/fixtures.ts";
import { freshDb } from "../github/fixtures.ts";
import { recordingFetch } from "../support/recording-fetch.ts";

/**
 * A resume link's repository name is percent-decoded: `codeberg.org/imoreau/x%2F..%2F..%2F..%2Fuser` names
 * the repository "x/../../../user". Split on "/" it would send `GET /api/v1/user` with the host's token.
 * Every forge must send a name as one whole segment, and a name no host can serve is never asked at all.
 */

const HOSTILE = "x/../../../user";

const clock = new ManualClock(0);
/** Gitea's way of sending a token, and nothing else of a host's policy */
const policy = {
  name: "Gitea",
  tokenSetting: "FORGE_HOSTS",
  authHeaders: (t: string) => ({ authorization: `token ${t}` }),
  readWindow: () => null,
  immutable: () => false,
};
const giteaSource = (fetch: ReturnType<typeof recordingFetch>["fetch"]) =>
  createGiteaSource({
    config: { host: "codeberg.org", kind: "gitea", apiBase: "http://127.0.0.1:9/api/v1", token: "tok" },
    clock,
    fetch,
    cache: null,
  });
const gitlabSource = (fetch: ReturnType<typeof recordingFetch>["fetch"]) =>
  createGitLabSource({
    config: { host: "gitlab.com", kind: "gitlab", apiBase: "http://127.0.0.1:9/api/v4", token: "tok" },
    clock,
    fetch,
    cache: null,
  });

describe("names read from a resume", () => {
  test.each([
    ["imoreau", HOSTILE, "encoded slash"],
    ["imoreau", "a\\..\\user", "encoded slash"],
    ["imoreau", "..", "dot segment"],
    ["imoreau", ".", "dot segment"],
    ["..", "x", "dot segment"],
    ["group/../other", "x", "dot segment"],
    ["imoreau", "", "names no owner or repository"],
    ["imoreau", "x\u0000y", "control character"],
  ])("%p / %p is refused (%s)", (owner, name, why) => expect(refusedRepoName(owner, name)).toContain(why));

  test.each([
    ["imoreau", "x"],
    ["imoreau", "..."],
    ["imoreau", ".dotfiles"],
    ["group/sub", "project"],
  ])("%p / %p may be asked", (owner, name) => expect(refusedRepoName(owner, name)).toBeNull());
});

describe("every forge sends a name as one segment, and refuses the hostile ones unsent", () => {
  test("Gitea/Forgejo: the name is one segment, never split; a hostile name is not asked", async () => {
    expect(ownerNamePath("/repos", `imoreau/${HOSTILE}`)).toBe("/repos/imoreau/x%2F..%2F..%2F..%2Fuser");
    const host = recordingFetch();
    const s = giteaSource(host.fetch);
    expect(await s.getRepo("imoreau", HOSTILE)).toBeNull();
    expect(await s.getRepo("imoreau", "..")).toBeNull();
    expect(host.urls).toEqual([]);
    await s.getRepo("imoreau", "real");
    expect(host.urls).toEqual(["http://127.0.0.1:9/api/v1/repos/imoreau/real"]);
  });

  test("Gitea/Forgejo: a fork parent named with a slash by the host itself stays inside /repos", async () => {
    const host = recordingFetch();
    const s = giteaSource(host.fetch);
    const repo = { ...(await s.getRepo("imoreau", "real"))!, fullName: `imoreau/${HOSTILE}`, empty: false };
    await s.repoEvidence(repo, "imoreau").catch(() => undefined);
    expect(host.urls.length).toBeGreaterThan(1);
    for (const u of host.urls.slice(1)) {
      const path = new URL(u).pathname;
      expect(path.startsWith("/api/v1/repos/imoreau/") || path.startsWith("/api/v1/users/imoreau/")).toBe(true);
    }
  });

  test("GitLab: the project path is one segment; a hostile name is not asked", async () => {
    const host = recordingFetch();
    const s = gitlabSource(host.fetch);
    expect(await s.getRepo("imoreau", HOSTILE)).toBeNull();
    expect(await s.getRepo("group/..", "x")).toBeNull();
    expect(host.urls).toEqual([]);
    await s.getRepo("group/sub", "real");
    expect(host.urls).toEqual(["http://127.0.0.1:9/api/v4/projects/group%2Fsub%2Freal"]);
  });

  test("GitHub: a hostile name is not asked", async () => {
    const host = recordingFetch();
    const s = createGitHubSource({
      db: freshDb(),
      baseUrl: "http://127.0.0.1:9/api",
      token: "t",
      clock,
      fetch: host.fetch,
    } as Parameters<typeof createGitHubSource>[0]);
    expect(await s.getRepo("imoreau", HOSTILE)).toBeNull();
    expect(await s.getRepo("a/b", "c")).toBeNull();
    expect(host.urls).toEqual([]);
  });

  test("the transport never sends a path with a dot segment, encoded or not", async () => {
    for (const p of ["/repos/a/..", "/repos/./x", "/users/%2e%2e", "/repos/a/.%2E/x?q=1", "http://h/x/../y"])
      expect(holdsDotSegment(p)).toBe(true);
    for (const p of ["/repos/a/...", "/repos/a/.dotfiles", "/repos/a/x%2F..%2Fy", "/search?q=.."])
      expect(holdsDotSegment(p)).toBe(false);
    const host = recordingFetch();
    const http = createForgeHttp({
      apiBase: "http://127.0.0.1:9/api/v1",
      host: "codeberg.org",
      policy,
      fetch: host.fetch,
      cache: null,
      clock,
    });
    expect((await http.get("/users/%2E%2E", {}, [404])).status).toBe(404);
    await expect(http.get("/repos/a/..")).rejects.toThrow('a path holding a "." or ".." segment is not sent');
    expect(host.urls).toEqual([]);
  });

  test("a link the token would leave the host for is refused without naming where it pointed", async () => {
    const host = recordingFetch();
    const http = createForgeHttp({
      apiBase: "https://codeberg.org/api/v1",
      host: "codeberg.org",
      policy,
      fetch: host.fetch,
      cache: null,
      clock,
    });
    const err = await http.get("http://127.0.0.1:5432/internal").catch((e: Error) => e);
    expect(String((err as Error).message)).toBe("codeberg.org: refusing to send the token outside codeberg.org");
    expect(String((err as Error).message)).not.toContain("127.0.0.1");
    expect(host.urls).toEqual([]);
  });
});

describe("link resolution", () => {
  const link = (owner: string, repo: string): ResumeLink =>
    fixtureLink(`https://codeberg.org/${owner}/${encodeURIComponent(repo)}`, {
      kind: "repository",
      owner,
      repo,
      host: "codeberg.org",
      repoUrl: `codeberg.org/${owner}/${repo}`,
    });
  const claim = (links: ResumeLink[]): ClaimedProject =>
    fixtureClaim("Tool", { repoUrl: links[0]?.repoUrl ?? null, repoLinks: links });

  test("a hostile repository name is refused with the reason, never asked of the host", async () => {
    const asked: string[] = [];
    const source = {
      host: "codeberg.org",
      getRepo: async (owner: string, name: string) => {
        asked.push(`${owner}/${name}`);
        return null;
      },
    } as unknown as ForgeSource;
    const account = { source, login: "imoreau", host: "codeberg.org", listed: [], user: {} } as unknown as HostAccount;
    const accounts = new Map([["codeberg.org", account]]);
    const c = claim([link("imoreau", HOSTILE), link("imoreau", "real")]);
    const targets = await resolveLinks(accounts, [c], []);
    expect(asked).toEqual(["imoreau/real"]);
    const flags = linkFlags(c, targets, new Set(["codeberg.org"]));
    const refused = flags.find((f) => f.message.includes(HOSTILE));
    expect(refused?.message).toContain("no host can serve (the repository name holds an encoded slash)");
    expect(refused?.message).toContain("not looked up");
  });
});
