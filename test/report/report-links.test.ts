/** Share-link storage and rules, and dashboard roles, on SQLite and PostgreSQL alike. */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { AdminAuth } from "../../src/admins/admin-auth.ts";
import { AdminStore } from "../../src/admins/admin-store.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { RECORDED_OPENS } from "../../src/report/report-link-store.ts";
import { LINK_RECORD_RETENTION_MS, ReportLinks } from "../../src/report/report-links.ts";
import type { Database } from "../../src/storage/database.ts";
import { describeEachBackend } from "../support/backends.ts";

const DAY = 86_400_000;
let db: Database;
let clock: ManualClock;
let links: ReportLinks;

/** A client, a job and a verification row for links to point at. */
async function verification(db: Database, trackingId: string): Promise<void> {
  await db
    .query(
      "INSERT INTO clients (id, name, monthly_quota, rate_limit_per_minute, created_at, updated_at) VALUES (?, ?, 0, 0, 0, 0) ON CONFLICT DO NOTHING",
    )
    .run("cli_1", "acme");
  const job = (await db
    .query<{ id: number }, []>(
      "INSERT INTO jobs (kind, payload, state, max_attempts, run_at, created_at, updated_at) VALUES ('verification', '{}', 'completed', 1, 0, 0, 0) RETURNING id",
    )
    .get())!.id;
  await db
    .query(
      `INSERT INTO verifications (tracking_id, client_id, job_id, host_username, resume_sha256, resume_size, status, created_at)
     VALUES (?, 'cli_1', ?, 'jane', 'x', 1, 'COMPLETED', 0)`,
    )
    .run(trackingId, job);
}

describeEachBackend("report share links", (backend) => {
  beforeEach(async () => {
    db = await backend.open();
    clock = new ManualClock(Date.parse("2026-06-01T00:00:00Z"));
    links = new ReportLinks(db, clock, 14 * DAY);
    await verification(db, "vrf_a");
    await verification(db, "vrf_b");
  });
  afterEach(() => db.close());

  test("a token opens its own verification only; only its hash is stored; unknown tokens are not found", async () => {
    const a = await links.create("vrf_a", "rita");
    const b = await links.create("vrf_b", "rita", DAY);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.link.expiresAt - a.link.createdAt).toBe(14 * DAY);
    expect((await links.open(a.token, "page")).trackingId).toBe("vrf_a");
    expect((await links.open(b.token, "pdf")).trackingId).toBe("vrf_b");
    const stored = JSON.stringify(await db.query("SELECT * FROM report_links").all());
    expect(stored).not.toContain(a.token);
    for (const bad of ["", "x", a.token.slice(0, -1), `${a.token}x`, "A".repeat(43)])
      await expect(links.open(bad, "page")).rejects.toMatchObject({ status: 404 });
  });

  test("expired and revoked links are gone (410); revoking twice keeps the first; another job's link is not found", async () => {
    const a = await links.create("vrf_a", "rita", DAY);
    const b = await links.create("vrf_a", "omar");
    clock.advance(DAY);
    await expect(links.open(a.token, "page")).rejects.toMatchObject({ status: 410, code: "link_gone" });
    expect((await links.find(a.token))!.state).toBe("expired");
    expect((await links.revoke("vrf_a", b.link.id, "rita")).state).toBe("revoked");
    await links.revoke("vrf_a", b.link.id, "omar");
    expect((await links.forJob("vrf_a")).find((l) => l.id === b.link.id)!.revokedBy).toBe("rita");
    await expect(links.open(b.token, "page")).rejects.toMatchObject({ status: 410 });
    await expect(links.revoke("vrf_b", a.link.id, "rita")).rejects.toMatchObject({ status: 404 });
    await expect(links.create("vrf_a", "rita", 0)).rejects.toMatchObject({ status: 400 });
    await expect(links.create("vrf_a", "rita", 366 * DAY)).rejects.toMatchObject({ status: 400 });
  });

  test("every open is counted; the first ones are kept with their time; purge drops long-expired links", async () => {
    const a = await links.create("vrf_a", "rita", DAY);
    for (let i = 0; i < RECORDED_OPENS + 5; i++) {
      clock.advance(1000);
      await links.open(a.token, i % 2 ? "pdf" : "page");
    }
    const l = (await links.forJob("vrf_a"))[0]!;
    expect(l.openedCount).toBe(RECORDED_OPENS + 5);
    expect(l.lastOpenedAt).toBe(clock.now());
    expect(l.firstOpenedAt).toBe(l.createdAt + 1000);
    const opens = await links.opens(l.id);
    expect(opens).toHaveLength(RECORDED_OPENS);
    expect(opens[0]!.openedAt).toBeGreaterThan(opens.at(-1)!.openedAt); // newest first
    clock.set(l.expiresAt + LINK_RECORD_RETENTION_MS);
    expect((await links.purge(clock.now())).links).toBe(0);
    clock.advance(1);
    expect((await links.purge(clock.now())).links).toBe(1);
    expect(await links.forJob("vrf_a")).toEqual([]);
    expect((await db.query<{ n: number }, []>("SELECT count(*) AS n FROM report_link_opens").get())!.n).toBe(0);
  });

  test("opens arriving together are each counted, and exactly the first ones kept", async () => {
    const a = await links.create("vrf_a", "rita", DAY);
    await Promise.all(Array.from({ length: RECORDED_OPENS + 20 }, () => links.open(a.token, "page")));
    const l = (await links.forJob("vrf_a"))[0]!;
    expect(l.openedCount).toBe(RECORDED_OPENS + 20);
    const kept = await db.query<{ n: number }, []>("SELECT count(*) AS n FROM report_link_opens").get();
    expect(kept!.n).toBe(RECORDED_OPENS);
  });

  test("dashboard roles: a setup token makes an account of its role; the session carries it", async () => {
    const auth = new AdminAuth(new AdminStore(db), clock, { argon2: { memoryCost: 1024, timeCost: 1 } });
    const { token } = await auth.createSetupToken("recruiter");
    const r = await auth.redeemSetup(token, "rita", "a long enough password", "a long enough password");
    expect(r.role).toBe("recruiter");
    expect(await auth.hasAdmin()).toBe(false);
    const s = await auth.startSession(r.id);
    expect((await auth.session(s.token))!.role).toBe("recruiter");
    const admin = await auth.createSetupToken();
    await auth.redeemSetup(admin.token, "ruth", "a long enough password", "a long enough password");
    expect(await auth.hasAdmin()).toBe(true);
    expect((await auth.listAdmins()).map((a) => [a.username, a.role])).toEqual([
      ["rita", "recruiter"],
      ["ruth", "admin"],
    ]);
  });
});
