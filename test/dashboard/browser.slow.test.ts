/**
 * The dashboard in a real browser: Debian's chromium driven by playwright-core (no browser download).
 * One administrator's session end to end, with a screenshot of each page under test-artifacts/dashboard.
 */
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { verifySignature } from "../../src/webhooks/verify-signature.ts";
import { runCliProcess } from "../support/child-server.ts";
import {
  fixedSteps,
  makePdf,
  pollUntil,
  REPO_ROOT,
  type RunningTestApp,
  startTestApp,
  submit,
} from "../support/harness.ts";
import { browserSession, CHROMIUM, launchChromium, startReceiver } from "./dashboard-support.ts";

const ARTIFACTS = join(REPO_ROOT, "test-artifacts", "dashboard");
const available = existsSync(CHROMIUM);
if (!available && process.env.CI)
  throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium when .ci/needs-chromium exists`);

const USER = { name: "ops-admin", password: "correct horse battery staple" };
const HOUR = 3_600_000;
const day = (d: string, h = 12) => new Date(Date.parse(`${d}T00:00:00Z`) + h * HOUR).toISOString();

/**
 * Analysis steps whose result carries per-commit dates: steady work in one repo (two commits rebased a
 * week later, no flag), a backdated dump in another (CRITICAL, and only part of its history drawn).
 */
function timelineSteps() {
  const base = fixedSteps(58);
  return {
    extract: base.extract,
    async analyze(i: { hostUsername: string; resume: never; signal: AbortSignal }) {
      const r = await base.analyze(i);
      const steady = Array.from({ length: 14 }, (_, n) => ({
        sha: `a${n}`.padEnd(40, "0"),
        authorDate: day(`2024-0${1 + (n % 6)}-1${n % 9}`),
        committerDate: n >= 12 ? day(`2024-0${1 + (n % 6)}-2${n % 9}`, 13) : day(`2024-0${1 + (n % 6)}-1${n % 9}`, 13),
      }));
      const dump = Array.from({ length: 25 }, (_, n) => ({
        sha: `b${n}`.padEnd(40, "0"),
        authorDate: day(`2023-0${1 + (n % 9)}-0${1 + (n % 8)}`),
        committerDate: new Date(Date.parse("2024-06-30T22:00:00Z") + n * 20_000).toISOString(),
      }));
      return {
        ...r,
        verifiedProjects: [
          ...r.verifiedProjects,
          {
            name: "portfolio",
            repoUrl: `github.com/${i.hostUsername}/portfolio`,
            commits: 25,
            matchStrength: "LOW" as const,
          },
        ],
        scoreBreakdown: {
          evidence: 73,
          penaltyTotal: 15,
          score: 58,
          claims: [
            {
              name: "tool",
              repo: `${i.hostUsername}/tool`,
              matchStrength: "HIGH",
              commits: 12,
              strengthWeight: 1,
              activityFactor: 0.93,
              credibility: 1,
              credit: 0.93,
            },
            {
              name: "portfolio: an interactive showcase of generative art and WebGL experiments",
              repo: `${i.hostUsername}/portfolio`,
              matchStrength: "LOW",
              commits: 25,
              strengthWeight: 0.4,
              activityFactor: 0.86,
              credibility: 0,
              credit: 0,
            },
          ],
          penalties: [
            { rule: "BACKDATED_SPLIT", severity: "CRITICAL", repo: `${i.hostUsername}/portfolio`, points: 15 },
          ],
        },
        flags: [
          {
            severity: "CRITICAL" as const,
            message: `25 commits in ${i.hostUsername}/portfolio were authored over 2023 but committed within ten minutes on 2024-06-30`,
            rule: "BACKDATED_SPLIT",
          },
        ],
        commitTimelines: [
          {
            repo: `${i.hostUsername}/tool`,
            commits: steady,
            repoCreatedAt: day("2023-12-20"),
            accountCreatedAt: day("2019-03-02"),
            ownCommits: 14,
            historyCommits: 14,
            severity: null,
          },
          {
            repo: `${i.hostUsername}/portfolio`,
            commits: dump,
            repoCreatedAt: day("2024-06-30", 21),
            accountCreatedAt: day("2019-03-02"),
            ownCommits: 60,
            historyCommits: 80,
            severity: "CRITICAL",
          },
        ],
      };
    },
  };
}

let t: RunningTestApp;
let ctx: BrowserContext;
let page: Page;
let userDataDir = "";
const dialogs: string[] = [];
const receiver = startReceiver((n) =>
  n === 1
    ? new Response(`<script>alert("from the receiver")</script> try later`, { status: 503 })
    : new Response('{"ok":true}'),
);
const state = { key: "", secret: "", trackingId: "" };

const { shot, step: browserTest } = browserSession(() => page, ARTIFACTS, 60_000);

describe.skipIf(!available)("dashboard in chromium", () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    t = await startTestApp({ steps: timelineSteps() as never, dashboard: { refreshMs: 400 } });
    userDataDir = mkdtempSync(join(tmpdir(), "claimcheck-chromium-"));
    ({ ctx, page } = await launchChromium(userDataDir));
    await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: t.url });
    page.on("dialog", (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`);
      void (d.type() === "confirm" ? d.accept() : d.dismiss());
    });
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    await t?.stop();
    receiver.stop();
  });

  browserTest("the first administrator is set up from the link `claimcheck admin create` prints", async () => {
    const cli = await runCliProcess(["admin", "create", "--data-dir", t.dataDir, "--url", t.url]);
    expect(cli.code).toBe(0);
    const link = cli.stdout.trim();
    expect(link).toStartWith(`${t.url}/dashboard/setup?token=`);
    await page.goto(link);
    await shot("01-setup");
    await page.fill('input[name="username"]', USER.name);
    await page.fill('input[name="password"]', USER.password);
    await page.fill('input[name="confirm"]', USER.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${t.url}/dashboard`);
    expect(await page.textContent("h1")).toBe("Overview");
    await page.goto(link); // spent
    expect(await page.textContent("h1")).toBe("This setup link does not work");
  });

  browserTest("log out and log in again", async () => {
    await page.goto(`${t.url}/dashboard`);
    await Promise.all([page.waitForURL(/\/dashboard\/login\?bye=1$/), page.click('header button:has-text("Log out")')]);
    await page.fill('input[name="username"]', USER.name);
    await page.fill('input[name="password"]', "not the password");
    await page.click('button[type="submit"]');
    expect(await page.textContent(".problems")).toContain("wrong username or password");
    await shot("02-login");
    await page.fill('input[name="password"]', USER.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${t.url}/dashboard`);
  });

  browserTest("create a client and a key (shown once, with a working copy button)", async () => {
    await page.click('nav a:has-text("Clients")');
    await page.fill('input[name="name"]', "acme");
    await page.fill('input[name="monthlyQuota"]', "500");
    await page.click('button:has-text("Add client")');
    await page.waitForURL(`${t.url}/dashboard/clients/acme`);
    await page.fill('input[name="name"]', "ATS production");
    await page.click('button:has-text("Create key")');
    state.key = await page.inputValue("#new-key");
    expect(state.key).toMatch(/^cck_[0-9a-z]{32}$/);
    await page.click('button[data-copy="new-key"]');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(state.key);
    await shot("03-client-key-created");
    await page.goto(`${t.url}/dashboard/clients/acme`);
    expect(await page.content()).not.toContain(state.key);
    expect(await page.textContent("#keys")).toContain("ATS production");
  });

  browserTest("set the webhook URL; the generated secret is shown", async () => {
    await page.click('a:has-text("Webhook settings")');
    await page.fill('input[name="url"]', receiver.url);
    await page.click('button:has-text("Save URL")');
    state.secret = await page.inputValue("#secret");
    expect(state.secret).toStartWith("whsec_");
    expect((await t.app.accounts.client("acme")).webhookUrl).toBe(receiver.url);
  });

  browserTest("a verification submitted through the API appears in the list and finishes", async () => {
    await page.goto(`${t.url}/dashboard/jobs`);
    const res = await submit(t.url, state.key, {
      resume: await makePdf(),
      hostUsername: "jane-dev",
      filename: "jane.pdf",
    });
    expect(res.status).toBe(202);
    state.trackingId = ((await res.json()) as { trackingId: string }).trackingId;
    // no reload: the list refreshes itself
    await page.waitForSelector(`tr[data-tracking-id="${state.trackingId}"] .badge:has-text("COMPLETED")`);
    await page.selectOption('select[name="state"]', "COMPLETED");
    await page.selectOption('select[name="client"]', "acme");
    await page.fill('input[name="username"]', "jane");
    await page.click('button:has-text("Filter")');
    await page.waitForURL(/state=COMPLETED/);
    expect(await page.locator("#jobs tbody tr").count()).toBe(1);
    expect(await page.textContent(`tr[data-tracking-id="${state.trackingId}"] .candidate`)).toBe(
      "Test Candidate (jane-dev)",
    );
    expect(await page.textContent(`tr[data-tracking-id="${state.trackingId}"] .verdict-chip`)).toBe(
      "Contradicted by the evidence",
    );
    await shot("04-jobs");
  });

  browserTest("the job page: score, projects, flags, timelines and the failed first delivery, escaped", async () => {
    await page.click(`tr[data-tracking-id="${state.trackingId}"] td.candidate a`);
    await page.waitForURL(`${t.url}/dashboard/jobs/${state.trackingId}`);
    expect(await page.textContent("#score")).toBe("58");
    await page.waitForSelector('.delivery .attempts td:has-text("503")');
    const excerpt = await page.textContent(".delivery pre.excerpt");
    expect(excerpt).toContain('<script>alert("from the receiver")</script>');
    expect(await page.locator("svg.timeline").count()).toBe(2);
    expect(await page.locator("svg.timeline g.commit.shifted").count()).toBe(27); // 25 backdated, 2 rebased
    expect(await page.textContent("main")).toContain("BACKDATED_SPLIT");
    await shot("05-job");
  });

  browserTest(
    "the job page for a recruiter at 1280 px: the verdict in words first, nothing cut, timeline context",
    async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${t.url}/dashboard/jobs/${state.trackingId}`);
      expect(await page.textContent("h1#candidate")).toBe("Test Candidate (jane-dev)");
      // a CRITICAL flag, whatever the 58: the verdict says so in words, in the bad colour
      expect(await page.textContent("#verdict .verdict-title")).toBe("Contradicted by the evidence");
      const colour = await page.evaluate(() => getComputedStyle(document.querySelector("#verdict")!).color);
      expect(colour).toBe("rgb(163, 32, 42)");
      // the flag names no repository, so it is a finding about the resume as a whole
      expect(await page.locator(".resume-findings .finding.sev-critical").count()).toBe(1);
      // the score's arithmetic sits behind a disclosure, below the claims
      expect(await page.locator("details#score-how[open]").count()).toBe(0);
      await page.click("#score-how summary");
      expect(await page.textContent("#score-how")).toContain("Score 58 = evidence 73");
      // nothing is wider than the page, no table scrolls inside its box
      const fit = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        cut: [...document.querySelectorAll("table, .table-scroll")].filter((e) => e.scrollWidth > e.clientWidth + 1)
          .length,
      }));
      expect(fit).toEqual({ page: 0, cut: 0 });
      // the timelines: colour by the repository's flags, creation markers, and what is not drawn
      expect(await page.locator("svg.timeline.sev-critical g.commit.shifted").count()).toBe(25);
      expect(await page.locator("svg.timeline.sev-none g.commit.shifted").count()).toBe(2);
      // one evaluation each: the page refreshes itself while a delivery is retrying, replacing its nodes
      const stroke = (sel: string) => page.evaluate((q) => getComputedStyle(document.querySelector(q)!).stroke, sel);
      const forged = await stroke("svg.timeline.sev-critical g.commit.shifted line");
      const rebased = await stroke("svg.timeline.sev-none g.commit.shifted line");
      expect(forged).toBe("rgb(192, 57, 43)");
      expect(rebased).not.toBe(forged);
      expect(await page.locator("svg.timeline g.marker.repo").count()).toBe(2);
      expect(await page.locator("svg.timeline g.marker.account").count()).toBe(2);
      expect(await page.textContent("figure:has(svg.sev-critical) .partial")).toBe(
        "The picture shows 25 of the candidate's 60 commits (the commits examined). The history holds 80 commits; the 20 by others are not drawn.",
      );
      expect(await page.locator("figure:has(svg.sev-none) .partial").count()).toBe(0);
      await shot("05-job-1280");
    },
  );

  browserTest("on a 390 px phone the page never scrolls sideways; tables stack their rows", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const [path, name] of [
        [`/dashboard/jobs/${state.trackingId}`, "05-job-390"],
        ["/dashboard/jobs", "04-jobs-390"],
      ] as const) {
        await page.goto(`${t.url}${path}`);
        const widths = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          view: document.documentElement.clientWidth,
          tables: [...document.querySelectorAll("table")].map((e) => {
            const r = e.getBoundingClientRect();
            return { left: r.left, right: r.right, display: getComputedStyle(e).display };
          }),
        }));
        expect({ path, page: widths.page }).toEqual({ path, page: widths.view });
        expect(widths.tables.length).toBeGreaterThan(0);
        for (const tb of widths.tables) {
          expect(tb.left).toBeGreaterThanOrEqual(0);
          expect(tb.right).toBeLessThanOrEqual(widths.view);
          expect(tb.display).toBe("block"); // stacked: each row a block of labelled cells
        }
        await shot(name);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${t.url}/dashboard/jobs/${state.trackingId}`); // where the next step starts
    }
  });

  browserTest("resend the delivery: a fresh attempt succeeds, signed with the client's secret", async () => {
    await page.click('.delivery button:has-text("Resend")');
    await page.waitForSelector('.notice:has-text("queued again")');
    await page.waitForSelector('.delivery h3 .badge:has-text("delivered")');
    expect(receiver.received.length).toBe(2);
    const last = receiver.received[1]!;
    expect(verifySignature(last.body, last.headers.get("x-service-signature"), state.secret)).toBe(true);
    expect(JSON.parse(last.body)).toMatchObject({
      event: "verification.completed",
      trackingId: state.trackingId,
      confidenceScore: 58,
    });
  });

  browserTest("webhook page: a test event with its attempt, rotate the secret, check a signature", async () => {
    await page.goto(`${t.url}/dashboard/clients/acme/webhook`);
    await page.click('button:has-text("Send a test event")');
    await page.waitForSelector('.notice:has-text("Test event delivered")');
    expect(await page.textContent(".delivery .attempts")).toContain("success");
    await page.click('button:has-text("Rotate secret")');
    const rotated = await page.inputValue("#secret");
    expect(rotated).toStartWith("whsec_");
    expect(rotated).not.toBe(state.secret);
    expect(dialogs.some((d) => d.startsWith("confirm: Rotate"))).toBe(true);

    // the next delivery verifies with the new secret; the checker says so, and explains a tampered body
    await t.app.webhooks.service.resend(state.trackingId);
    await pollUntil(() => receiver.received.length >= 4, "the resent delivery after rotation");
    const after = receiver.received.at(-1)!;
    expect(verifySignature(after.body, after.headers.get("x-service-signature"), rotated)).toBe(true);
    await page.goto(`${t.url}/dashboard/clients/acme/webhook`);
    await page.fill('textarea[name="body"]', after.body);
    await page.fill('input[name="header"]', after.headers.get("x-service-signature")!);
    // the checker is a form post: read the verdict on the page it answers with, not on the one being left
    await Promise.all([page.waitForNavigation(), page.click('button:has-text("Check signature")')]);
    expect(await page.textContent("#verdict")).toContain("Verifies");
    const tampered = after.body.replace('"confidenceScore":58', '"confidenceScore":99');
    expect(tampered).not.toBe(after.body);
    await page.fill('textarea[name="body"]', tampered);
    await Promise.all([page.waitForNavigation(), page.click('button:has-text("Check signature")')]);
    expect(await page.textContent("#verdict")).toContain("Does not verify");
    await shot("06-webhook");
  });

  browserTest("revoke the key; the API refuses it", async () => {
    await page.goto(`${t.url}/dashboard/clients/acme`);
    await page.click('#keys button:has-text("Revoke")');
    await page.waitForSelector('.notice:has-text("is revoked")');
    expect(await page.textContent("#keys")).toContain("revoked");
    await shot("07-client-revoked");
    const res = await submit(t.url, state.key, { resume: await makePdf(), hostUsername: "jane-dev" });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe("unauthorized");
  });

  browserTest("overview and clients pages; no script ran from any untrusted text", async () => {
    await page.goto(`${t.url}/dashboard/clients`);
    expect(await page.textContent("#clients")).toContain("acme");
    await shot("08-clients");
    await page.goto(`${t.url}/dashboard`);
    expect(await page.textContent("main")).toContain("Quota use this month");
    await shot("09-overview");
    expect(dialogs.filter((d) => !d.startsWith("confirm:"))).toEqual([]);
  });
});
