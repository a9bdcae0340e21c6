import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ManualClock } from "../../../src/lib/clock.ts";
import doc from "../../fixtures/forges/gitlab-openapi.json";
import { forgeCandidate } from "../forge-sim/forge-candidate.ts";
import { ServedLog } from "../forge-sim/served-log.ts";
import { SCENARIO_NOW } from "../github-sim/scenarios/index.ts";
import { type GitLabSimulator, startGitLabSimulator } from "./gitlab-simulator.ts";

const log = new ServedLog(doc, { nulls: "any", listsByElement: true });
const clock = new ManualClock(Date.parse(SCENARIO_NOW));
let sim: GitLabSimulator;
const api = (p: string) => `${sim.url}/api/v4${p}`;
const get = async (p: string, headers: Record<string, string> = {}) => {
  const res = await fetch(api(p), { headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
};

beforeAll(async () => {
  sim = await startGitLabSimulator({
    clock,
    onServe: log.record,
    users: [{ login: "gail", name: "Gail", createdAt: "2015-01-01T00:00:00Z", publicEmail: "gail@example.com" }],
    candidates: [forgeCandidate("alice")],
  });
});
afterAll(() => sim.stop());

describe("GitLab simulator", () => {
  test("users: by username, by id (public profile), unknown", async () => {
    const list = await get("/users?username=alice");
    expect(list.body).toHaveLength(1);
    const id = list.body[0].id;
    const user = await get(`/users/${id}`);
    expect(user.body.username).toBe("alice");
    expect(user.body.created_at).toBe("2018-03-14T10:00:00.000Z");
    expect((await get("/users/gail")).body.public_email).toBe("gail@example.com");
    const projects = await get(`/users/${id}/projects?per_page=2&order_by=id&sort=asc`);
    expect(projects.headers.get("x-total")).toBe("4");
    expect(projects.body.map((p: { id: number }) => p.id)).toEqual(
      [...projects.body.map((p: { id: number }) => p.id)].sort(),
    );
    expect((await get("/users?username=nobody")).body).toEqual([]);
    const missing = await get("/users/999999");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("404 User Not Found");
  });

  test("projects by id and by URL-encoded path; a fork names its parent; unknown is 404", async () => {
    const byPath = await get(`/projects/${encodeURIComponent("alice/fastcsv")}`);
    expect(byPath.status).toBe(200);
    expect(byPath.body.forked_from_project.path_with_namespace).toBe("upstream-org/fastcsv");
    expect((await get(`/projects/${byPath.body.id}`)).body.path_with_namespace).toBe("alice/fastcsv");
    expect((await get(`/projects/${encodeURIComponent("alice/nope")}`)).status).toBe(404);
    const forks = await get(`/projects/${encodeURIComponent("upstream-org/fastcsv")}/forks`);
    expect(forks.body.map((p: { path_with_namespace: string }) => p.path_with_namespace)).toEqual(["alice/fastcsv"]);
  });

  test("commit listing: offset pages with GitLab's headers, with_stats, since/until, ref_name, all", async () => {
    const path = `/projects/${encodeURIComponent("alice/pixel-art")}/repository/commits`;
    const first = await get(`${path}?per_page=100&with_stats=true`);
    const total = Number(first.headers.get("x-total"));
    expect(total).toBeGreaterThan(100);
    expect(first.body).toHaveLength(100);
    expect(first.headers.get("x-next-page")).toBe("2");
    expect(first.headers.get("x-total-pages")).toBe(String(Math.ceil(total / 100)));
    expect(first.headers.get("link")).toContain('rel="next"');
    expect(first.body[0].stats).toEqual({ additions: 1, deletions: 0, total: 1 });
    const last = await get(`${path}?per_page=100&page=${Math.ceil(total / 100)}`);
    expect(last.headers.get("x-next-page")).toBe("");
    expect(last.body).toHaveLength(total - 100 * (Math.ceil(total / 100) - 1));
    const oldest = last.body[last.body.length - 1].committed_date;
    const since = await get(
      `${path}?per_page=100&since=${encodeURIComponent(oldest)}&until=${encodeURIComponent(oldest)}`,
    );
    expect(since.body.every((c: { committed_date: string }) => c.committed_date === oldest)).toBe(true);
    expect((await get(`${path}?ref_name=main&all=true&per_page=1`)).headers.get("x-total")).toBe(String(total));
    expect((await get(`${path}?ref_name=no-such-branch`)).status).toBe(404);
  });

  test("one commit with stats, its diff, and its signature (404 unsigned, the record when signed)", async () => {
    const base = `/projects/${encodeURIComponent("alice/weather-dash")}/repository/commits`;
    const [root] = (await get(`${base}?per_page=100&page=1`)).body.slice(-1);
    const detail = await get(`${base}/${root.id}`);
    expect(detail.body.stats.additions).toBeGreaterThan(0);
    const diff = await get(`${base}/${root.id}/diff?per_page=100`);
    const added = diff.body.reduce(
      (s: number, f: { diff: string }) => s + f.diff.split("\n").filter((l) => l.startsWith("+")).length,
      0,
    );
    expect(added).toBe(detail.body.stats.additions);
    expect((await get(`${base}/${root.id}/signature`)).status).toBe(404);
    sim.sign(root.id, { kind: "gpg", verified: true, email: "alice@example.com" });
    const sig = await get(`${base}/${root.id}/signature`);
    expect(sig.body).toMatchObject({
      signature_type: "PGP",
      verification_status: "verified",
      gpg_key_user_email: "alice@example.com",
    });
    expect((await get(`${base}/${"f".repeat(40)}`)).status).toBe(404);
  });

  test("push events carry server time and the pushed range: a painted graph arrives in one push", async () => {
    const events = await get(`/projects/${encodeURIComponent("alice/pixel-art")}/events?action=pushed`);
    expect(events.body).toHaveLength(1);
    const [push] = events.body;
    const commits = await get(`/projects/${encodeURIComponent("alice/pixel-art")}/repository/commits?per_page=1`);
    expect(push.push_data.commit_count).toBe(Number(commits.headers.get("x-total")));
    expect(push.push_data.commit_to).toBe(commits.body[0].id);
    expect(push.push_data.commit_from).toBeNull();
    expect(Date.parse(push.created_at)).toBeGreaterThan(Date.parse(commits.body[0].authored_date) + 200 * 86_400_000);
  });

  test("an honest import: the old commits arrive together at creation, later work push by push", async () => {
    const events = (await get(`/projects/${encodeURIComponent("alice/survey-kit")}/events?action=pushed&per_page=100`))
      .body;
    const creation = events[events.length - 1];
    expect(creation.push_data.commit_count).toBe(140);
    expect(events.length).toBeGreaterThan(5);
    const project = (await get(`/projects/${encodeURIComponent("alice/survey-kit")}`)).body;
    expect(Date.parse(creation.created_at) - Date.parse(project.created_at)).toBe(60_000);
  });

  test("user events: newest first, paged, and nothing older than three years", async () => {
    const id = (await get("/users?username=alice")).body[0].id;
    const all = await get(`/users/${id}/events?per_page=100`);
    expect(all.body.some((e: { action_name: string }) => e.action_name === "created")).toBe(true);
    const times = all.body.map((e: { created_at: string }) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const r = await sim.push(
      "alice/weather-dash",
      [
        {
          author: { name: "alice", email: "alice@example.com" },
          authorDate: "2026-01-02T10:00:00Z",
          message: "late fix",
          files: { "late.txt": "x\n" },
        },
      ],
      "2026-01-02T10:05:00Z",
    );
    expect((await get(`/users/${id}/events?action=pushed&per_page=1`)).body[0].push_data.commit_to).toBe(r.after);
    clock.advance(3 * 365 * 86_400_000);
    expect((await get(`/users/${id}/events?per_page=100`)).body.length).toBeLessThan(all.body.length);
    clock.set(Date.parse(SCENARIO_NOW));
  });

  test("search with offset and keyset pagination; contributors; languages as percentages", async () => {
    const offset = await get("/projects?search=a&per_page=2");
    expect(offset.headers.get("x-total")).not.toBeNull();
    const seen: number[] = [];
    let next: string | null = api("/projects?search=a&pagination=keyset&order_by=id&sort=asc&per_page=2");
    while (next) {
      const res: Response = await fetch(next);
      const body = (await res.json()) as Array<{ id: number }>;
      log.record({
        method: "GET",
        path: new URL(next).pathname,
        query: {},
        op: "/projects",
        status: res.status,
        headers: Object.fromEntries(res.headers),
        body,
      });
      seen.push(...body.map((p) => p.id));
      expect(res.headers.get("x-total")).toBeNull();
      next = res.headers.get("link")?.match(/<([^>]+)>; rel="next"/)?.[1] ?? null;
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.length).toBe(Number(offset.headers.get("x-total")));
    const contributors = await get(`/projects/${encodeURIComponent("alice/fastcsv")}/repository/contributors`);
    expect(contributors.body.map((c: { email: string }) => c.email)).toContain("alice@example.com");
    const langs = (await get(`/projects/${encodeURIComponent("alice/weather-dash")}/languages`)).body;
    expect(Object.values(langs).reduce((a: number, b) => a + (b as number), 0)).toBeCloseTo(100, 0);
  });

  test("ETag and 304; RateLimit-* on every answer; 429 with Retry-After when spent; 5xx bursts and resets", async () => {
    const first = await fetch(api("/users?username=alice"));
    await first.text();
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("ratelimit-limit")).toBe("500");
    const again = await fetch(api("/users?username=alice"), { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    sim.rateLimit.throttle({ count: 1, retryAfterSec: 7 });
    const throttled = await fetch(api("/users?username=alice"));
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("7");
    sim.rateLimit.exhaust({ resetAt: clock.now() + 30_000 });
    const spent = await fetch(api("/users?username=alice"));
    expect(spent.status).toBe(429);
    expect(spent.headers.get("ratelimit-remaining")).toBe("0");
    expect(spent.headers.get("retry-after")).toBe("30");
    clock.advance(30_000);
    sim.injectFaults({ status: 502, count: 2, match: "/users" });
    expect((await fetch(api("/users?username=alice"))).status).toBe(502);
    expect((await fetch(api("/users?username=alice"))).status).toBe(502);
    expect((await fetch(api("/users?username=alice"))).status).toBe(200);
    sim.injectFaults({ kind: "reset", match: "/users" });
    await expect(fetch(api("/users?username=alice")).then((r) => r.json())).rejects.toThrow();
  });

  test("every answer served matched GitLab's description, and every described operation was served", () => {
    expect(log.errors()).toEqual([]);
    expect(log.unexercised()).toEqual([]);
    expect(log.checked()).toBeGreaterThan(30);
  });
});
