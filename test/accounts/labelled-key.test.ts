/**
 * A key made on first use for a label (the dashboard's uploads are counted under the client's
 * "dashboard uploads" key): callers at the same moment get one key between them, on both backends (on
 * PostgreSQL each call runs on its own pooled connection, as replicas would), and a revoked label stays off.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { AccountService } from "../../src/accounts/account-service.ts";
import { AccountStore } from "../../src/accounts/account-store.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import type { Database } from "../../src/storage/database.ts";
import { describeEachBackend } from "../support/backends.ts";

let db: Database;
let accounts: AccountService;
const clock = new ManualClock(Date.parse("2026-06-01T00:00:00Z"));

describeEachBackend("a key for a label, made on first use", (backend) => {
  beforeEach(async () => {
    db = await backend.open();
    accounts = new AccountService(new AccountStore(db), clock, { monthlyQuota: 10, rateLimitPerMinute: 5 });
    await accounts.addClient("acme");
  });
  afterEach(() => db.close());

  test("eight first uses at once make one key, and every caller gets it", async () => {
    const got = await Promise.all(Array.from({ length: 8 }, () => accounts.labelledKey("dashboard uploads", "acme")));
    const keys = (await accounts.listKeys("acme")).filter((k) => k.name === "dashboard uploads");
    expect(keys).toHaveLength(1);
    expect(new Set(got.map((k) => k?.id))).toEqual(new Set([keys[0]!.id]));
    // a later use finds the same key
    expect((await accounts.labelledKey("dashboard uploads", "acme"))!.id).toBe(keys[0]!.id);
  });

  test("a revoked label is off (null), and no new key is made behind the revocation", async () => {
    const key = (await accounts.labelledKey("dashboard uploads", "acme"))!;
    await accounts.revokeKey(key.id);
    expect(await accounts.labelledKey("dashboard uploads", "acme")).toBeNull();
    expect((await accounts.listKeys("acme")).filter((k) => k.name === "dashboard uploads")).toHaveLength(1);
  });

  test("an unknown client is refused with its error, and nothing is written", async () => {
    await expect(accounts.labelledKey("dashboard uploads", "nobody")).rejects.toMatchObject({
      code: "client_not_found",
    });
    expect(await accounts.listKeys()).toEqual([]);
  });
});
