import {
  closeSync,
  constants,
  fchmodSync,
  fsyncSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  writeSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { loadDataDir, missingDatabaseError } from "../../config/index.ts";
import { backupTo, openDatabase, PRIVATE_FILE_MODE, type SqliteDatabase } from "../../storage/index.ts";
import type { Command } from "../command.ts";
import { UsageError } from "../command.ts";
import { DATA_DIR_FLAG, parseFlags, storageFlagValues } from "../flags.ts";

/**
 * Create `out` exclusively (O_EXCL: an existing file or any symbolic link there, dangling or not, is
 * refused rather than followed) at mode 0600, and fill it with a consistent copy of the database. The
 * copy is first written by VACUUM INTO into a fresh 0700 directory beside `out` (SQLite opens a path,
 * and would follow a link put in its way), then copied into the descriptor opened here.
 */
export async function writeBackup(db: SqliteDatabase, out: string): Promise<void> {
  let fd: number;
  try {
    fd = openSync(
      out,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      PRIVATE_FILE_MODE,
    );
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST" || code === "ELOOP")
      throw new UsageError(`${out} exists (a file, or a link to one); choose a new file`);
    throw new Error(`cannot create ${out}: ${(err as Error).message}`);
  }
  let scratch: string | null = null;
  let done = false;
  try {
    fchmodSync(fd, PRIVATE_FILE_MODE); // whatever the umask
    scratch = mkdtempSync(join(dirname(out), ".claimcheck-backup-"));
    const copy = join(scratch, "copy.db");
    await backupTo(db, copy);
    const src = openSync(copy, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      const buf = Buffer.allocUnsafe(1024 * 1024);
      for (let n = readSync(src, buf); n > 0; n = readSync(src, buf)) {
        for (let off = 0; off < n; ) off += writeSync(fd, buf, off, n - off);
      }
    } finally {
      closeSync(src);
    }
    fsyncSync(fd);
    done = true;
  } finally {
    closeSync(fd);
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    if (!done) rmSync(out, { force: true });
  }
}

const backup: Command = {
  name: "backup",
  summary: "write a consistent copy of the database while the server keeps running",
  help: `usage: claimcheck backup --out FILE [--data-dir DIR | --database-url URL]

Uses SQLite's VACUUM INTO: a transactionally consistent, compacted copy, taken without stopping the
server. FILE must not exist (a file or a link there is refused, never followed); it is created 0600,
as it holds the same secrets as the database. Restore by stopping the server and putting the copy in
place as DATA_DIR/claimcheck.db.`,
  async run(args, io) {
    const { values } = parseFlags(args, { out: { type: "string" }, ...DATA_DIR_FLAG });
    if (!values.out) throw new UsageError("--out is required");
    const out = resolve(values.out);
    const { dbPath, databaseUrl, dataDirGiven } = loadDataDir(io.env, storageFlagValues(values));
    if (databaseUrl)
      throw new UsageError(
        "the data is in PostgreSQL (DATABASE_URL): back it up with pg_dump (docs: Running several replicas)",
      );
    if (!(await Bun.file(dbPath).exists())) throw missingDatabaseError(dataDirGiven, dbPath);
    const db = await openDatabase(dbPath, { migrate: false });
    try {
      await writeBackup(db, out);
    } finally {
      await db.close();
    }
    io.out(out);
    return 0;
  },
};

export const commands = [backup];
