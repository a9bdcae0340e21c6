/** The PostgreSQL migration list (numbered on its own, like SQLite's); embedded as text in the executable. */
import type { Migration } from "../../migrations/index.ts";
import p0001 from "./0001_schema.sql" with { type: "text" };
import p0002 from "./0002_shared_state.sql" with { type: "text" };

export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  { version: 1, name: "0001_schema", sql: p0001 },
  { version: 2, name: "0002_shared_state", sql: p0002 },
];
