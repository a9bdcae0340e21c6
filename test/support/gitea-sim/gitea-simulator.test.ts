import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ManualClock } from "../../../src/lib/clock.ts";
import doc from "../../fixtures/forges/gitea-swagger.json";
import { forgeCandidate } from "../forge-sim/forge-candidate.ts";
import { ServedLog } from "../forge-sim/served-log.ts";
import { emptyRepository, SCENARIO_NOW } from "../github-sim/scenarios/index.ts";
import { type GiteaSimulator, startGiteaSimulator } from "./gitea-simulator.ts";

// Gitea answers 404 for an unknown owner on every /users/{username}/... route; its swagger lists only 200 here
const log = new ServedLog(doc, { nulls: "refs" }, { "/users/{username}/repos": [404] });
const clock = new ManualClock(Date.parse(SCENARIO_NOW));
let sim: GiteaSimulator;
const api = (p: string) => `${sim.url}/api/v1${p}`;
const get = async (p: string) => {
  const res = await fetch(api(p));
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
};

beforeAll(async () => {
  sim = await startGiteaSimulator({
    clock,
    onServe: log.record,
    candidates: [forgeCandidate("carol", { more: [emptyRepository({ login: "carol" })] })],
  });
});
afterAll(() => sim.stop());

describe("Gitea simulator", () => {
  test("users and their repositories, page/limit with Link and X-Total-Count; unknown user 404", async () => {
    const user = await get("/users/carol");
    expect(user.body.login).toBe("carol");
    expect(user.body.created).toBe("2018-03-14T10:00:00Z");
    const page1 = await get("/users/carol/repos?limit=2");
    expect(page1.headers.get("x-total-count")).toBe("5");
    expect(page1.body).toHaveLength(2);
    expect(page1.headers.get("link")).toContain('rel="next"');
    const page3 = await get("/users/carol/repos?limit=2&page=3");
    expect(page3.body).toHaveLength(1);
    expect(page3.headers.get("link")).toContain('rel="prev"');
    expect((await get("/users/nobody")).status).toBe(404);
    expect((await get("/users/nobody/repos")).status).toBe(404);
  });

  test("a fork carries its parent; forks of the parent; an empty repository answers 409 on commits", async () => {
    const fork = await get("/repos/carol/fastcsv");
    expect(fork.body.fork).toBe(true);
    expect(fork.body.parent.full_name).toBe("upstream-org/fastcsv");
    expect(
      (await get("/repos/upstream-org/fastcsv/forks")).body.map((r: { full_name: string }) => r.full_name),
    ).toEqual(["carol/fastcsv"]);
    expect((await get("/repos/carol/nope")).status).toBe(404);
    const empty = await get("/repos/carol/future-idea/commits");
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe("Git Repository is empty.");
  });

  test("commits: linked authors, stats and files by default, off on request, every page header", async () => {
    const res = await get("/repos/carol/weather-dash/commits?limit=20");
    const total = Number(res.headers.get("x-total"));
    expect(total).toBeGreaterThan(20);
    expect(res.headers.get("x-total-count")).toBe(String(total));
    expect(res.headers.get("x-hasmore")).toBe("true");
    expect(res.headers.get("x-pagecount")).toBe(String(Math.ceil(total / 20)));
    const [c] = res.body;
    expect(c.author.login).toBe("carol");
    expect(c.stats.total).toBe(c.stats.additions + c.stats.deletions);
    expect(c.files.length).toBeGreaterThan(0);
    expect(c.commit.verification.verified).toBe(false);
    const lean = await get("/repos/carol/weather-dash/commits?limit=1&stat=false&files=false");
    expect(lean.body[0].stats).toBeUndefined();
    expect(lean.body[0].files).toBeUndefined();
    const over = await get("/repos/carol/weather-dash/commits?limit=500");
    expect(over.body).toHaveLength(Math.min(50, total));
    expect(over.headers.get("x-perpage")).toBe("50");
  });

  test("one commit by sha with verification: unsigned, then signed", async () => {
    const head = (await get("/repos/carol/weather-dash/commits?limit=1")).body[0].sha;
    const one = await get(`/repos/carol/weather-dash/git/commits/${head}`);
    expect(one.body.sha).toBe(head);
    sim.sign(head, { kind: "gpg", verified: true, email: "carol@example.com" });
    const signed = await get(`/repos/carol/weather-dash/git/commits/${head}`);
    expect(signed.body.commit.verification).toMatchObject({ verified: true, signer: { username: "carol" } });
    expect((await get(`/repos/carol/weather-dash/git/commits/${"e".repeat(40)}`)).status).toBe(404);
  });

  test("activity feeds: server time of each push, at most five commits listed, Len counts all", async () => {
    const feed = await get("/users/carol/activities/feeds?only-performed-by=true&limit=50");
    const pushes = feed.body.filter((a: { op_type: string }) => a.op_type === "commit_repo");
    const painted = pushes.find((a: { repo: { name: string } }) => a.repo.name === "pixel-art");
    const content = JSON.parse(painted.content);
    expect(content.Commits).toHaveLength(5);
    expect(content.Len).toBeGreaterThan(100);
    expect(Date.parse(painted.created) - Date.parse(content.Commits[0].Timestamp)).toBeGreaterThan(200 * 86_400_000);
    sim.setActivityFeeds(false);
    expect((await get("/users/carol/activities/feeds")).status).toBe(404);
    sim.setActivityFeeds(true);
  });

  test("search and languages", async () => {
    const found = await get("/repos/search?q=weather");
    expect(found.body.ok).toBe(true);
    expect(found.body.data.map((r: { full_name: string }) => r.full_name)).toEqual(["carol/weather-dash"]);
    const langs = (await get("/repos/carol/weather-dash/languages")).body;
    expect(Object.values(langs).every((v) => Number.isInteger(v))).toBe(true);
  });

  test("no ETags; 429 with Retry-After when a proxy throttles; 5xx bursts and resets", async () => {
    const plain = await fetch(api("/users/carol"));
    await plain.text();
    expect(plain.headers.get("etag")).toBeNull();
    expect(plain.headers.get("x-ratelimit-remaining")).toBeNull();
    sim.rateLimit.throttle({ count: 1, retryAfterSec: 3 });
    const throttled = await fetch(api("/users/carol"));
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("3");
    sim.injectFaults({ status: 503, count: 1, match: "/users/carol" });
    expect((await fetch(api("/users/carol"))).status).toBe(503);
    sim.injectFaults({ kind: "reset", match: "/users/carol" });
    await expect(fetch(api("/users/carol")).then((r) => r.json())).rejects.toThrow();
  });

  test("every answer served matched Gitea's swagger, and every described operation was served", () => {
    expect(log.errors()).toEqual([]);
    expect(log.unexercised()).toEqual([]);
    expect(log.checked()).toBeGreaterThan(20);
  });
});
