/** The storage module's public surface: what other modules of src/ import from it (never the files behind it). */
export { migrateStorage, onRemoteWake, openStorage, runAlone } from "./backend.ts";
export type { Database, SqliteDatabase } from "./database.ts";
export { backupTo, openDatabase } from "./database.ts";
export { GroupCommit } from "./group-commit.ts";
export { ensurePrivateDir, PRIVATE_FILE_MODE, widePermissions } from "./private-files.ts";
export type { Queryable, Transaction } from "./sql-database.ts";
export { dialectOf, isDatabaseUnavailable, TransactionAborted } from "./sql-database.ts";
