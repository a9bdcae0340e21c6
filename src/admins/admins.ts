/** The admins domain's types as its store returns them. Times are epoch milliseconds (UTC). */

/**
 * What a dashboard account may do: an administrator everything; a recruiter reads results, submits
 * resumes and shares reports, but sees no API keys, webhook secrets or settings.
 */
export type AdminRole = "admin" | "recruiter";
export const ADMIN_ROLES: readonly AdminRole[] = ["admin", "recruiter"];

/** A dashboard account, as the faces list it: never its password hash. */
export interface Admin {
  id: string;
  username: string;
  role: AdminRole;
  createdAt: number;
  lastLoginAt: number | null;
}

/** A dashboard account with its argon2id password hash, for the login check only. */
export interface AdminCredentials extends Admin {
  passwordHash: string;
}

/** A dashboard session; the cookie's token itself is never stored, only its hash. */
export interface Session {
  tokenHash: string;
  adminId: string;
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

/** An unexpired session with its account's name and role. */
export interface LiveSession extends Session {
  username: string;
  role: AdminRole;
}
