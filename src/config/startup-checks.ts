import { chmodSync, closeSync, mkdirSync, openSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "./config.ts";
import { SETTINGS } from "./settings.ts";

const errText = (err: unknown) => {
  const e = err as NodeJS.ErrnoException;
  return e?.code
    ? `${e.code}: ${String(e.message)
        .replace(/^\w+: /, "")
        .replace(/, \w+ '.*'$/, "")}`
    : String(err);
};

/**
 * Make sure DATA_DIR exists (created 0700) and can be written before anything opens the database there, so an
 * unusable directory is reported as a configuration problem naming the path and the cause (exit 78)
 * instead of SQLite's "unable to open database file".
 */
export function ensureDataDir(dataDir: string): void {
  const problem = (what: string, err: unknown) =>
    new ConfigError([
      `${SETTINGS.dataDir.env} (--${SETTINGS.dataDir.flag}) = ${JSON.stringify(dataDir)}: ${what} (${errText(err)})`,
    ]);
  try {
    // created for the service's user only, whatever the umask (as storage/private-files.ts does)
    // mkdirSync names the first directory it created: undefined when DATA_DIR was already there
    if (mkdirSync(dataDir, { recursive: true, mode: 0o700 }) !== undefined) chmodSync(dataDir, 0o700);
  } catch (err) {
    throw problem("the directory cannot be created", err);
  }
  const probe = join(dataDir, `.write-test-${process.pid}`);
  try {
    closeSync(openSync(probe, "wx"));
    unlinkSync(probe);
  } catch (err) {
    throw problem("the directory is not writable", err);
  }
}

/**
 * An admin command pointed at a DATA_DIR without a database: it is not created silently (a mistyped
 * DATA_DIR, or a command run in another directory, would otherwise get an empty database and answer
 * "no API keys"). The message names the path, how it was found, and `--create` for a new one on purpose.
 */
export function missingDatabaseError(given: string, dbPath: string, cwd = process.cwd()): ConfigError {
  const relative = !given.startsWith("/") ? ` (relative to the current directory ${cwd})` : "";
  return new ConfigError([
    `${SETTINGS.dataDir.env} (--${SETTINGS.dataDir.flag}) = ${JSON.stringify(given)}: there is no claimcheck database at ${dbPath}${relative}. Run the command where the server keeps its data (serve prints the path at start) or set ${SETTINGS.dataDir.env} / --${SETTINGS.dataDir.flag} to that directory; to create a new, empty database there, add --create`,
  ]);
}

/** An error opening the database file, reported like a configuration problem of DATA_DIR. */
export function databaseOpenError(dataDir: string, dbPath: string, err: unknown): ConfigError {
  return new ConfigError([
    `${SETTINGS.dataDir.env} (--${SETTINGS.dataDir.flag}) = ${JSON.stringify(dataDir)}: the database ${dbPath} cannot be opened (${err instanceof Error ? err.message : String(err)})`,
  ]);
}

/** A PostgreSQL URL as it may be printed: the password replaced by ***. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparseable URL)";
  }
}

/** Where a PostgreSQL URL points, without its credentials: host:port/database. */
export function postgresPlace(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "(unparseable URL)";
  }
}

/** What a new user most likely has to do about a PostgreSQL error at start, by its code. */
function postgresHint(code: string, url: string): string {
  let u: URL | null = null;
  try {
    u = new URL(url);
  } catch {}
  const where = u ? `${u.hostname}:${u.port || "5432"}` : "the host";
  const db = u ? decodeURIComponent(u.pathname.replace(/^\//, "")) || "(none)" : "(none)";
  if (code.startsWith("ERR_POSTGRES_CONNECTION"))
    return `nothing accepted the connection at ${where}: is PostgreSQL running there, and are the host and port right?`;
  if (code === "28P01" || code === "28000" || code.startsWith("ERR_POSTGRES_AUTH") || code.includes("SASL"))
    return "the server refused this user or password";
  if (code === "3D000")
    return `the database ${JSON.stringify(db)} does not exist: create it (createdb ${db}) or fix the name`;
  if (code === "42501")
    return "the user lacks a privilege the migrations need: make it the database's owner (the schema needs the citext extension, which an owner may create)";
  return "";
}

/**
 * PostgreSQL could not be used at start (not running, wrong credentials, no such database, too few
 * privileges): a configuration problem of DATABASE_URL (exit 78), with the password hidden and a hint.
 * Other errors pass through.
 */
export function postgresStartError(url: string, err: unknown): ConfigError | unknown {
  const code = (err as { name?: unknown; code?: unknown } | null)?.code;
  if ((err as { name?: unknown } | null)?.name !== "PostgresError" || typeof code !== "string") return err;
  const hint = postgresHint(code, url);
  const cause = err instanceof Error ? err.message : String(err);
  return new ConfigError([
    `${SETTINGS.databaseUrl.env} (--${SETTINGS.databaseUrl.flag}) = ${redactedUrl(url)}: PostgreSQL cannot be used (${cause}${code.startsWith("ERR_") ? "" : `, SQLSTATE ${code}`})${hint ? `; ${hint}` : ""}`,
  ]);
}

/** Why the listener could not start, as a configuration problem of PORT or HOST. */
export function listenError(config: { host: string; port: number }, err: unknown): ConfigError | unknown {
  const code = (err as NodeJS.ErrnoException)?.code;
  const where = `${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`;
  if (code === "EADDRINUSE")
    return new ConfigError([
      `${SETTINGS.port.env} (--${SETTINGS.port.flag}) = ${JSON.stringify(String(config.port))}: ${where} is already in use (another claimcheck serve, or another program); stop it, or choose another port (PORT=0 picks a free one)`,
    ]);
  if (code === "EADDRNOTAVAIL")
    return new ConfigError([
      `${SETTINGS.host.env} (--${SETTINGS.host.flag}) = ${JSON.stringify(config.host)}: not an address of this machine (EADDRNOTAVAIL); use 0.0.0.0 for every interface or 127.0.0.1 for this machine only`,
    ]);
  if (code === "EACCES")
    return new ConfigError([
      `${SETTINGS.port.env} (--${SETTINGS.port.flag}) = ${JSON.stringify(String(config.port))}: permission denied to listen on ${where} (ports below 1024 need privileges); choose a port above 1023`,
    ]);
  return err;
}
