/**
 * The recruiter's report in a real browser (Debian's chromium through playwright-core): each demo
 * candidate's report at 1280 and 390 px, every dashboard page without sideways scrolling or cut tables,
 * a resume submitted through the upload form, a share link opened without a session, and print. The
 * screenshots go to test-artifacts/report/.
 */
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { REPO_ROOT } from "../support/harness.ts";
import { browserSession, CHROMIUM, launchChromium } from "./dashboard-support.ts";
import { AGENCY, DEMO_LOGINS, type DemoLogin, type DemoWorld, startDemoWorld } from "./demo-world.ts";

const ARTIFACTS = join(REPO_ROOT, "test-artifacts", "report");
const available = existsSync(CHROMIUM);
if (!available && process.env.CI)
  throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium when .ci/needs-chromium exists`);

const USER = { name: "hiring-ops", password: "correct horse battery staple" };
const WIDTHS = [1280, 390] as const;
const EXPECTED: Record<DemoLogin, { name: string; verdict: string }> = {
  "alice-honest": { name: "Alice Honest", verdict: "Backed by the candidate's own work" },
  "mallory-painter": { name: "Mallory Painter", verdict: "Contradicted by the evidence" },
  "carl-copier": { name: "Carl Copier", verdict: "Not the candidate's work" },
  "maya-mixed": { name: "Maya Mixed", verdict: "Partly backed" },
};

let w: DemoWorld;
let ctx: BrowserContext;
let page: Page;
let userDataDir = "";
let pdfFile = "";
const dialogs: string[] = [];

const { shot, step: browserTest } = browserSession(() => page, ARTIFACTS, 120_000);

/**
 * How the open page fits its width: the page's own sideways overflow, and every table or scrolling area
 * whose content is wider than the box it sits in (a cut table).
 */
async function fit(): Promise<{ overflow: number; cut: string[] }> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const cut: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("table, .table-scroll, .timeline-scroll, pre")) {
      const style = getComputedStyle(el);
      if (style.display === "none" || el.closest("details:not([open])")) continue;
      const r = el.getBoundingClientRect();
      const inner = el.scrollWidth - el.clientWidth;
      // a timeline picture scales down; a <pre> of a receiver's answer wraps: neither may push the page
      if (r.right > doc.clientWidth + 1 || (el.matches("table, .table-scroll") && inner > 1))
        cut.push(
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${el.className} (${Math.round(r.right)} px, ${inner} px hidden)`,
        );
    }
    return { overflow: doc.scrollWidth - doc.clientWidth, cut };
  });
}

async function expectFits(where: string): Promise<void> {
  const f = await fit();
  expect({ where, overflow: f.overflow, cut: f.cut }).toEqual({ where, overflow: 0, cut: [] });
}

describe.skipIf(!available)("the report in chromium", () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    w = await startDemoWorld({ dashboard: { refreshMs: 400 } });
    w.t.app.accounts.setWebhook(AGENCY, "https://ats.northwind.example/hooks/claimcheck");
    userDataDir = mkdtempSync(join(tmpdir(), "claimcheck-chromium-"));
    pdfFile = join(userDataDir, "alice-honest.pdf");
    writeFileSync(pdfFile, w.pdfs["alice-honest"]);
    ({ ctx, page } = await launchChromium(userDataDir));
    page.on("dialog", (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`);
      void (d.type() === "confirm" ? d.accept() : d.dismiss());
    });
  }, 180_000);

  afterAll(async () => {
    await ctx?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    await w?.stop();
  });

  browserTest("an administrator signs in from a setup link", async () => {
    const { token } = await w.t.app.dashboard.auth.createSetupToken();
    await page.goto(`${w.t.url}/dashboard/setup?token=${token}`);
    await page.fill('input[name="username"]', USER.name);
    await page.fill('input[name="password"]', USER.password);
    await page.fill('input[name="confirm"]', USER.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${w.t.url}/dashboard`);
  });

  browserTest("each demo candidate's report at 1280 and 390 px: verdict first, every claim, nothing cut", async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const login of DEMO_LOGINS) {
        await page.goto(`${w.t.url}/dashboard/jobs/${w.jobs[login]}`);
        const e = EXPECTED[login];
        expect(await page.textContent("h1#candidate")).toBe(`${e.name} (${login})`);
        expect(await page.textContent("#verdict .verdict-title")).toBe(e.verdict);
        const claims = await page.$$eval(".claim .claim-name", (els) => els.map((x) => x.textContent));
        expect(claims.length).toBeGreaterThanOrEqual(3);
        expect(claims).toContain("Internal tooling at Example Corp");
        // the verdict, the claims at a glance, the questions, the claims, then the operator's sections
        const order = await page.evaluate(() =>
          ["#verdict", "#glance", "#ask-first", ".claims", "#sharing", "#job-details"].map(
            (q) => document.querySelector(q)!.getBoundingClientRect().top,
          ),
        );
        expect([...order].sort((a, b) => a - b)).toEqual(order);
        await expectFits(`${login} at ${width}`);
        await shot(`${login}-${width}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  browserTest(
    "the commit picture is legible at 390 and 1280 px: labels >= 10 px, marker labels clear of their line",
    async () => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const login of ["mallory-painter", "maya-mixed"] as const) {
          await page.goto(`${w.t.url}/dashboard/jobs/${w.jobs[login]}`);
          // the detail is folded: open every claim's
          for (const more of await page.$$("details.claim-more"))
            await more.evaluate((d) => d.setAttribute("open", ""));
          const pictures = await page.$$eval("svg.timeline", (svgs) =>
            svgs.map((svg) => {
              const scale = svg.getBoundingClientRect().width / (svg as unknown as SVGSVGElement).viewBox.baseVal.width;
              const labels = [...svg.querySelectorAll("text")].map((t) => ({
                text: t.textContent,
                px: Number.parseFloat(getComputedStyle(t).fontSize) * scale,
              }));
              const overlaps = [...svg.querySelectorAll("g.marker")].flatMap((g) => {
                const line = g.querySelector("line");
                const label = g.querySelector("text");
                if (!line || !label) return [];
                const l = line.getBoundingClientRect();
                const t = label.getBoundingClientRect();
                return l.left >= t.left - 1 && l.left <= t.right + 1 ? [label.textContent] : [];
              });
              return { labels, overlaps, width: svg.getBoundingClientRect().width };
            }),
          );
          expect(pictures.length).toBeGreaterThan(0);
          for (const p of pictures) {
            expect(p.labels.filter((l) => l.px < 10)).toEqual([]);
            expect(p.overlaps).toEqual([]);
          }
          await expectFits(`${login} timelines at ${width}`);
          const first = page.locator("svg.timeline").first();
          await first.scrollIntoViewIfNeeded();
          await first.screenshot({ path: join(ARTIFACTS, `timeline-${login}-${width}.png`) });
        }
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    },
  );

  browserTest("the jobs list shows candidate, verdict and score first, at both widths", async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${w.t.url}/dashboard/jobs`);
      const row = `tr[data-tracking-id="${w.jobs["carl-copier"]}"]`;
      expect(await page.textContent(`${row} td.candidate`)).toBe("Carl Copier (carl-copier)");
      expect(await page.textContent(`${row} .verdict-chip`)).toBe("Not the candidate's work");
      const first = await page.$$eval(`${row} td`, (tds) =>
        tds.slice(0, 3).map((td) => ({
          label: td.getAttribute("data-label"),
          top: td.getBoundingClientRect().top,
          left: td.getBoundingClientRect().left,
        })),
      );
      expect(first.map((f) => f.label)).toEqual(["candidate", "verdict", "score"]);
      // a client's name never breaks inside a word: kept on one line, and the cell is wide enough for it
      const clientCells = await page.$$eval("#jobs td[data-label='client']", (tds) =>
        tds.map((td) => ({
          name: td.textContent,
          oneLine: getComputedStyle(td).whiteSpace === "nowrap",
          fits: td.scrollWidth <= td.clientWidth + 1,
        })),
      );
      expect(clientCells.length).toBeGreaterThan(0);
      if (width === 1280) for (const c of clientCells) expect(c).toEqual({ name: c.name, oneLine: true, fits: true });
      if (width === 390) {
        // stacked: the three come first, top to bottom, inside the screen
        expect(first[0]!.top).toBeLessThan(first[1]!.top);
        expect(first[1]!.top).toBeLessThan(first[2]!.top);
      }
      await expectFits(`jobs at ${width}`);
      await shot(`jobs-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  browserTest("a resume submitted through the upload form becomes a report", async () => {
    await page.goto(`${w.t.url}/dashboard/submit`);
    await page.selectOption('select[name="client"]', AGENCY);
    await page.fill('input[name="hostUsername"]', "alice-honest");
    await page.setInputFiles('input[name="resume"]', pdfFile);
    await shot("submit-1280");
    await Promise.all([page.waitForURL(/\/dashboard\/jobs\/vrf_/), page.click('button:has-text("Verify")')]);
    expect(await page.textContent(".notice")).toContain("Submitted");
    // the page refreshes itself until the report is there
    await page.waitForSelector("#verdict .verdict-title", { timeout: 60_000 });
    expect(await page.textContent("#verdict .verdict-title")).toBe(EXPECTED["alice-honest"].verdict);
  });

  browserTest("every dashboard page fits 1280 and 390 px", async () => {
    const pages = [
      "/dashboard",
      "/dashboard/jobs",
      "/dashboard/jobs?state=COMPLETED",
      "/dashboard/submit",
      "/dashboard/clients",
      `/dashboard/clients/${AGENCY}`,
      `/dashboard/clients/${AGENCY}/webhook`,
      "/dashboard/no-such-page",
      ...DEMO_LOGINS.map((l) => `/dashboard/jobs/${w.jobs[l]}`),
    ];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of pages) {
        await page.goto(`${w.t.url}${path}`);
        await expectFits(`${path} at ${width}`);
      }
      await page.goto(`${w.t.url}/dashboard`);
      await shot(`overview-${width}`);
      await page.goto(`${w.t.url}/dashboard/clients/${AGENCY}/webhook`);
      await shot(`webhook-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  let shareUrl = "";
  browserTest("a share link made on the job page opens the report alone, without a session", async () => {
    await page.goto(`${w.t.url}/dashboard/jobs/${w.jobs["carl-copier"]}`);
    await page.selectOption('select[name="days"]', "7");
    await page.click('button:has-text("Create a share link")');
    shareUrl = await page.inputValue("#share-link");
    expect(shareUrl).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
    await ctx.clearCookies();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(shareUrl);
      expect(await page.textContent("#verdict .verdict-title")).toBe("Not the candidate's work");
      expect(await page.locator("header.top, nav, form").count()).toBe(0);
      const body = (await page.textContent("body"))!;
      for (const leak of [AGENCY, "ats.northwind.example", "alice-honest", "Log out"]) expect(body).not.toContain(leak);
      await expectFits(`share page at ${width}`);
      await shot(`share-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const pdf = await page.request.get(`${shareUrl}/report.pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
  });

  browserTest("the login, setup and gone pages fit too; print shows the report alone", async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/dashboard/login", "/dashboard/setup?token=nope", "/share/no-such-token"]) {
        await page.goto(`${w.t.url}${path}`);
        await expectFits(`${path} at ${width}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(shareUrl);
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".report-actions").isVisible()).toBe(false);
    expect(await page.locator(".claims").isVisible()).toBe(true);
    await shot("share-print");
    await page.emulateMedia({ media: "screen" });
    expect(dialogs.filter((d) => !d.startsWith("confirm:"))).toEqual([]);
  });
});
