import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { loadDataDir } from "../../config/config.ts";
import { backupTo, openDatabase } from "../../storage/database.ts";
import type { Command } from "../command.ts";
import { UsageError } from "../command.ts";
import { DATA_DIR_FLAG, parseFlags, storageFlagValues } from "../flags.ts";

const backup: Command = {
  name: "backup",
  summary: "write a consistent copy of the database while the server keeps running",
  help: `usage: claimcheck backup --out FILE [--data-dir DIR | --database-url URL]

Uses SQLite's VACUUM INTO: a transactionally consistent, compacted copy, taken without stopping the
server. Restore by stopping the server and putting the copy in place as DATA_DIR/claimcheck.db.`,
  async run(args, io) {
    const { values } = parseFlags(args, { out: { type: "string" }, ...DATA_DIR_FLAG });
    if (!values.out) throw new UsageError("--out is required");
    const out = resolve(values.out);
    if (existsSync(out)) throw new UsageError(`${out} exists; choose a new file`);
    const { dbPath, databaseUrl } = loadDataDir(io.env, storageFlagValues(values));
    if (databaseUrl)
      throw new UsageError(
        "the data is in PostgreSQL (DATABASE_URL): back it up with pg_dump (README: Running several replicas)",
      );
    if (!existsSync(dbPath)) throw new Error(`no database at ${dbPath}`);
    const db = await openDatabase(dbPath, { migrate: false });
    try {
      await backupTo(db, out);
    } finally {
      await db.close();
    }
    io.out(out);
    return 0;
  },
};

export const commands = [backup];
