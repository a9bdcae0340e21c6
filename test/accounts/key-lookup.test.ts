import { afterEach, beforeEach, expect, test } from "bun:test";
import { AccountService } from "../../src/accounts/account-service.ts";
import { AccountStore } from "../../src/accounts/account-store.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import type { Database } from "../../src/storage/database.ts";
import { describeEachBackend } from "../support/backends.ts";

let db: Database;
let accounts: AccountService;
const clock = new ManualClock(Date.parse("2026-06-01T00:00:00Z"));

describeEachBackend("API key lookup (every request)", (backend) => {
  beforeEach(async () => {
    db = await backend.open();
    accounts = new AccountService(new AccountStore(db), clock, { monthlyQuota: 10, rateLimitPerMinute: 5 });
  });
  afterEach(() => db.close());

  test("a key resolves to itself and its own client; revoked and unknown keys to nobody", async () => {
    await accounts.addClient("acme", { monthlyQuota: 3 });
    const mine = await accounts.createKey("ci", "acme");
    const other = await accounts.createKey("default-key");
    const p = (await accounts.authenticate(`Bearer ${mine.key}`))!;
    expect(p.keyId).toBe(mine.apiKey.id);
    expect(p.client).toMatchObject({ name: "acme", monthlyQuota: 3, rateLimitPerMinute: 5 });
    expect(p.client.id).toBe(mine.apiKey.clientId);
    expect((await accounts.authenticate(`Bearer ${other.key}`))!.client.name).toBe("default");
    // last use is recorded (the key's own column, not the client's)
    expect((await accounts.listKeys("acme"))[0]!.lastUsedAt).toBe(clock.now());
    await accounts.revokeKey(mine.apiKey.id);
    expect(await accounts.authenticate(`Bearer ${mine.key}`)).toBeNull();
    expect(await accounts.authenticate(`Bearer ${mine.key.slice(0, -1)}x`)).toBeNull();
    expect(await accounts.authenticate(`Bearer ${other.key}`)).not.toBeNull();
  });
});
