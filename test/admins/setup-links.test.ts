import { afterEach, expect, test } from "bun:test";
import { type App, createApp } from "../../src/app.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { CookieClient, csrfOf, FAST_DASHBOARD } from "../dashboard/dashboard-support.ts";
import { describeEachBackend } from "../support/backends.ts";
import { fixedSteps, tempDir, testConfig } from "../support/harness.ts";

/**
 * Each replica prints a one-time setup link at start while no administrator exists. Once one of them
 * creates the first administrator, every other start link is revoked, on every replica: they share
 * the database (PostgreSQL), as two processes on one DATA_DIR share the SQLite file.
 */

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describeEachBackend("setup links printed at start", (backend) => {
  test("the first administrator revokes the other replica's start link; a link made afterwards works", async () => {
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    const config = testConfig(tmp.dir, await backend.env());
    const replicas: App[] = [];
    for (let i = 0; i < 2; i++) {
      const app = await createApp(config, { logger: silentLogger, steps: fixedSteps(), dashboard: FAST_DASHBOARD });
      await app.start();
      cleanups.push(() => app.stop());
      replicas.push(app);
    }
    const [one, two] = replicas as [App, App];
    const linkOne = (await one.dashboard.setupLinkIfNoAdmin(one.url))!;
    const linkTwo = (await two.dashboard.setupLinkIfNoAdmin(two.url))!;
    expect(linkOne.link).toStartWith(`${one.url}/dashboard/setup?token=`);
    expect(linkTwo.link).toStartWith(`${two.url}/dashboard/setup?token=`);

    const path = (link: string) => link.slice(link.indexOf("/dashboard"));
    const token = (link: string) => new URL(link).searchParams.get("token")!;
    const admin = new CookieClient(one.url);
    const page = await admin.get(path(linkOne.link));
    expect(page.res.status).toBe(200);
    const done = await admin.post("/dashboard/setup", {
      _csrf: csrfOf(page.text),
      token: token(linkOne.link),
      username: "first",
      password: "a long enough password",
      confirm: "a long enough password",
    });
    expect(done.res.status).toBe(303);

    // whoever finds the other replica's link in its log can no longer create an administrator
    const intruder = new CookieClient(two.url);
    expect((await intruder.get(path(linkTwo.link))).res.status).toBe(403);
    const login = await intruder.get("/dashboard/login");
    const tried = await intruder.post("/dashboard/setup", {
      _csrf: csrfOf(login.text),
      token: token(linkTwo.link),
      username: "intruder",
      password: "a long enough password",
      confirm: "a long enough password",
    });
    expect(tried.res.status).toBe(403);
    expect((await two.dashboard.auth.listAdmins()).map((a) => a.username)).toEqual(["first"]);
    // an administrator exists: a restart prints no link, and one made on purpose (admin create) works
    expect(await two.dashboard.setupLinkIfNoAdmin(two.url)).toBeNull();
    const made = await two.dashboard.auth.createSetupToken();
    expect(await two.dashboard.auth.isSetupTokenLive(made.token)).toBe(true);
  }, 60_000);
});
