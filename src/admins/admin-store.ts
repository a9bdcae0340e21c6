import type { Database, Queryable } from "../storage/sql-database.ts";

export interface AdminRow {
  id: string;
  username: string;
  password_hash: string;
  created_at: number;
  last_login_at: number | null;
}

export interface SessionRow {
  token_hash: string;
  admin_id: string;
  csrf_token: string;
  flash: string | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
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

  async countAdmins(): Promise<number> {
    return (await this.db.query<{ n: number }, []>("SELECT count(*) AS n FROM admin_users").get())!.n;
  }

  listAdmins(): Promise<AdminRow[]> {
    return this.db.query<AdminRow, []>("SELECT * FROM admin_users ORDER BY created_at, username").all();
  }

  adminByUsername(username: string): Promise<AdminRow | null> {
    return this.db.query<AdminRow, [string]>("SELECT * FROM admin_users WHERE username = ?").get(username);
  }

  adminById(id: string): Promise<AdminRow | null> {
    return this.db.query<AdminRow, [string]>("SELECT * FROM admin_users WHERE id = ?").get(id);
  }

  async insertAdmin(a: Omit<AdminRow, "last_login_at">): Promise<void> {
    await this.db
      .query("INSERT INTO admin_users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)")
      .run(a.id, a.username, a.password_hash, a.created_at);
  }

  async deleteAdmin(id: string): Promise<boolean> {
    return (await this.db.query("DELETE FROM admin_users WHERE id = ?").run(id)).changes === 1;
  }

  async touchLogin(id: string, now: number): Promise<void> {
    await this.db.query("UPDATE admin_users SET last_login_at = ? WHERE id = ?").run(now, id);
  }

  async insertSetupToken(hash: string, now: number, expiresAt: number): Promise<void> {
    await this.db
      .query("INSERT INTO admin_setup_tokens (token_hash, created_at, expires_at) VALUES (?, ?, ?)")
      .run(hash, now, expiresAt);
  }

  /** The setup token if it exists, is unused and unexpired. */
  liveSetupToken(hash: string, now: number): Promise<{ token_hash: string; expires_at: number } | null> {
    return this.db
      .query<{ token_hash: string; expires_at: number }, [string, number]>(
        "SELECT token_hash, expires_at FROM admin_setup_tokens WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
      )
      .get(hash, now);
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

  async insertSession(s: Omit<SessionRow, "flash">): Promise<void> {
    await this.db
      .query(
        `INSERT INTO admin_sessions (token_hash, admin_id, csrf_token, created_at, last_seen_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(s.token_hash, s.admin_id, s.csrf_token, s.created_at, s.last_seen_at, s.expires_at);
  }

  /** The unexpired session with its administrator. */
  liveSession(hash: string, now: number): Promise<(SessionRow & { username: string }) | null> {
    return this.db
      .query<SessionRow & { username: string }, [string, number]>(
        `SELECT s.*, a.username FROM admin_sessions s JOIN admin_users a ON a.id = s.admin_id
          WHERE s.token_hash = ? AND s.expires_at > ?`,
      )
      .get(hash, now);
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
  async recordFailure(scope: "user" | "ip", subject: string, now: number): Promise<number> {
    const row = await this.db
      .query<{ id: number }, [string, string, number]>(
        "INSERT INTO admin_login_failures (scope, subject, at) VALUES (?, ?, ?) RETURNING id",
      )
      .get(scope, subject, now);
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
