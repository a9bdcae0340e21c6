/**
 * The database as the stores see it: the synchronous subset of bun:sqlite's API they use, implemented by
 * bun:sqlite itself (the embedded default) and by PostgresDatabase (storage/postgres). Stores write SQL
 * that both accept (`?` placeholders, RETURNING, ON CONFLICT); the few statements that differ ask
 * `dialectOf(db)`.
 */
export type SqlValue = string | number | bigint | boolean | null | Uint8Array;
// biome-ignore lint/suspicious/noExplicitAny: parameter lists are typed per statement by the caller
export type SqlParams = any[];

export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface Statement<R, P extends SqlParams> {
  get(...params: P): R | null;
  all(...params: P): R[];
  run(...params: P): RunResult;
}

export interface Transaction<A extends SqlParams, T> {
  (...args: A): T;
  /** SQLite: BEGIN IMMEDIATE. PostgreSQL: serialised against every other immediate transaction, on every replica. */
  immediate(...args: A): T;
  deferred(...args: A): T;
}

export interface Database {
  query<R = unknown, P extends SqlParams = SqlParams>(sql: string): Statement<R, P>;
  exec(sql: string): void;
  transaction<A extends SqlParams, T>(fn: (...args: A) => T): Transaction<A, T>;
  readonly inTransaction: boolean;
  close(): void;
}

export type Dialect = "sqlite" | "postgres";

/** Implemented by the PostgreSQL backend only; bun:sqlite has no `dialect`. */
export interface DialectTagged {
  readonly dialect: Dialect;
}

export function dialectOf(db: Database): Dialect {
  return (db as Partial<DialectTagged>).dialect ?? "sqlite";
}

/** Implemented by the PostgreSQL backend: a write sent without waiting for its answer (see `write`). */
interface SendsWrites {
  send(sql: string, params: readonly unknown[]): void;
}

/**
 * A write whose result the caller does not use. On SQLite it simply runs. On PostgreSQL, inside a
 * transaction, it is pipelined: the caller does not wait for its round trip, and should it fail, the
 * enclosing savepoint or transaction fails with its error when it ends, so nothing of it is committed.
 */
export function write(db: Database, sql: string, ...params: SqlParams): void {
  const sender = db as Partial<SendsWrites>;
  if (sender.send) sender.send(sql, params);
  else db.query(sql).run(...params);
}

/** SQLSTATEs of a server that is shutting down, starting up or full of connections. */
const SERVER_UNAVAILABLE = new Set(["57P01", "57P02", "57P03", "53300"]);

/**
 * The database cannot be reached right now (PostgreSQL down or restarting, the connection cut, no answer
 * in time): nothing of the request was stored and the same request can succeed later, so callers answer
 * 503 with Retry-After rather than 500. SQLite, a file in this process, is never "unavailable" this way.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { name?: unknown; code?: unknown } | null;
  if (e?.name !== "PostgresError" || typeof e.code !== "string") return false;
  return (
    e.code.startsWith("ERR_POSTGRES_CONNECTION") || // Bun.SQL: refused, closed, timed out
    e.code === "ERR_CLAIMCHECK_NO_ANSWER" ||
    e.code.startsWith("08") || // connection exception
    SERVER_UNAVAILABLE.has(e.code)
  );
}
