import type { Database as BunSqlite } from "bun:sqlite";
import type { Database, SqlParams, Statement, Transaction, TransactionOptions } from "./sql-database.ts";
import {
  runTransaction,
  type ScopeConnection,
  type StatementKind,
  statementOf,
  TransactionScope,
} from "./transaction-scope.ts";

/** One statement on bun:sqlite, synchronously (the file is in this process: no network to wait for). */
function execute(raw: BunSqlite, kind: StatementKind, sql: string, params: SqlParams): unknown {
  const stmt = raw.query(sql);
  if (kind === "get") return stmt.get(...params) ?? null;
  if (kind === "all") return stmt.all(...params);
  const r = stmt.run(...params);
  return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
}

/** SQLite's answer when another connection (another process: the CLI beside the server) holds the lock. */
function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY") && !(err instanceof ConnectionWaitTimeout);
}

/** Pauses between tries of a statement that found the file locked by another connection (ms). */
const BUSY_BACKOFF_MS = [1, 2, 5, 10, 20, 50];

/** The error of a statement that waited too long for the connection a transaction held. */
export class ConnectionWaitTimeout extends Error {
  readonly code = "SQLITE_BUSY";
  constructor(ms: number) {
    super(
      `database is locked: a transaction of this process held the connection for ${ms} ms (a statement awaited inside a transaction must use the transaction's handle)`,
    );
    this.name = "ConnectionWaitTimeout";
  }
}

/**
 * SQLite behind the asynchronous Database interface. bun:sqlite answers synchronously, so a statement
 * outside a transaction runs at once. The process has one connection: a transaction owns it from BEGIN
 * IMMEDIATE (which also takes the file's write lock against other processes) to COMMIT, and everything
 * else (other transactions, single statements) waits in line for it meanwhile, so no other caller's
 * statement is interleaved into an open transaction and none reads its uncommitted rows. A wait longer
 * than `waitTimeoutMs` fails (SQLITE_BUSY), like a writer of another process waiting on the file lock.
 *
 * The file lock another connection holds (the CLI beside the server, a second process) is waited for
 * without blocking the thread: the connection's busy_timeout is 0, and a statement (or BEGIN IMMEDIATE)
 * that finds the file locked is tried again on a timer, with a growing pause, for up to `waitTimeoutMs`,
 * then fails with SQLITE_BUSY. Meanwhile the process answers requests, and a transaction of another
 * connection in this process (tests run two replicas on one file) can reach its COMMIT.
 */
export class SqliteDatabase implements Database {
  readonly dialect = "sqlite" as const;
  /** who owns the connection: a transaction, a waiting single statement, or nobody */
  private owned = false;
  private readonly line: Array<{ take: () => void; refuse: (e: Error) => void }> = [];
  private closed = false;

  constructor(
    readonly raw: BunSqlite,
    private readonly opts: { waitTimeoutMs: number } = { waitTimeoutMs: 5_000 },
  ) {}

  /**
   * The connection as one transaction drives it. SQLite ends a transaction itself on some errors
   * (SQLITE_FULL, IOERR, NOMEM): from then on every statement of it fails with that error, never runs
   * outside it (autocommit).
   */
  private transactionConnection(): ScopeConnection {
    const raw = this.raw;
    let lost: { error: unknown } | null = null;
    const guarded = (run: () => unknown) => {
      if (lost) throw lost.error;
      try {
        return run();
      } catch (error) {
        if (!raw.inTransaction) lost = { error };
        throw error;
      }
    };
    return {
      dialect: "sqlite",
      statement: (kind, sql, params) => guarded(() => execute(raw, kind, sql, params)),
      exec: (sql) => guarded(() => raw.exec(sql)),
      lock: () => undefined, // BEGIN IMMEDIATE holds the write lock already
      isAbortedState: () => false,
    };
  }

  query<R = unknown, P extends SqlParams = SqlParams>(sql: string): Statement<R, P> {
    return statementOf((kind, text, params) => this.single(() => execute(this.raw, kind, text, params)), sql);
  }

  exec(sql: string): Promise<void> {
    return this.single(() => {
      this.raw.exec(sql);
    }) as Promise<void>;
  }

  /** A statement outside any transaction: at once when the connection is free, else in line for it. */
  private single(run: () => unknown): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error("the database is closed"));
    if (!this.owned) {
      try {
        return Promise.resolve(run());
      } catch (error) {
        return isBusy(error) ? this.whenUnlocked(run) : Promise.reject(error);
      }
    }
    return this.acquire().then(() => {
      try {
        return run();
      } catch (error) {
        if (!isBusy(error)) throw error;
        return this.whenUnlocked(run);
      } finally {
        this.release();
      }
    });
  }

  /**
   * `run` again on a timer while another connection holds the file lock, for up to waitTimeoutMs in all;
   * the last SQLITE_BUSY once that has passed. The event loop runs meanwhile.
   */
  private async whenUnlocked<T>(run: () => T): Promise<T> {
    const giveUpAt = performance.now() + this.opts.waitTimeoutMs;
    for (let i = 0; ; i++) {
      await Bun.sleep(BUSY_BACKOFF_MS[Math.min(i, BUSY_BACKOFF_MS.length - 1)]!);
      if (this.closed) throw new Error("the database is closed");
      try {
        return run();
      } catch (error) {
        if (!isBusy(error) || performance.now() >= giveUpAt) throw error;
      }
    }
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>, _opts: TransactionOptions = {}): Promise<T> {
    if (this.closed) throw new Error("the database is closed");
    if (this.owned) await this.acquire();
    else this.owned = true;
    try {
      const begin = () => this.raw.query("BEGIN IMMEDIATE").run(); // query(): a prepared statement, cached
      try {
        begin();
      } catch (error) {
        if (!isBusy(error)) throw error;
        await this.whenUnlocked(begin); // another connection writes: wait for it, holding this one's line
      }
      return await runTransaction(new TransactionScope(this.transactionConnection(), 0), fn, {
        commit: () => {
          this.raw.query("COMMIT").run();
        },
        rollback: () => {
          // SQLite ends a transaction itself on some errors (SQLITE_FULL, IOERR): nothing left to roll back
          if (this.raw.inTransaction) this.raw.query("ROLLBACK").run();
        },
      });
    } finally {
      this.release();
    }
  }

  /** Readiness: the write lock can be taken (no other process holds the file, the disk takes a journal). */
  async check(_timeoutMs: number): Promise<void> {
    await this.transaction(async () => {});
  }

  runAlone<T>(_name: string, fn: () => Promise<T>): Promise<T | null> {
    return fn(); // one process: nobody to take turns with
  }

  exclusively<T>(_name: string, fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  async listen(_channel: string, _fn: () => void): Promise<() => void> {
    return () => {}; // the one process wakes its own loops
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.owned) await this.acquire().catch(() => {});
    this.closed = true;
    for (const w of this.line.splice(0)) w.refuse(new Error("the database is closed"));
    this.raw.close();
  }

  private acquire(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const i = this.line.indexOf(entry);
        if (i >= 0) this.line.splice(i, 1);
        reject(new ConnectionWaitTimeout(this.opts.waitTimeoutMs));
      }, this.opts.waitTimeoutMs);
      const entry = {
        take: () => {
          clearTimeout(timer);
          resolve();
        },
        refuse: (e: Error) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      this.line.push(entry);
    });
  }

  /** Hand the connection to the next in line, or free it. */
  private release(): void {
    const next = this.line.shift();
    if (next) next.take();
    else this.owned = false;
  }
}
