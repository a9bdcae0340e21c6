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
