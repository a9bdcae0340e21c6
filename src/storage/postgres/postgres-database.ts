import type { ReservedSQL, SQL } from "bun";
import type { Database, SqlParams, Statement, Transaction, TransactionOptions } from "../sql-database.ts";
import {
  runTransaction,
  type ScopeConnection,
  type StatementKind,
  statementOf,
  TransactionScope,
} from "../transaction-scope.ts";
import { isConnectionLoss, NO_ANSWER, noAnswer, PostgresError, toPostgresError } from "./errors.ts";
import { openPool, type PostgresOptions } from "./pool.ts";
import { shape, toParam } from "./rows.ts";
import { advisoryKey, toPostgresPlaceholders } from "./sql-text.ts";
import { checkWritable } from "./writable-check.ts";

export { NO_ANSWER, PostgresError, type PostgresOptions, toPostgresError };

/** The key space (first of two int keys) of Transaction.lock's locks. */
const SCOPE_LOCKS = advisoryKey("claimcheck:scopes");

interface Flight {
  deadline: number;
  reject: (e: unknown) => void;
  /** the connection to close when no answer comes (a transaction's) */
  reserved: ReservedSQL | null;
}

/**
 * PostgreSQL behind the asynchronous Database interface: a pool of Bun.SQL connections, so that a
 * statement waiting on the server (or on a lock) holds one connection and never the event loop. A
 * single statement runs on any pooled connection; a transaction reserves one connection for its whole
 * length, its statements pipelined on it (issued without waiting, answered in order).
 *
 * Partitions: the server ends statements past `statementTimeoutMs` itself. A statement that gets no
 * answer at all within `answerTimeoutMs` (the network stalls, the server is gone without a word) fails
 * with NO_ANSWER, and the pool is replaced: every connection it had may be stuck the same way, and the
 * new pool connects afresh (within `connectTimeoutMs`), so the replica recovers by itself once the
 * server answers again. A transaction whose connection is lost or abandoned is never committed: the
 * server rolls it back, and ends sessions left idle inside a transaction after `idleInTransactionTimeoutMs`.
 */
export class PostgresDatabase implements Database {
  readonly dialect = "postgres" as const;
  private pool: SQL;
  private readonly texts = new Map<string, string>();
  private readonly flights = new Set<Flight>();
  private readonly watchdog: ReturnType<typeof setInterval>;
  private readonly listeners = new Map<string, Set<() => void>>();
  private subscriptions: Array<{ unlisten(): Promise<void> }> = [];
  private closed = false;
  private lastReset = 0;
  /** statements sent to the server so far (round trips are what the batching saves; tests count them) */
  statementsSent = 0;
  readonly statementTimeoutMs: number;
  readonly answerTimeoutMs: number;
  private readonly connectTimeoutMs: number;

  constructor(
    private readonly url: string,
    private readonly opts: PostgresOptions = {},
  ) {
    this.statementTimeoutMs = opts.statementTimeoutMs ?? 15_000;
    this.answerTimeoutMs = opts.answerTimeoutMs ?? Math.max(5_000, this.statementTimeoutMs + 5_000);
    this.connectTimeoutMs = opts.connectTimeoutMs ?? 10_000;
    this.pool = this.newPool();
    this.watchdog = setInterval(() => this.expire(), Math.min(500, Math.max(50, this.answerTimeoutMs / 10)));
    this.watchdog.unref();
  }

  private newPool(): SQL {
    return openPool(this.url, this.opts, this.statementTimeoutMs, this.connectTimeoutMs);
  }

  query<R = unknown, P extends SqlParams = SqlParams>(sql: string): Statement<R, P> {
    return statementOf((kind, text, params) => this.single(kind, text, params), sql);
  }

  async exec(sql: string): Promise<void> {
    this.assertOpen();
    await this.fly(this.pool.unsafe(sql).simple(), null, this.answerTimeoutMs);
  }

  private single(kind: StatementKind, sql: string, params: SqlParams): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error("the database is closed"));
    return this.fly(this.send(this.pool, sql, params), null, this.answerTimeoutMs).then((r) => shape(kind, r));
  }

  private send(conn: SQL, sql: string, params: SqlParams): SQL.Query<unknown> {
    const text = this.textOf(sql);
    return params.length > 0 ? conn.unsafe(text, params.map(toParam)) : conn.unsafe(text);
  }

  private textOf(sql: string): string {
    let text = this.texts.get(sql);
    if (text === undefined) {
      text = toPostgresPlaceholders(sql);
      this.texts.set(sql, text);
    }
    return text;
  }

  /**
   * Start `q` and settle with its answer, or with NO_ANSWER once `timeoutMs` passed without one (0: no
   * limit); errors as PostgresError.
   */
  private fly<T>(q: SQL.Query<T>, reserved: ReservedSQL | null, timeoutMs: number): Promise<T> {
    this.statementsSent++;
    return new Promise<T>((resolve, reject) => {
      const flight: Flight = {
        deadline: timeoutMs > 0 ? performance.now() + timeoutMs : Number.POSITIVE_INFINITY,
        reject,
        reserved,
      };
      this.flights.add(flight);
      q.then(
        (r) => {
          if (this.flights.delete(flight)) resolve(r);
        },
        (e) => {
          if (this.flights.delete(flight)) reject(toPostgresError(e));
        },
      );
    });
  }

  /** The watchdog: statements past their deadline fail, and the connections that may be stuck are replaced. */
  private expire(): void {
    if (this.flights.size === 0) return;
    const now = performance.now();
    let stuck = false;
    for (const f of this.flights) {
      if (f.deadline > now) continue;
      this.flights.delete(f);
      stuck = true;
      f.reject(noAnswer(this.answerTimeoutMs));
      if (f.reserved) void f.reserved.close().catch(() => {});
    }
    if (stuck) this.resetPool();
  }

  /** Replace the pool (at most once per answer timeout): its connections may all hang on a dead network path. */
  private resetPool(): void {
    const now = performance.now();
    if (this.closed || now - this.lastReset < this.answerTimeoutMs) return;
    this.lastReset = now;
    const old = this.pool;
    const oldSubscriptions = this.subscriptions;
    this.pool = this.newPool();
    this.subscriptions = [];
    for (const s of oldSubscriptions) void s.unlisten().catch(() => {});
    void old.close({ timeout: 0 }).catch(() => {});
    for (const channel of this.listeners.keys()) void this.subscribe(channel).catch(() => {});
  }

  /** A connection of its own, waiting at most the answer timeout for one to be free. */
  private async reserve(): Promise<ReservedSQL> {
    this.assertOpen();
    try {
      return await this.pool.reserve({ signal: AbortSignal.timeout(this.answerTimeoutMs) });
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === "TimeoutError") {
        throw new PostgresError(
          `no database connection became free within ${this.answerTimeoutMs} ms`,
          NO_ANSWER,
          null,
        );
      }
      throw toPostgresError(error);
    }
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
    const conn = await this.reserve();
    const limit = opts.statementTimeoutMs;
    const answerMs =
      limit === undefined ? this.answerTimeoutMs : limit === 0 ? 0 : Math.max(limit + 5_000, this.answerTimeoutMs);
    const statement = (sql: string, params: SqlParams) => this.fly(this.send(conn, sql, params), conn, answerMs);
    const scopeConn: ScopeConnection = {
      dialect: "postgres",
      statement: (kind, sql, params) => statement(sql, params).then((r) => shape(kind, r)),
      exec: (sql) => this.fly(conn.unsafe(sql).simple(), conn, answerMs),
      lock: (names) => {
        const keys = [...new Set(names.map((n) => advisoryKey(n)))].sort((a, b) => a - b);
        return Promise.all(keys.map((k) => statement(`SELECT pg_advisory_xact_lock(${SCOPE_LOCKS}, ${k})`, [])));
      },
      isAbortedState: (e) => (e as { code?: unknown } | null)?.code === "25P02",
    };
    const scope = new TransactionScope(scopeConn, 0);
    let reusable = true;
    // BEGIN and the first locks are pipelined with the callback's first statements: one round trip for all
    void scope.exec("BEGIN").catch(() => {});
    if (limit !== undefined)
      void scope.exec(`SET LOCAL statement_timeout = ${Math.max(0, Math.floor(limit))}`).catch(() => {});
    if (opts.locks?.length) void scope.lock(opts.locks).catch(() => {});
    try {
      return await runTransaction(scope, fn, {
        commit: async () => {
          const r = (await statement("COMMIT", [])) as { command?: string | null };
          // COMMIT of a transaction the server aborted answers ROLLBACK without an error: never "committed"
          if (r.command === "ROLLBACK")
            throw new PostgresError("the transaction was rolled back by the server", "25P02", null);
        },
        rollback: async () => {
          try {
            await statement("ROLLBACK", []);
          } catch {
            reusable = false; // the connection is gone or stuck: the server rolls back when it ends
          }
        },
      });
    } catch (error) {
      if (!reusable || isConnectionLoss(error)) reusable = false;
      throw error;
    } finally {
      if (reusable) void conn.release().catch(() => {});
      else void conn.close().catch(() => {});
    }
  }

  check(timeoutMs: number): Promise<void> {
    return checkWritable(this, timeoutMs);
  }

  async runAlone<T>(name: string, fn: () => Promise<T>): Promise<T | null> {
    const key = advisoryKey(`claimcheck:alone:${name}`);
    const conn = await this.reserve();
    let reusable = true;
    try {
      const got = (await this.fly(
        conn.unsafe(`SELECT pg_try_advisory_lock(${key}) AS ok`),
        conn,
        this.answerTimeoutMs,
      )) as Array<{
        ok: boolean;
      }>;
      if (!got[0]?.ok) return null;
      try {
        return await fn();
      } finally {
        try {
          await this.fly(conn.unsafe(`SELECT pg_advisory_unlock(${key})`), conn, this.answerTimeoutMs);
        } catch {
          reusable = false; // closing the session releases its lock
        }
      }
    } catch (error) {
      if (isConnectionLoss(error)) reusable = false;
      throw error;
    } finally {
      if (reusable) void conn.release().catch(() => {});
      else void conn.close().catch(() => {});
    }
  }

  async exclusively<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const key = advisoryKey(name);
    // a connection of its own, for as long as fn runs: the lock belongs to the session. Waiting for it is
    // not a stuck statement (another replica migrates meanwhile): no time limit; and the session is closed
    // after, not returned to the pool with its changed setting
    const conn = await this.reserve();
    try {
      await this.fly(conn.unsafe("SET statement_timeout = 0"), conn, this.answerTimeoutMs);
      await this.fly(conn.unsafe(`SELECT pg_advisory_lock(${key})`), conn, 0);
      return await fn();
    } finally {
      void conn.close().catch(() => {}); // closing the session releases its lock
    }
  }

  async listen(channel: string, fn: () => void): Promise<() => void> {
    this.assertOpen();
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.subscribe(channel);
    }
    set.add(fn);
    return () => set.delete(fn);
  }

  private async subscribe(channel: string): Promise<void> {
    const sub = await this.pool.listen(channel, () => {
      for (const f of this.listeners.get(channel) ?? []) f();
    });
    this.subscriptions.push(sub);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.watchdog);
    for (const s of this.subscriptions) await s.unlisten().catch(() => {});
    await this.pool.close({ timeout: 5 }).catch(() => {});
  }

  private assertOpen(): void {
    if (this.closed) throw new Error("the database is closed");
  }
}
