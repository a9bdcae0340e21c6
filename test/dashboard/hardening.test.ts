import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { describeEachBackend } from "../support/backends.ts";
import type { RunningTestApp } from "../support/harness.ts";
import { ADMIN, CookieClient, csrfOf, signedInClient, startDashboardApp } from "./dashboard-support.ts";

/** The login throttle under concurrency, cookie tossing behind HTTPS, unmatched routes with bodies. */

/** One browser's login CSRF pair, reused by many concurrent posts (each post is its own request). */
async function loginForm(t: RunningTestApp, headers: Record<string, string> = {}) {
  const c = new CookieClient(t.url);
  const page = await c.get("/dashboard/login", headers);
  const csrf = csrfOf(page.text);
  const cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  return (username: string, password: string) =>
    fetch(`${t.url}/dashboard/login`, {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _csrf: csrf, username, password }).toString(),
    }).then((r) => r.status);
}

// the reservation must be as atomic across PostgreSQL connections (replicas) as in SQLite's one writer
describeEachBackend("login throttle under concurrency (real server)", (backend) => {
  let t: RunningTestApp;
  beforeAll(async () => {
    t = await startDashboardApp({ env: await backend.env() });
    await signedInClient(t); // creates ADMIN
  }, 60_000);
  afterAll(() => t.stop());

  test("60 concurrent wrong passwords for one user: at most 5 are checked, the correct one after them is refused", async () => {
    const post = await loginForm(t);
    const wrong = Array.from({ length: 60 }, (_, i) => post(ADMIN.username, `wrong guess ${i}`));
    const right = post(ADMIN.username, ADMIN.password);
    const statuses = await Promise.all([...wrong, right]);
    const checked = statuses.filter((s) => s !== 429);
    console.log(
      `61 concurrent logins for one user: ${checked.length} checked, ${statuses.length - checked.length} throttled`,
    );
    // every request that got past the throttle had its password checked: never more than the policy's 5
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(56);
    // the correct password was sent after 60 wrong ones: by then every slot is taken
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 303)).toEqual([]);
  });

  test("40 concurrent usernames from one address: at most 20 are checked", async () => {
    await t.app.db.exec("DELETE FROM admin_login_failures"); // the address's failures of the test before
    const post = await loginForm(t);
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => post(`sprayed${i}`, "some password")));
    console.log(`40 concurrent usernames from one address: ${statuses.filter((s) => s === 401).length} checked`);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(20);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
  });
});

describe("behind HTTPS only the __Host- cookie counts", () => {
  let t: RunningTestApp;
  beforeAll(async () => {
    t = await startDashboardApp({ env: { PUBLIC_URL: "https://claimcheck.example" } });
  });
  afterAll(() => t.stop());

  test("an unprefixed session cookie is ignored, even a valid one, and cannot shadow the real one", async () => {
    const victim = await signedInClient(t, { username: "victim", password: ADMIN.password });
    const attacker = await signedInClient(t, { username: "attacker", password: ADMIN.password });
    const victimToken = victim.jar.get("__Host-cc_session")!;
    const attackerToken = attacker.jar.get("__Host-cc_session")!;
    expect(victimToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(victim.jar.has("cc_session")).toBe(false);

    // a valid token under the unprefixed name (as a sibling subdomain could plant it) is no session
    const bare = await fetch(`${t.url}/dashboard`, {
      redirect: "manual",
      headers: { cookie: `cc_session=${victimToken}` },
    });
    expect(bare.status).toBe(303);
    expect(bare.headers.get("location")).toStartWith("/dashboard/login");

    // cookie tossing: the planted cookie comes first; the victim's own session must still be the one used
    const tossed = await fetch(`${t.url}/dashboard`, {
      redirect: "manual",
      headers: { cookie: `cc_session=${attackerToken}; __Host-cc_session=${victimToken}` },
    });
    expect(tossed.status).toBe(200);
    const page = await tossed.text();
    expect(page).toContain("victim");
    expect(page).not.toContain("attacker");
  });

  test("the login form's CSRF cookie also counts only with its prefix", async () => {
    const c = new CookieClient(t.url);
    const page = await c.get("/dashboard/login");
    const token = c.jar.get("__Host-cc_login_csrf")!;
    expect(token).toBeTruthy();
    const res = await fetch(`${t.url}/dashboard/login`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `cc_login_csrf=${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _csrf: csrfOf(page.text), username: "victim", password: ADMIN.password }),
    });
    expect(res.status).toBe(403);
  });
});

describe("unmatched dashboard routes", () => {
  let t: RunningTestApp;
  let c: CookieClient;
  beforeAll(async () => {
    t = await startDashboardApp();
    c = await signedInClient(t);
  });
  afterAll(() => t.stop());

  const bodies: Array<[string, string]> = [
    ["application/x-www-form-urlencoded", "a=1&_csrf=x"],
    ["application/json", '{"a":1}'],
    ["text/plain", "hello"],
    ["multipart/form-data; boundary=X", '--X\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--X--\r\n'],
  ];
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    test(`${method} with a body to an unknown page is 404, not a 500`, async () => {
      for (const [type, body] of bodies) {
        const withBody = await fetch(`${t.url}/dashboard/no/such/page`, {
          method,
          headers: { cookie: `cc_session=${c.jar.get("cc_session")}`, "content-type": type },
          body,
        });
        expect(withBody.status).toBe(404);
        expect(await withBody.text()).toContain("There is no such dashboard page");
        const bare = await c.request(method, "/dashboard/no-such-page", undefined, { "content-type": type });
        expect(bare.res.status).toBe(404);
      }
    });
  }

  test("another method on an existing page is 405 with Allow", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const res = await fetch(`${t.url}/dashboard/clients`, {
        method,
        headers: { cookie: `cc_session=${c.jar.get("cc_session")}`, "content-type": "application/json" },
        body: '{"name":"x"}',
      });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toContain("GET");
    }
    const post = await fetch(`${t.url}/dashboard/jobs`, {
      method: "POST",
      headers: { cookie: `cc_session=${c.jar.get("cc_session")}`, "content-type": "text/plain" },
      body: "x",
    });
    expect(post.status).toBe(405);
  });
});
