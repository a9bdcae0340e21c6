/**
 * Usernames nobody may take: names a person reading the dashboard or its audit trail would take for the
 * service itself, its API or its operator ("api", "admin", "system", "root", "support" ...). Compared
 * without case and without the separators a username may hold, so "A.P.I" or "sys-tem" are refused too.
 * Accounts made before the rule keep working; only new names are checked.
 */
const RESERVED = new Set([
  "admin",
  "administrator",
  "anonymous",
  "api",
  "apikey",
  "claimcheck",
  "dashboard",
  "everyone",
  "help",
  "nobody",
  "null",
  "operator",
  "owner",
  "postmaster",
  "recruiter",
  "root",
  "security",
  "service",
  "share",
  "staff",
  "superuser",
  "support",
  "sysadmin",
  "system",
  "undefined",
  "webhook",
  "webmaster",
]);

/** Why a new account may not use `username`, or null when it may. */
export function reservedNameProblem(username: string): string | null {
  const bare = username.toLowerCase().replace(/[._@-]/g, "");
  return RESERVED.has(bare)
    ? `the username "${username}" is reserved (it reads as the service, its API or its operator); choose another`
    : null;
}
