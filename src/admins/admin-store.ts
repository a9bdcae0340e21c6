import type { Database } from "../storage/database.ts";
import { dialectOf } from "../storage/sql-database.ts";

/**
 * What a dashboard account may do: an administrator everything; a recruiter reads results, submits
 * resumes and shares reports, but sees no API keys, webhook secrets or settings.
 */
export type AdminRole = "admin" | "recruiter";
export const ADMIN_ROLES: readonly AdminRole[] = ["admin", "recruiter"];

export interface AdminRow {
  id: string;
  username: string;
  password_hash: string;
  created_at: number;
  last_login_at: number | null;
  role: AdminRole;
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

/** Every SQL statement about dashboard administrators, sessions, setup tokens and failed logins. */
export class AdminStore {
  private readonly postgres: boolean;

  constructor(private readonly db: Database) {
    this.postgres = dialectOf(db) === "postgres";
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  /** Dashboard accounts, or only those of one role. */
  countAdmins(role?: AdminRole): number {
    if (role)
      return this.db.query<{ n: number }, [string]>("SELECT count(*) AS n FROM admin_users WHERE role = ?").get(role)!
        .n;
    return this.db.query<{ n: number }, []>("SELECT count(*) AS n FROM admin_users").get()!.n;
  }

  listAdmins(): AdminRow[] {
    return this.db.query<AdminRow, []>("SELECT * FROM admin_users ORDER BY created_at, username").all();
  }

  adminByUsername(username: string): AdminRow | null {
    return this.db.query<AdminRow, [string]>("SELECT * FROM admin_users WHERE username = ?").get(username);
  }

  adminById(id: string): AdminRow | null {
    return this.db.query<AdminRow, [string]>("SELECT * FROM admin_users WHERE id = ?").get(id);
  }

  insertAdmin(a: Omit<AdminRow, "last_login_at">): void {
    this.db
      .query("INSERT INTO admin_users (id, username, password_hash, created_at, role) VALUES (?, ?, ?, ?, ?)")
      .run(a.id, a.username, a.password_hash, a.created_at, a.role);
  }

  deleteAdmin(id: string): boolean {
    return this.db.query("DELETE FROM admin_users WHERE id = ?").run(id).changes === 1;
  }

  touchLogin(id: string, now: number): void {
    this.db.query("UPDATE admin_users SET last_login_at = ? WHERE id = ?").run(now, id);
  }

  /**
   * A setup token for one dashboard account of `role`. `firstAdmin`: created while no administrator exists,
   * revoked once one does (revokeFirstAdminTokens).
   */
  insertSetupToken(hash: string, now: number, expiresAt: number, role: AdminRole = "admin", firstAdmin = false): void {
    this.db
      .query(
        "INSERT INTO admin_setup_tokens (token_hash, created_at, expires_at, role, first_admin) VALUES (?, ?, ?, ?, ?)",
      )
      .run(hash, now, expiresAt, role, firstAdmin ? 1 : 0);
  }

  /** The setup token if it exists, is unused and unexpired, with the role of the account it creates. */
  liveSetupToken(hash: string, now: number): { token_hash: string; expires_at: number; role: AdminRole } | null {
    return this.db
      .query<{ token_hash: string; expires_at: number; role: AdminRole }, [string, number]>(
        "SELECT token_hash, expires_at, role FROM admin_setup_tokens WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
      )
      .get(hash, now);
  }

  /** Spend a setup token; false when it was already spent or has expired (exactly one caller wins). */
  useSetupToken(hash: string, adminId: string, now: number): boolean {
    return (
      this.db
        .query(
          "UPDATE admin_setup_tokens SET used_at = ?, used_by = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
        )
        .run(now, adminId, hash, now).changes === 1
    );
  }

  insertSession(s: Omit<SessionRow, "flash">): void {
    this.db
      .query(
        `INSERT INTO admin_sessions (token_hash, admin_id, csrf_token, created_at, last_seen_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(s.token_hash, s.admin_id, s.csrf_token, s.created_at, s.last_seen_at, s.expires_at);
  }

  /** The unexpired session with its account's name and role. */
  liveSession(hash: string, now: number): (SessionRow & { username: string; role: AdminRole }) | null {
    return this.db
      .query<SessionRow & { username: string; role: AdminRole }, [string, number]>(
        `SELECT s.*, a.username, a.role FROM admin_sessions s JOIN admin_users a ON a.id = s.admin_id
          WHERE s.token_hash = ? AND s.expires_at > ?`,
      )
      .get(hash, now);
  }

  extendSession(hash: string, now: number, expiresAt: number): void {
    this.db
      .query("UPDATE admin_sessions SET last_seen_at = ?, expires_at = ? WHERE token_hash = ?")
      .run(now, expiresAt, hash);
  }

  deleteSession(hash: string): void {
    this.db.query("DELETE FROM admin_sessions WHERE token_hash = ?").run(hash);
  }

  deleteSessionsOf(adminId: string): number {
    return this.db.query("DELETE FROM admin_sessions WHERE admin_id = ?").run(adminId).changes;
  }

  setFlash(hash: string, flash: string | null): void {
    this.db.query("UPDATE admin_sessions SET flash = ? WHERE token_hash = ?").run(flash, hash);
  }

  /** Read and clear the session's notice: it is shown on exactly one page. */
  takeFlash(hash: string): string | null {
    return this.transaction(() => {
      const row = this.db
        .query<{ flash: string | null }, [string]>("SELECT flash FROM admin_sessions WHERE token_hash = ?")
        .get(hash);
      if (row?.flash == null) return null;
      this.db.query("UPDATE admin_sessions SET flash = NULL WHERE token_hash = ?").run(hash);
      return row.flash;
    });
  }

  /** Count an attempt as failed (until it succeeds); returns its row id, so a success can take it back. */
  recordFailure(scope: "user" | "ip", subject: string, now: number, address: string | null = null): number {
    const sql = "INSERT INTO admin_login_failures (scope, subject, at, address) VALUES (?, ?, ?, ?)";
    // PostgreSQL has no rowid: an identity column (postgres migration 0003) names the row
    if (this.postgres)
      return Number(
        this.db
          .query<{ id: number }, [string, string, number, string | null]>(`${sql} RETURNING id`)
          .get(scope, subject, now, address)!.id,
      );
    return Number(this.db.query(sql).run(scope, subject, now, address).lastInsertRowid);
  }

  forgetFailure(id: number): void {
    this.db.query(`DELETE FROM admin_login_failures WHERE ${this.postgres ? "id" : "rowid"} = ?`).run(id);
  }

  failuresSince(scope: "user" | "ip", subject: string, since: number): number[] {
    return this.db
      .query<{ at: number }, [string, string, number]>(
        "SELECT at FROM admin_login_failures WHERE scope = ? AND subject = ? AND at > ? ORDER BY at",
      )
      .all(scope, subject, since)
      .map((r) => r.at);
  }

  clearFailures(scope: "user" | "ip", subject: string): void {
    this.db.query("DELETE FROM admin_login_failures WHERE scope = ? AND subject = ?").run(scope, subject);
  }

  /** A username's failed logins since `since`, each with the address it came from (null: recorded before addresses were). */
  userFailuresSince(subject: string, since: number): Array<{ at: number; address: string | null }> {
    return this.db
      .query<{ at: number; address: string | null }, [string, number]>(
        "SELECT at, address FROM admin_login_failures WHERE scope = 'user' AND subject = ? AND at > ? ORDER BY at",
      )
      .all(subject, since);
  }

  /** Forget a username's failed logins: from one address, or (null) from every address; how many. */
  clearUserFailures(subject: string, address: string | null): number {
    if (address === null)
      return this.db.query("DELETE FROM admin_login_failures WHERE scope = 'user' AND subject = ?").run(subject)
        .changes;
    return this.db
      .query("DELETE FROM admin_login_failures WHERE scope = 'user' AND subject = ? AND address = ?")
      .run(subject, address).changes;
  }

  /** Forget every failed login from an address (its own count and its usernames' ones); how many. */
  clearAddressFailures(address: string): number {
    return this.db
      .query(
        "DELETE FROM admin_login_failures WHERE (scope = 'ip' AND subject = ?) OR (scope = 'user' AND address = ?)",
      )
      .run(address, address).changes;
  }

  isFirstAdminToken(hash: string): boolean {
    return (
      this.db
        .query<{ first_admin: number }, [string]>("SELECT first_admin FROM admin_setup_tokens WHERE token_hash = ?")
        .get(hash)?.first_admin === 1
    );
  }

  /** Revoke (expire now) every unused first-administrator token; how many. */
  revokeFirstAdminTokens(now: number): number {
    return this.db
      .query(
        "UPDATE admin_setup_tokens SET expires_at = ? WHERE first_admin = 1 AND used_at IS NULL AND expires_at > ?",
      )
      .run(now, now).changes;
  }

  /** Housekeeping: expired sessions, spent or expired setup tokens, failures older than `failuresBefore`. */
  purge(now: number, failuresBefore: number): { sessions: number; tokens: number; failures: number } {
    return {
      sessions: this.db.query("DELETE FROM admin_sessions WHERE expires_at <= ?").run(now).changes,
      tokens: this.db.query("DELETE FROM admin_setup_tokens WHERE expires_at <= ?").run(now).changes,
      failures: this.db.query("DELETE FROM admin_login_failures WHERE at <= ?").run(failuresBefore).changes,
    };
  }
}
