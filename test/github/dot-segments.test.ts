import { describe, expect, test } from "bun:test";
import { createGitHubClient } from "../../src/github/github-client.ts";
import { createGitHubSource } from "../../src/github/github-source.ts";
import { dotSegmentParam } from "../../src/github/path-params.ts";
import { GitHubUnavailableError } from "../../src/github/types.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { recordingFetch } from "../support/recording-fetch.ts";
import { freshDb } from "./fixtures.ts";

/**
 * Repository names come from resumes. "." and ".." would be dot segments in a REST path, removed by URL
 * resolution (`/repos/alice/..` is sent as `/repos/`): they never reach GitHub.
 */

const options = (fetch: ReturnType<typeof recordingFetch>["fetch"]) => ({
  baseUrl: "http://127.0.0.1:9/api",
  token: "t",
  clock: new ManualClock(0),
  fetch,
});

describe("dot segments in REST path parameters", () => {
  test.each([
    ["/repos/{owner}/{repo}", { owner: "alice", repo: ".." }, "repo"],
    ["/repos/{owner}/{repo}", { owner: ".", repo: "x" }, "owner"],
    ["/repos/{owner}/{repo}/commits/{ref}", { owner: "a", repo: "b", ref: ".." }, "ref"],
    ["/repos/{owner}/{repo}", { owner: "alice", repo: "..." }, null],
    ["/repos/{owner}/{repo}", { owner: "alice", repo: ".dotfiles" }, null],
    ["/repos/{owner}/{repo}/contents/{path}", { owner: "a", repo: "b", path: "" }, null],
    ["/search/code", { q: ".." }, null], // not a path parameter
  ])("%s %p -> %p", (route, params, name) => expect(dotSegmentParam(route, params)).toBe(name));

  test("a request with one is answered 404 when the caller handles 404, without a request to GitHub", async () => {
    const gh = recordingFetch();
    const client = createGitHubClient(options(gh.fetch));
    const res = await client.get("/repos/{owner}/{repo}", { owner: "alice", repo: ".." }, [404]);
    expect(res.status).toBe(404);
    expect(gh.urls).toEqual([]);
    await client.get("/repos/{owner}/{repo}", { owner: "alice", repo: "real" }, [404]);
    expect(gh.urls).toEqual(["http://127.0.0.1:9/api/repos/alice/real"]);
  });

  test("otherwise it fails as a 404 would, naming the parameter", async () => {
    const gh = recordingFetch();
    const client = createGitHubClient(options(gh.fetch));
    let err: unknown = null;
    try {
      await client.get("/repos/{owner}/{repo}/languages", { owner: "alice", repo: "." });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GitHubUnavailableError);
    expect((err as GitHubUnavailableError).status).toBe(404);
    expect((err as Error).message).toContain('repo "." is not a GitHub name');
    expect(gh.urls).toEqual([]);
  });

  test("a resume's repository named '..' is a repository that does not exist, not the owner's listing", async () => {
    const gh = recordingFetch();
    const source = createGitHubSource({ ...options(gh.fetch), db: freshDb() });
    expect(await source.getRepo("alice", "..")).toBeNull();
    expect(gh.urls).toEqual([]);
  });
});
