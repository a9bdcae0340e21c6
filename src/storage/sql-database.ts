/**
 * The database as the stores see it: one asynchronous API over SQLite (bun:sqlite, embedded) and
 * PostgreSQL (a pool of Bun.SQL connections). Stores write SQL that both accept (`?` placeholders,
 * RETURNING, ON CONFLICT); the few statements that differ ask `dialect`. No call blocks the event loop
 * on the network: a PostgreSQL statement is awaited, never waited for.
 *
 * Semantics shared by both backends (docs/storage.md; test/storage/transactions.test.ts runs them on both):
 * - A statement's error is thrown where its promise is awaited, never later and never elsewhere.
 * - A transaction runs on its own handle (`db.transaction(async (tx) => ...)`): statements on `tx` are in
 *   it, statements on `db` are not. On SQLite, whose one connection the whole process shares, an open
 *   transaction holds that connection: other callers' statements wait until it ends, so nothing they run
 *   is interleaved into it and nothing uncommitted is read outside it.
 * - After a statement of a transaction (or savepoint) failed, the transaction accepts no more statements
 *   (each rejects with TransactionAborted) and cannot commit: `transaction()` rejects, with the failed
 *   statement's error as the cause, and nothing of it is stored, even if the callback caught that error.
 * - `tx.savepoint(fn)` nests: a throw in `fn`, or a statement of it that failed, rolls back to the
 *   savepoint only; the enclosing transaction goes on.
 */
export type SqlValue = string | number | bigint | boolean | null | Uint8Array;
// biome-ignore lint/suspicious/noExplicitAny: parameter lists are typed per statement by the caller
export type SqlParams = any[];

export interface RunResult {
  changes: number;
  /** SQLite: the rowid inserted; PostgreSQL: the `id` of the first row a RETURNING gave, else 0 */
  lastInsertRowid: number | bigint;
}

export interface Statement<R, P extends SqlParams> {
  get(...params: P): Promise<R | null>;
  all(...params: P): Promise<R[]>;
  run(...params: P): Promise<RunResult>;
}

export type Dialect = "sqlite" | "postgres";

/** What runs statements: the database (each statement on its own) or a transaction's handle. */
export interface Queryable {
  readonly dialect: Dialect;
  query<R = unknown, P extends SqlParams = SqlParams>(sql: string): Statement<R, P>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The handle of an open transaction (or of a savepoint in one). */
export interface Transaction extends Queryable {
  /** Run `fn` in a savepoint: its throw, or a failed statement in it, rolls back to the savepoint only. */
  savepoint<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Serialise the rest of this transaction with every other transaction that locks one of `names`, on
   * every replica, until it ends: PostgreSQL transaction-scoped advisory locks, taken in one order so two
   * transactions never wait for each other in a cycle. SQLite: nothing to do, a transaction there holds
   * the database's one write lock from its start (BEGIN IMMEDIATE).
   */
  lock(names: readonly string[]): Promise<void>;
  /**
   * Call `fn` once the transaction has committed (never when it, or the savepoint this handle belongs
   * to, rolls back): to announce what it wrote, e.g. wake a loop for the work it made due.
   */
  afterCommit(fn: () => void): void;
}

export interface TransactionOptions {
  /** names to lock first (see Transaction.lock) */
  locks?: readonly string[];
  /** PostgreSQL: this transaction's statements may run this long (0: no limit), instead of the statement timeout */
  statementTimeoutMs?: number;
}

export interface Database extends Queryable {
  /**
   * Run `fn` in a transaction and commit it once `fn` resolved; roll it back when `fn` throws (its error
   * is rethrown) or when a statement of it failed (TransactionAborted). Writes are serialised with SQLite's
   * write lock; on PostgreSQL with row locks and `locks` (replicas commit in parallel).
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>, opts?: TransactionOptions): Promise<T>;
  /** Throws unless the database answers a write check within `timeoutMs` (readiness). */
  check(timeoutMs: number): Promise<void>;
  /**
   * Run a periodic task on one replica at a time: on PostgreSQL under a session advisory lock (null when
   * another replica holds it: that one is doing the work), directly on SQLite (one process).
   */
  runAlone<T>(name: string, fn: () => Promise<T>): Promise<T | null>;
  /**
   * Run `fn` while holding the lock `name`, waiting for it as long as another replica holds it: on
   * PostgreSQL a session advisory lock (migrations: replicas starting together migrate one after the
   * other); on SQLite `fn` runs at once (its transactions take the file's write lock).
   */
  exclusively<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Call `fn` on every NOTIFY on `channel`, from any replica (PostgreSQL; a no-op on SQLite); an unsubscribe. */
  listen(channel: string, fn: () => void): Promise<() => void>;
  close(): Promise<void>;
}

export function dialectOf(db: Queryable): Dialect {
  return db.dialect;
}

/**
 * Thrown by a statement issued after another statement of the same transaction (or savepoint) failed,
 * and by `transaction()` / `savepoint()` when such a failure keeps them from committing. `cause`: the
 * statement's own error.
 */
export class TransactionAborted extends Error {
  readonly code = "TRANSACTION_ABORTED";
  constructor(cause: unknown) {
    super(
      `the transaction was rolled back: a statement in it had failed (${cause instanceof Error ? cause.message : String(cause)})`,
      { cause },
    );
    this.name = "TransactionAborted";
  }
}

/** SQLSTATEs of a server that is shutting down, starting up or full of connections. */
const SERVER_UNAVAILABLE = new Set(["57P01", "57P02", "57P03", "53300"]);

/**
 * The database cannot be reached right now (PostgreSQL down or restarting, the connection cut, no answer
 * in time): nothing of the request was stored and the same request can succeed later, so callers answer
 * 503 with Retry-After rather than 500. SQLite, a file in this process, is never "unavailable" this way.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { name?: unknown; code?: unknown; cause?: unknown } | null;
  if (e instanceof TransactionAborted) return isDatabaseUnavailable(e.cause);
  if (e?.name !== "PostgresError" || typeof e.code !== "string") return false;
  return (
    e.code.startsWith("ERR_POSTGRES_CONNECTION") || // Bun.SQL: refused, closed, timed out
    e.code === "ERR_POSTGRES_IDLE_TIMEOUT" ||
    e.code === "ERR_CLAIMCHECK_NO_ANSWER" ||
    e.code.startsWith("08") || // connection exception
    SERVER_UNAVAILABLE.has(e.code)
  );
}
