import type { Database, Queryable } from "../storage/index.ts";
import type { AdminCredentials, AdminRole, LiveSession, Session } from "./admins.ts";

/** An admin_users row as SQL returns it; it stays behind the store. */
interface AdminRow {
  id: string;
  username: string;
  password_hash: string;
  created_at: number;
  last_login_at: number | null;
  role: AdminRole;
}

/** An admin_sessions row as SQL returns it. */
interface SessionRow {
  token_hash: string;
  admin_id: string;
  csrf_token: string;
  flash: string | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

function toAdmin(r: AdminRow): AdminCredentials {
  return {
    id: r.id,
    username: r.username,
    role: r.role,
    createdAt: r.created_at,
    lastLoginAt: r.last_login_at,
    passwordHash: r.password_hash,
  };
}

/** The lock of every administrators' transaction: they read, decide and write as one, on every replica. */
const ADMINS_LOCK = "claimcheck:admins";

/** Every SQL statement about dashboard administrators, sessions, setup tokens and failed logins. */
export class AdminStore {
  constructor(private readonly db: Queryable) {}

  /**
   * Run `fn` with this store inside one transaction (its argument: the store on the transaction's handle),
   * serialised with every other administrators' transaction (the login throttle, setup tokens).
   */
  transaction<T>(fn: (store: AdminStore) => Promise<T>): Promise<T> {
    return (this.db as Database).transaction((tx) => fn(new AdminStore(tx)), { locks: [ADMINS_LOCK] });
  }

  /** Dashboard accounts, or only those of one role. */
  async countAdmins(role?: AdminRole): Promise<number> {
    if (role)
      return (await this.db
        .query<{ n: number }, [string]>("SELECT count(*) AS n FROM admin_users WHERE role = ?")
        .get(role))!.n;
    return (await this.db.query<{ n: number }, []>("SELECT count(*) AS n FROM admin_users").get())!.n;
  }

  async listAdmins(): Promise<AdminCredentials[]> {
    const rows = await this.db.query<AdminRow, []>("SELECT * FROM admin_users ORDER BY created_at, username").all();
    return rows.map(toAdmin);
  }

  async adminByUsername(username: string): Promise<AdminCredentials | null> {
    const row = await this.db.query<AdminRow, [string]>("SELECT * FROM admin_users WHERE username = ?").get(username);
    return row && toAdmin(row);
  }

  async adminById(id: string): Promise<AdminCredentials | null> {
    const row = await this.db.query<AdminRow, [string]>("SELECT * FROM admin_users WHERE id = ?").get(id);
    return row && toAdmin(row);
  }

  async insertAdmin(a: Omit<AdminCredentials, "lastLoginAt">): Promise<void> {
    await this.db
      .query("INSERT INTO admin_users (id, username, password_hash, created_at, role) VALUES (?, ?, ?, ?, ?)")
      .run(a.id, a.username, a.passwordHash, a.createdAt, a.role);
  }

  async deleteAdmin(id: string): Promise<boolean> {
    return (await this.db.query("DELETE FROM admin_users WHERE id = ?").run(id)).changes === 1;
  }

  async touchLogin(id: string, now: number): Promise<void> {
    await this.db.query("UPDATE admin_users SET last_login_at = ? WHERE id = ?").run(now, id);
  }

  /**
   * A setup token for one dashboard account of `role`. `firstAdmin`: created while no administrator exists,
   * revoked once one does (revokeFirstAdminTokens).
   */
  async insertSetupToken(
    hash: string,
    now: number,
    expiresAt: number,
    role: AdminRole = "admin",
    firstAdmin = false,
  ): Promise<void> {
    await this.db
      .query(
        "INSERT INTO admin_setup_tokens (token_hash, created_at, expires_at, role, first_admin) VALUES (?, ?, ?, ?, ?)",
      )
      .run(hash, now, expiresAt, role, firstAdmin ? 1 : 0);
  }

  /** The setup token if it exists, is unused and unexpired, with the role of the account it creates. */
  async liveSetupToken(hash: string, now: number): Promise<{ expiresAt: number; role: AdminRole } | null> {
    const r = await this.db
      .query<{ expires_at: number; role: AdminRole }, [string, number]>(
        "SELECT expires_at, role FROM admin_setup_tokens WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
      )
      .get(hash, now);
    return r && { expiresAt: r.expires_at, role: r.role };
  }

  /** Spend a setup token; false when it was already spent or has expired (exactly one caller wins). */
  async useSetupToken(hash: string, adminId: string, now: number): Promise<boolean> {
    const r = await this.db
      .query(
        "UPDATE admin_setup_tokens SET used_at = ?, used_by = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
      )
      .run(now, adminId, hash, now);
    return r.changes === 1;
  }

  async insertSession(s: Session): Promise<void> {
    await this.db
      .query(
        `INSERT INTO admin_sessions (token_hash, admin_id, csrf_token, created_at, last_seen_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(s.tokenHash, s.adminId, s.csrfToken, s.createdAt, s.lastSeenAt, s.expiresAt);
  }

  /** The unexpired session with its account's name and role. */
  async liveSession(hash: string, now: number): Promise<LiveSession | null> {
    const r = await this.db
      .query<SessionRow & { username: string; role: AdminRole }, [string, number]>(
        `SELECT s.*, a.username, a.role FROM admin_sessions s JOIN admin_users a ON a.id = s.admin_id
          WHERE s.token_hash = ? AND s.expires_at > ?`,
      )
      .get(hash, now);
    if (!r) return null;
    return {
      tokenHash: r.token_hash,
      adminId: r.admin_id,
      csrfToken: r.csrf_token,
      createdAt: r.created_at,
      lastSeenAt: r.last_seen_at,
      expiresAt: r.expires_at,
      username: r.username,
      role: r.role,
    };
  }

  async extendSession(hash: string, now: number, expiresAt: number): Promise<void> {
    await this.db
      .query("UPDATE admin_sessions SET last_seen_at = ?, expires_at = ? WHERE token_hash = ?")
      .run(now, expiresAt, hash);
  }

  async deleteSession(hash: string): Promise<void> {
    await this.db.query("DELETE FROM admin_sessions WHERE token_hash = ?").run(hash);
  }

  async deleteSessionsOf(adminId: string): Promise<number> {
    return (await this.db.query("DELETE FROM admin_sessions WHERE admin_id = ?").run(adminId)).changes;
  }

  async setFlash(hash: string, flash: string | null): Promise<void> {
    await this.db.query("UPDATE admin_sessions SET flash = ? WHERE token_hash = ?").run(flash, hash);
  }

  /** Read and clear the session's notice: it is shown on exactly one page. */
  takeFlash(hash: string): Promise<string | null> {
    return this.transaction(async (store) => {
      const row = await store.db
        .query<{ flash: string | null }, [string]>("SELECT flash FROM admin_sessions WHERE token_hash = ?")
        .get(hash);
      if (row?.flash == null) return null;
      await store.db.query("UPDATE admin_sessions SET flash = NULL WHERE token_hash = ?").run(hash);
      return row.flash;
    });
  }

  /** Count an attempt as failed (until it succeeds); returns its row id, so a success can take it back. */
  async recordFailure(
    scope: "user" | "ip",
    subject: string,
    now: number,
    address: string | null = null,
  ): Promise<number> {
    const row = await this.db
      .query<{ id: number }, [string, string, number, string | null]>(
        "INSERT INTO admin_login_failures (scope, subject, at, address) VALUES (?, ?, ?, ?) RETURNING id",
      )
      .get(scope, subject, now, address);
    return Number(row!.id);
  }

  async forgetFailure(id: number): Promise<void> {
    await this.db.query("DELETE FROM admin_login_failures WHERE id = ?").run(id);
  }

  async failuresSince(scope: "user" | "ip", subject: string, since: number): Promise<number[]> {
    const rows = await this.db
      .query<{ at: number }, [string, string, number]>(
        "SELECT at FROM admin_login_failures WHERE scope = ? AND subject = ? AND at > ? ORDER BY at",
      )
      .all(scope, subject, since);
    return rows.map((r) => r.at);
  }

  async clearFailures(scope: "user" | "ip", subject: string): Promise<void> {
    await this.db.query("DELETE FROM admin_login_failures WHERE scope = ? AND subject = ?").run(scope, subject);
  }

  /** A username's failed logins since `since`, each with the address it came from (null: recorded before addresses were). */
  userFailuresSince(subject: string, since: number): Promise<Array<{ at: number; address: string | null }>> {
    return this.db
      .query<{ at: number; address: string | null }, [string, number]>(
        "SELECT at, address FROM admin_login_failures WHERE scope = 'user' AND subject = ? AND at > ? ORDER BY at",
      )
      .all(subject, since);
  }

  /** Forget a username's failed logins: from one address, or (null) from every address; how many. */
  async clearUserFailures(subject: string, address: string | null): Promise<number> {
    if (address === null)
      return (await this.db.query("DELETE FROM admin_login_failures WHERE scope = 'user' AND subject = ?").run(subject))
        .changes;
    return (
      await this.db
        .query("DELETE FROM admin_login_failures WHERE scope = 'user' AND subject = ? AND address = ?")
        .run(subject, address)
    ).changes;
  }

  /** Forget every failed login from an address (its own count and its usernames' ones); how many. */
  async clearAddressFailures(address: string): Promise<number> {
    return (
      await this.db
        .query(
          "DELETE FROM admin_login_failures WHERE (scope = 'ip' AND subject = ?) OR (scope = 'user' AND address = ?)",
        )
        .run(address, address)
    ).changes;
  }

  async isFirstAdminToken(hash: string): Promise<boolean> {
    const row = await this.db
      .query<{ first_admin: number }, [string]>("SELECT first_admin FROM admin_setup_tokens WHERE token_hash = ?")
      .get(hash);
    return row?.first_admin === 1;
  }

  /** Revoke (expire now) every unused first-administrator token; how many. */
  async revokeFirstAdminTokens(now: number): Promise<number> {
    return (
      await this.db
        .query(
          "UPDATE admin_setup_tokens SET expires_at = ? WHERE first_admin = 1 AND used_at IS NULL AND expires_at > ?",
        )
        .run(now, now)
    ).changes;
  }

  /** Housekeeping: expired sessions, spent or expired setup tokens, failures older than `failuresBefore`. */
  async purge(now: number, failuresBefore: number): Promise<{ sessions: number; tokens: number; failures: number }> {
    const [sessions, tokens, failures] = await Promise.all([
      this.db.query("DELETE FROM admin_sessions WHERE expires_at <= ?").run(now),
      this.db.query("DELETE FROM admin_setup_tokens WHERE expires_at <= ?").run(now),
      this.db.query("DELETE FROM admin_login_failures WHERE at <= ?").run(failuresBefore),
    ]);
    return { sessions: sessions.changes, tokens: tokens.changes, failures: failures.changes };
  }
}
