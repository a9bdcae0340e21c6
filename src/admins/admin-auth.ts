import type { Clock } from "../lib/index.ts";
import { AppError, newId, sha256Hex } from "../lib/index.ts";
import type { AdminStore } from "./admin-store.ts";
import type { Admin, AdminCredentials, AdminRole, LiveSession } from "./admins.ts";
import { credentialProblem, PASSWORD_MAX } from "./credentials.ts";
import { DEFAULT_THROTTLE, decideLoginAttempt, type ThrottlePolicy } from "./login-throttle.ts";

/** A setup link is good for this long: long enough to open it, short enough that a leaked log line goes stale. */
export const SETUP_TOKEN_TTL_MS = 30 * 60_000;
/** A session ends after this long without a request ... */
export const SESSION_IDLE_MS = 8 * 3_600_000;
/** ... and in any case this long after login. */
export const SESSION_MAX_MS = 7 * 24 * 3_600_000;
/** Sliding expiry is written at most this often, so reads do not turn into a write per request. */
const SESSION_TOUCH_MS = 60_000;

export { credentialProblem, PASSWORD_MAX, PASSWORD_MIN, USERNAME } from "./credentials.ts";

export interface AdminSession {
  /** the cookie value; only its hash is stored */
  token: string;
  csrfToken: string;
  expiresAt: number;
}

export interface AdminAuthOptions {
  setupTtlMs?: number;
  sessionIdleMs?: number;
  sessionMaxMs?: number;
  throttle?: ThrottlePolicy;
  /** argon2id cost; the defaults of Bun.password unless a test lowers them */
  argon2?: { memoryCost?: number; timeCost?: number };
}

/** 32 random bytes, base64url: 256 bits, safe in cookies, URLs and form fields. */
export function randomToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

/** Constant-time string equality (lengths compared first: they are not secret). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

const hashToken = (token: string) => sha256Hex(token);

/**
 * Dashboard administrators: one-time setup links instead of a default password, argon2id passwords,
 * server-side sessions with a CSRF token each, and throttled logins. Used by the dashboard and the CLI.
 */
export class AdminAuth {
  private readonly settings: Required<Omit<AdminAuthOptions, "argon2">> & { argon2: AdminAuthOptions["argon2"] };
  private decoyHash: Promise<string> | null = null;

  constructor(
    private readonly store: AdminStore,
    private readonly clock: Clock,
    opts: AdminAuthOptions = {},
  ) {
    this.settings = {
      setupTtlMs: opts.setupTtlMs ?? SETUP_TOKEN_TTL_MS,
      sessionIdleMs: opts.sessionIdleMs ?? SESSION_IDLE_MS,
      sessionMaxMs: opts.sessionMaxMs ?? SESSION_MAX_MS,
      throttle: opts.throttle ?? DEFAULT_THROTTLE,
      argon2: opts.argon2,
    };
  }

  /** True once an administrator exists (recruiters alone do not count: nobody could manage the service). */
  async hasAdmin(): Promise<boolean> {
    return (await this.store.countAdmins("admin")) > 0;
  }

  async listAdmins(): Promise<Admin[]> {
    return (await this.store.listAdmins()).map(({ passwordHash: _, ...a }) => a);
  }

  /** Remove an administrator and end their sessions at once. */
  async removeAdmin(username: string): Promise<void> {
    const a = await this.store.adminByUsername(username);
    if (!a) throw new AppError("admin_not_found", 404, `no administrator named ${username}`);
    await this.store.transaction(async (store) => {
      await store.deleteSessionsOf(a.id);
      await store.deleteAdmin(a.id);
    });
  }

  /**
   * A new single-use setup token; whoever holds it may create one dashboard account of `role` (an
   * administrator unless told otherwise) before it expires. An administrator's token created while no
   * administrator exists (the link each replica prints at start) is for the first administrator only:
   * once one exists, it stops working, on every replica.
   */
  async createSetupToken(role: AdminRole = "admin"): Promise<{ token: string; expiresAt: number }> {
    const token = randomToken();
    const now = this.clock.now();
    const expiresAt = now + this.settings.setupTtlMs;
    const firstAdmin = role === "admin" && !(await this.hasAdmin());
    await this.store.insertSetupToken(hashToken(token), now, expiresAt, role, firstAdmin);
    return { token, expiresAt };
  }

  /** The role of the account a live setup token creates, or null when the token is not live. */
  async setupTokenRole(token: string): Promise<AdminRole | null> {
    if (!(await this.isSetupTokenLive(token))) return null;
    return (await this.store.liveSetupToken(hashToken(token), this.clock.now()))?.role ?? null;
  }

  async isSetupTokenLive(token: string): Promise<boolean> {
    if (token.length === 0 || token.length > 128) return false;
    return (
      (await this.store.liveSetupToken(hashToken(token), this.clock.now())) !== null &&
      !(await this.revoked(this.store, token))
    );
  }

  /** A first administrator's token once an administrator exists. */
  private async revoked(store: AdminStore, token: string): Promise<boolean> {
    return (await store.isFirstAdminToken(hashToken(token))) && (await store.countAdmins("admin")) > 0;
  }

  /** Spend the setup token to create an administrator; the token works once, whatever happens after. */
  async redeemSetup(token: string, username: string, password: string, confirm: string): Promise<Admin> {
    if (!(await this.isSetupTokenLive(token)))
      throw new AppError(
        "setup_token_invalid",
        403,
        "this setup link is invalid, used or expired; run `claimcheck admin create` for a new one",
      );
    const problem = credentialProblem(username, password, confirm);
    if (problem) throw new AppError("invalid_credentials", 400, problem);
    const hash = await this.hashPassword(password);
    const now = this.clock.now();
    const admin: AdminCredentials = {
      id: newId("adm", now),
      username,
      passwordHash: hash,
      createdAt: now,
      lastLoginAt: null,
      role: (await this.setupTokenRole(token)) ?? "admin",
    };
    return this.store.transaction(async (store) => {
      if (await store.adminByUsername(username))
        throw new AppError("admin_exists", 409, `an administrator named ${username} already exists`);
      // under the administrators' lock: a first administrator made meanwhile (on any replica) revoked this link
      if ((await this.revoked(store, token)) || !(await store.useSetupToken(hashToken(token), admin.id, now)))
        throw new AppError("setup_token_invalid", 403, "this setup link was used or expired meanwhile");
      await store.insertAdmin(admin);
      await store.revokeFirstAdminTokens(now); // the links printed at start: an administrator exists now
      const { passwordHash: _, ...created } = admin;
      return created;
    });
  }

  /**
   * Check a login. The attempt is reserved before the password is looked at: in one write transaction
   * the throttle decides and, if it lets the attempt through, counts it as a failure at once, so
   * concurrent attempts can never all pass a count read before any of them failed. A success takes
   * its reservation back. A wrong username costs the same argon2 work as a wrong password, so timing
   * does not reveal which usernames exist.
   */
  async login(username: string, password: string, address: string): Promise<AdminSession> {
    const now = this.clock.now();
    const subject = username.toLowerCase().slice(0, 64);
    const reserved = await this.reserveAttempt(subject, address, now);
    const admin = username.length <= 64 ? await this.store.adminByUsername(username) : null;
    const ok =
      password.length <= PASSWORD_MAX &&
      (await Bun.password.verify(password, admin?.passwordHash ?? (await this.decoy())));
    if (!admin || !ok) throw new AppError("invalid_login", 401, "wrong username or password");
    await this.store.transaction(async (store) => {
      // this address's failures for the username are forgiven; other addresses' (a guesser's) stay counted
      await store.clearUserFailures(subject, address);
      await store.forgetFailure(reserved.ip);
      await store.touchLogin(admin.id, now);
    });
    return this.startSession(admin.id);
  }

  /** Throttle decision and the attempt's failure rows, atomically; 429 login_throttled when refused. */
  private reserveAttempt(subject: string, address: string, now: number): Promise<{ user: number; ip: number }> {
    const since = now - this.settings.throttle.windowMs;
    return this.store.transaction(async (store) => {
      const [userFailures, addressFailures] = await Promise.all([
        store.userFailuresSince(subject, since),
        store.failuresSince("ip", address, since),
      ]);
      const decision = decideLoginAttempt({
        now,
        address,
        userFailures,
        addressFailures,
        policy: this.settings.throttle,
      });
      if (!decision.ok) {
        throw new AppError(
          "login_throttled",
          429,
          `too many failed logins; try again in ${decision.retryAfterSeconds} s`,
          { retryAfter: decision.retryAfterSeconds },
          { "Retry-After": String(decision.retryAfterSeconds) },
        );
      }
      const [user, ip] = await Promise.all([
        store.recordFailure("user", subject, now, address),
        store.recordFailure("ip", address, now),
      ]);
      return { user, ip };
    });
  }

  /**
   * Forget failed logins at once (`claimcheck admin unlock`): a username's from every address, or every
   * failure from an address; the number of failures forgotten.
   */
  unlock(target: { username: string } | { address: string }): Promise<number> {
    return this.store.transaction((store) =>
      "username" in target
        ? store.clearUserFailures(target.username.toLowerCase().slice(0, 64), null)
        : store.clearAddressFailures(target.address),
    );
  }

  /** A fresh session (a new token at every login: no session fixation). */
  async startSession(adminId: string): Promise<AdminSession> {
    const now = this.clock.now();
    const token = randomToken();
    const csrfToken = randomToken();
    const expiresAt = Math.min(now + this.settings.sessionIdleMs, now + this.settings.sessionMaxMs);
    await this.store.insertSession({
      tokenHash: hashToken(token),
      adminId,
      csrfToken,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
    return { token, csrfToken, expiresAt };
  }

  /** The live session behind a cookie value, its idle expiry pushed forward; null when absent or expired. */
  async session(token: string | undefined | null): Promise<LiveSession | null> {
    if (!token || token.length > 128) return null;
    const hash = hashToken(token);
    const now = this.clock.now();
    const s = await this.store.liveSession(hash, now);
    if (!s) return null;
    if (now - s.lastSeenAt >= SESSION_TOUCH_MS) {
      const expiresAt = Math.min(now + this.settings.sessionIdleMs, s.createdAt + this.settings.sessionMaxMs);
      await this.store.extendSession(hash, now, expiresAt);
      return { ...s, lastSeenAt: now, expiresAt };
    }
    return s;
  }

  async logout(token: string): Promise<void> {
    await this.store.deleteSession(hashToken(token));
  }

  /** One notice shown on the next page of this session (after a redirect). */
  async flash(session: LiveSession, message: string): Promise<void> {
    await this.store.setFlash(session.tokenHash, message.slice(0, 500));
  }

  takeFlash(session: LiveSession): Promise<string | null> {
    return this.store.takeFlash(session.tokenHash);
  }

  /** Housekeeping for expired sessions and tokens and stale login failures. */
  purge(): Promise<{ sessions: number; tokens: number; failures: number }> {
    const now = this.clock.now();
    return this.store.purge(now, now - this.settings.throttle.windowMs);
  }

  private hashPassword(password: string): Promise<string> {
    return Bun.password.hash(password, { algorithm: "argon2id", ...this.settings.argon2 });
  }

  private decoy(): Promise<string> {
    this.decoyHash ??= this.hashPassword(randomToken());
    return this.decoyHash;
  }
}
