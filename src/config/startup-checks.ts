import { chmodSync, closeSync, mkdirSync, openSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, SETTINGS } from "./config.ts";

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

/** An error opening the database file, reported like a configuration problem of DATA_DIR. */
export function databaseOpenError(dataDir: string, dbPath: string, err: unknown): ConfigError {
  return new ConfigError([
    `${SETTINGS.dataDir.env} (--${SETTINGS.dataDir.flag}) = ${JSON.stringify(dataDir)}: the database ${dbPath} cannot be opened (${err instanceof Error ? err.message : String(err)})`,
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
