import { chmodSync, closeSync, existsSync, fchmodSync, mkdirSync, openSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Data at rest is for the service's own user only: resumes are personal data and the database holds
 * webhook secrets in plain form (they are needed for HMAC). Directories are created 0700 and files 0600
 * with an explicit chmod, so the result does not depend on the umask. Existing paths are never changed
 * (that is the operator's decision); `widePermissions` lists those that are open to others.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Create `dir` (and missing parents) if needed; a directory created here is 0700. */
export function ensurePrivateDir(dir: string): void {
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Create `path` as an empty 0600 file unless it exists. SQLite then keeps the database file's mode for
 * the WAL and shared-memory files it creates beside it, so those are 0600 too.
 */
export function ensurePrivateFile(path: string): void {
  let fd: number;
  try {
    fd = openSync(path, "wx", PRIVATE_FILE_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return;
    throw err;
  }
  try {
    fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    closeSync(fd);
  }
}

/** Paths under DATA_DIR that other local users can read or enter, as "path (mode)"; [] when all is tight. */
export function widePermissions(dataDir: string): string[] {
  const out: string[] = [];
  const check = (path: string) => {
    try {
      const m = statSync(path).mode & 0o777;
      if (m & 0o077) out.push(`${path} (${m.toString(8).padStart(3, "0")})`);
    } catch {
      // absent: nothing to report
    }
  };
  check(dataDir);
  for (const f of ["claimcheck.db", "claimcheck.db-wal", "claimcheck.db-shm"]) check(join(dataDir, f));
  const resumes = join(dataDir, "resumes");
  check(resumes);
  try {
    for (const name of readdirSync(resumes)) check(join(resumes, name));
  } catch {
    // no resumes yet
  }
  return out;
}
