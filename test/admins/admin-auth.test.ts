import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import {
  AdminAuth,
  credentialProblem,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  SETUP_TOKEN_TTL_MS,
} from "../../src/admins/admin-auth.ts";
import { AdminStore } from "../../src/admins/admin-store.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { AppError } from "../../src/lib/errors.ts";
import type { Database } from "../../src/storage/database.ts";
import { describeEachBackend } from "../support/backends.ts";

const FAST = { memoryCost: 1024, timeCost: 1 };
const PW = "correct horse battery";

let db: Database;
let clock: ManualClock;
let auth: AdminAuth;

async function code(p: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return "ok";
}

async function firstAdmin(username = "ops-root") {
  const { token } = await auth.createSetupToken();
  return await auth.redeemSetup(token, username, PW, PW);
}

// administrators, sessions and the login throttle: the same contract on SQLite and PostgreSQL
describeEachBackend("admin auth", (backend) => {
  beforeEach(async () => {
    db = await backend.open();
    clock = new ManualClock();
    auth = new AdminAuth(new AdminStore(db), clock, { argon2: FAST });
  });
  afterEach(async () => await db.close());

  describe("setup tokens", () => {
    test("a reserved username (api, admin, system, root, support ...) cannot be taken, in any case or spelling; the link stays usable", async () => {
      const { token } = await auth.createSetupToken();
      for (const name of [
        "api",
        "API",
        "admin",
        "Administrator",
        "system",
        "root",
        "support",
        "a.p.i",
        "sys-tem",
        "claimcheck",
      ]) {
        let err: unknown = null;
        try {
          await auth.redeemSetup(token, name, PW, PW);
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).code).toBe("invalid_credentials");
        expect((err as AppError).message).toContain("is reserved");
      }
      expect(await auth.hasAdmin()).toBe(false);
      // nothing was spent: the same link makes an ordinary name
      expect((await auth.redeemSetup(token, "api-team-lead", PW, PW)).username).toBe("api-team-lead");
    });

    test("create an administrator once; the password is stored as argon2id, never in clear", async () => {
      expect(await auth.hasAdmin()).toBe(false);
      const { token, expiresAt } = await auth.createSetupToken();
      expect(expiresAt).toBe(clock.now() + SETUP_TOKEN_TTL_MS);
      expect(await auth.isSetupTokenLive(token)).toBe(true);
      const admin = await auth.redeemSetup(token, "ops-root", PW, PW);
      expect(admin).toMatchObject({ username: "ops-root", role: "admin", lastLoginAt: null });
      expect(admin).not.toHaveProperty("passwordHash");
      expect((await new AdminStore(db).adminByUsername("ops-root"))!.passwordHash.startsWith("$argon2id$")).toBe(true);
      expect(await auth.hasAdmin()).toBe(true);
      expect(await auth.isSetupTokenLive(token)).toBe(false);
      expect(await code(auth.redeemSetup(token, "second", PW, PW))).toBe("setup_token_invalid");
      expect((await auth.listAdmins()).map((a) => a.username)).toEqual(["ops-root"]);
      expect(JSON.stringify(await db.query("SELECT * FROM admin_users").all())).not.toContain(PW);
      expect(JSON.stringify(await db.query("SELECT * FROM admin_setup_tokens").all())).not.toContain(token);
    });

    test("expired, unknown and oversized tokens are refused; bad credentials do not spend the token", async () => {
      const { token } = await auth.createSetupToken();
      expect(await code(auth.redeemSetup(token, "ops-root", "short", "short"))).toBe("invalid_credentials");
      expect(await auth.isSetupTokenLive(token)).toBe(true);
      clock.advance(SETUP_TOKEN_TTL_MS);
      expect(await code(auth.redeemSetup(token, "ops-root", PW, PW))).toBe("setup_token_invalid");
      expect(await code(auth.redeemSetup("nope", "ops-root", PW, PW))).toBe("setup_token_invalid");
      expect(await auth.isSetupTokenLive("x".repeat(500))).toBe(false);
    });

    test("links created while no administrator exists (each replica's at start) stop working once one does; later ones work", async () => {
      const atStartA = await auth.createSetupToken();
      const atStartB = await auth.createSetupToken();
      await auth.redeemSetup(atStartA.token, "ops-root", PW, PW);
      expect(await auth.isSetupTokenLive(atStartB.token)).toBe(false);
      expect(await code(auth.redeemSetup(atStartB.token, "intruder", PW, PW))).toBe("setup_token_invalid");
      const another = await auth.createSetupToken(); // admin create, with an administrator in place
      expect(await auth.isSetupTokenLive(another.token)).toBe(true);
      await auth.redeemSetup(another.token, "second", PW, PW);
      expect((await auth.listAdmins()).map((a) => a.username)).toEqual(["ops-root", "second"]);
    });

    test("a first-administrator link is refused when an administrator appears without it (another replica's link)", async () => {
      const mine = await auth.createSetupToken();
      const theirs = await new AdminAuth(new AdminStore(db), clock, { argon2: FAST }).createSetupToken();
      await auth.redeemSetup(theirs.token, "ops-root", PW, PW);
      expect(await auth.isSetupTokenLive(mine.token)).toBe(false);
    });

    test("a username is taken once (case-insensitively), and the token survives the refusal", async () => {
      await firstAdmin("Ops-Root");
      const { token } = await auth.createSetupToken();
      expect(await code(auth.redeemSetup(token, "ops-root", PW, PW))).toBe("admin_exists");
      expect(await auth.isSetupTokenLive(token)).toBe(true);
    });

    test("credential rules", () => {
      expect(credentialProblem("ops-root", PW, PW)).toBeNull();
      expect(credentialProblem("-root", PW, PW)).toContain("username");
      expect(credentialProblem("ro ot", PW, PW)).toContain("username");
      expect(credentialProblem("ops-root", "elevenchars", "elevenchars")).toContain("at least 12");
      expect(credentialProblem("ops-root", PW, `${PW}x`)).toContain("differ");
      expect(credentialProblem("administrator1", "Administrator1", "Administrator1")).toContain("username");
    });
  });

  describe("login and sessions", () => {
    test("a login starts a fresh session with its own CSRF token; a wrong password or user does not", async () => {
      await firstAdmin();
      const a = await auth.login("ops-root", PW, "10.0.0.1");
      const b = await auth.login("ops-root", PW, "10.0.0.1");
      expect(a.token).not.toBe(b.token);
      expect(a.csrfToken).not.toBe(b.csrfToken);
      expect((await auth.session(a.token))?.username).toBe("ops-root");
      expect((await auth.session(a.token))?.csrfToken).toBe(a.csrfToken);
      expect(await code(auth.login("ops-root", "wrong password!", "10.0.0.1"))).toBe("invalid_login");
      expect(await code(auth.login("nobody", PW, "10.0.0.1"))).toBe("invalid_login");
      expect(await auth.session("not-a-session-token-at-all")).toBeNull();
      expect(await auth.session(undefined)).toBeNull();
    });

    test("idle expiry slides with use; the absolute lifetime does not", async () => {
      await firstAdmin();
      const s = await auth.login("ops-root", PW, "ip");
      clock.advance(SESSION_IDLE_MS - 1000);
      expect(await auth.session(s.token)).not.toBeNull(); // pushes the idle expiry forward
      clock.advance(SESSION_IDLE_MS - 1000);
      expect(await auth.session(s.token)).not.toBeNull();
      clock.advance(SESSION_IDLE_MS + 1);
      expect(await auth.session(s.token)).toBeNull();

      const t = await auth.login("ops-root", PW, "ip");
      const start = clock.now();
      while (clock.now() - start < SESSION_MAX_MS - SESSION_IDLE_MS) {
        clock.advance(SESSION_IDLE_MS / 2);
        expect(await auth.session(t.token)).not.toBeNull();
      }
      clock.set(start + SESSION_MAX_MS);
      expect(await auth.session(t.token)).toBeNull();
    });

    test("logout and removing the administrator end sessions at once", async () => {
      await firstAdmin();
      const s1 = await auth.login("ops-root", PW, "ip");
      const s2 = await auth.login("ops-root", PW, "ip");
      await auth.logout(s1.token);
      expect(await auth.session(s1.token)).toBeNull();
      expect(await auth.session(s2.token)).not.toBeNull();
      await auth.removeAdmin("ops-root");
      expect(await auth.session(s2.token)).toBeNull();
      expect(await code(auth.removeAdmin("ops-root"))).toBe("admin_not_found");
    });

    test("flash notices are shown once", async () => {
      await firstAdmin();
      const s = (await auth.session((await auth.login("ops-root", PW, "ip")).token))!;
      await auth.flash(s, "saved");
      expect(await auth.takeFlash(s)).toBe("saved");
      expect(await auth.takeFlash(s)).toBeNull();
    });
  });

  describe("login throttling", () => {
    test("five wrong passwords from one address lock that address out for that username only; the right password from another gets in", async () => {
      await firstAdmin();
      for (let i = 0; i < 5; i++)
        expect(await code(auth.login("ops-root", `wrong password ${i}`, "10.0.0.66"))).toBe("invalid_login");
      let err: AppError | null = null;
      try {
        await auth.login("OPS-ROOT", PW, "10.0.0.66"); // even the right password, from the guessing address
      } catch (e) {
        err = e as AppError;
      }
      expect(err?.code).toBe("login_throttled");
      expect(err?.status).toBe(429);
      expect(Number(err?.headers["Retry-After"])).toBe(15 * 60);
      // the administrator, elsewhere, is not kept out
      expect((await auth.login("ops-root", PW, "10.9.9.9")).token.length).toBeGreaterThan(20);
      // and the administrator's success does not forgive the guesser
      expect(await code(auth.login("ops-root", "one more guess", "10.0.0.66"))).toBe("login_throttled");
      clock.advance(15 * 60_000 + 1);
      for (let i = 0; i < 4; i++)
        expect(await code(auth.login("ops-root", `wrong again ${i}`, "10.0.1.1"))).toBe("invalid_login");
      expect(await code(auth.login("ops-root", PW, "10.0.1.1"))).toBe("ok");
    });

    test("a guesser that keeps at it from one address never keeps the administrator out", async () => {
      await firstAdmin();
      for (let round = 0; round < 4; round++) {
        for (let i = 0; i < 5; i++) await code(auth.login("ops-root", `guess ${round}.${i}`, "192.0.2.50"));
        expect(await code(auth.login("ops-root", "and another", "192.0.2.50"))).toBe("login_throttled");
        expect(await code(auth.login("ops-root", PW, "198.51.100.7"))).toBe("ok");
        clock.advance(15 * 60_000 + 1);
      }
    });

    test("guessing spread over many addresses: each address that failed waits a doubling backoff; one that did not logs in at once", async () => {
      await firstAdmin();
      for (let i = 0; i < 10; i++)
        expect(await code(auth.login("ops-root", `spread guess ${i}`, `203.0.113.${i}`))).toBe("invalid_login");
      let err: AppError | null = null;
      try {
        await auth.login("ops-root", "next guess", "203.0.113.0");
      } catch (e) {
        err = e as AppError;
      }
      expect(err?.code).toBe("login_throttled");
      expect(Number(err?.headers["Retry-After"])).toBe(60);
      clock.advance(60_000);
      expect(await code(auth.login("ops-root", "a later guess", "203.0.113.0"))).toBe("invalid_login");
      clock.advance(60_000);
      expect(await code(auth.login("ops-root", "too soon", "203.0.113.0"))).toBe("login_throttled"); // 2 min now
      // the right password from an address that has not failed is never held back
      expect(await code(auth.login("ops-root", PW, "198.51.100.200"))).toBe("ok");
    });

    test("unlock forgets a username's failures from every address, or an address's failures", async () => {
      await firstAdmin();
      for (let i = 0; i < 5; i++) await code(auth.login("ops-root", `wrong ${i}`, "10.1.1.1"));
      for (let i = 0; i < 20; i++) await code(auth.login(`someone${i}`, "wrong password", "10.2.2.2"));
      expect(await code(auth.login("ops-root", PW, "10.1.1.1"))).toBe("login_throttled");
      expect(await code(auth.login("ops-root", PW, "10.2.2.2"))).toBe("login_throttled");
      expect(await auth.unlock({ username: "OPS-ROOT" })).toBe(5);
      expect(await code(auth.login("ops-root", PW, "10.1.1.1"))).toBe("ok");
      expect(await auth.unlock({ address: "10.2.2.2" })).toBe(40); // its own 20 and its usernames' 20
      expect(await code(auth.login("ops-root", PW, "10.2.2.2"))).toBe("ok");
      expect(await auth.unlock({ username: "nobody" })).toBe(0);
    });

    test("one address spraying many usernames is locked out", async () => {
      await firstAdmin();
      for (let i = 0; i < 20; i++)
        expect(await code(auth.login(`user${i}`, "whatever password", "203.0.113.9"))).toBe("invalid_login");
      expect(await code(auth.login("ops-root", PW, "203.0.113.9"))).toBe("login_throttled");
      expect(await code(auth.login("ops-root", PW, "198.51.100.1"))).toBe("ok");
    });

    test("purge drops expired sessions, tokens and old failures", async () => {
      await firstAdmin();
      await auth.login("ops-root", PW, "ip");
      await auth.createSetupToken();
      await code(auth.login("ops-root", "nope nope nope", "ip"));
      clock.advance(SESSION_IDLE_MS + 1);
      expect(await auth.purge()).toEqual({ sessions: 1, tokens: 2, failures: 2 });
    });
  });
});
