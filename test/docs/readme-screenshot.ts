/**
 * Takes the README's screenshot: a recruiter's report on the dashboard's job page, in Debian's chromium,
 * against a real running service (the demo's sample candidates on the GitHub simulator).
 *
 *   bun test/docs/readme-screenshot.ts [candidate] [--out docs/images/report.png]
 *
 * The candidate is one of the demo's four (default maya-mixed: a mixed verdict shows a backed claim and a
 * doubtful one side by side). The picture is the top of the page at 1100 px wide, cut at 1160 px high (the verdict and the first claim).
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { launchChromium } from "../dashboard/dashboard-support.ts";
import { DEMO_LOGINS, type DemoLogin, startDemoWorld } from "../dashboard/demo-world.ts";
import { REPO_ROOT } from "../support/harness.ts";

const { values, positionals } = parseArgs({
  args: Bun.argv.slice(2),
  options: { out: { type: "string", default: join(REPO_ROOT, "docs", "images", "report.png") } },
  allowPositionals: true,
});
const login = (positionals[0] ?? "maya-mixed") as DemoLogin;
if (!DEMO_LOGINS.includes(login)) throw new Error(`candidate must be one of ${DEMO_LOGINS.join(", ")}`);

const WIDTH = 1100;
const HEIGHT = 1160;
const world = await startDemoWorld();
const userDataDir = mkdtempSync(join(tmpdir(), "claimcheck-screenshot-"));
try {
  const { ctx, page } = await launchChromium(userDataDir);
  try {
    const { token } = await world.t.app.dashboard.auth.createSetupToken();
    await page.goto(`${world.t.url}/dashboard/setup?token=${token}`);
    const password = "a password only this script knows";
    await page.fill('input[name="username"]', "hiring-ops");
    await page.fill('input[name="password"]', password);
    await page.fill('input[name="confirm"]', password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${world.t.url}/dashboard`);
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await page.goto(`${world.t.url}/dashboard/jobs/${world.jobs[login]}`);
    await page.waitForSelector("#verdict .verdict-title");
    await page.screenshot({ path: values.out!, clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
    console.log(`${values.out}: ${login}'s report, ${Math.round(statSync(values.out!).size / 1024)} KB`);
  } finally {
    await ctx.close();
  }
} finally {
  rmSync(userDataDir, { recursive: true, force: true });
  await world.stop();
}
