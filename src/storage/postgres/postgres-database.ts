import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import type { Database, DialectTagged, RunResult, SqlParams, Statement, Transaction } from "../sql-database.ts";
import bridgeSource from "./bridge.worker-text.js" with { type: "text" };
import { advisoryKey, toPostgresPlaceholders } from "./sql-text.ts";

/** A PostgreSQL error as the stores see it: `code` is the SQLSTATE (23505 unique_violation ...). */
export class PostgresError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly detail: string | null,
  ) {
    super(message);
    this.name = "PostgresError";
  }
}

type Answer =
  | { ok: true; rows: Record<string, unknown>[]; count: number; command?: string | null }
  | { ok: false; message: string; code: string | null; detail: string | null };

/** The code of the error thrown when the server does not answer in time (the connection may be stuck). */
export const NO_ANSWER = "ERR_CLAIMCHECK_NO_ANSWER";

/** The key space (first of two int keys) of lockScopes' locks: apart from WRITER_LOCK's single bigint keys. */
const SCOPE_LOCKS = advisoryKey("claimcheck:scopes");

/** Key of the lock that serialises `immediate` transactions across replicas (SQLite's one writer). */
export const WRITER_LOCK = advisoryKey("claimcheck:writer");

export interface PostgresOptions {
  /** a statement running longer fails (default 30 s; 0: no limit) */
  statementTimeoutMs?: number;
  /** the calling thread gives up on an answer after this long (default: the statement timeout + 30 s) */
  answerTimeoutMs?: number;
}

/**
 * The PostgreSQL backend behind the stores' synchronous Database interface. Bun.SQL runs in a worker
 * thread on one connection; each statement is posted to it and the calling thread waits (Atomics.wait)
 * for the answer, as it waits for SQLite's file. Transactions therefore span statements on that one
 * connection; nested ones are savepoints. `immediate` transactions take a transaction-scoped advisory
 * lock first, so they are serialised on every replica exactly as BEGIN IMMEDIATE serialises SQLite
 * writers (quota, rate and idempotency checks stay exact); plain (`deferred`) ones rely on row locks.
 */
export class PostgresDatabase implements Database, DialectTagged {
  readonly dialect = "postgres" as const;
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private readonly texts = new Map<string, string>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private depth = 0;
  private requests = 0;
  private closed = false;
  /** writes sent without waiting (send) whose answers have not arrived yet, and the first that failed */
  private readonly unsettled = new Set<number>();
  private sendError: PostgresError | null = null;

  constructor(
    url: string,
    private readonly opts: PostgresOptions = {},
  ) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(bridgeSource, {
      eval: true,
      workerData: {
        url,
        flag: this.flag.buffer,
        port: port2,
        statementTimeoutMs: this.opts.statementTimeoutMs ?? 30_000,
      },
      transferList: [port2],
    });
    this.worker.unref();
    this.worker.on("message", (m: { channel: string; payload: string }) => {
      for (const fn of this.listeners.get(m.channel) ?? []) fn(m.payload);
    });
    this.call({ op: "query", sql: "SELECT 1" }); // fail fast on a wrong URL
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  private call(req: { op: string; sql?: string; params?: unknown[]; channel?: string }): Answer {
    if (this.closed) throw new Error("the database is closed");
    // answers carry their request's id: one that arrives after its caller gave up is dropped, never
    // taken for the answer to a later statement
    const id = ++this.requests;
    let seen = Atomics.load(this.flag, 0);
    this.port.postMessage({ ...req, id });
    const limit = this.opts.answerTimeoutMs ?? (this.opts.statementTimeoutMs ?? 30_000) + 30_000;
    const deadline = Date.now() + limit;
    for (;;) {
      const m = receiveMessageOnPort(this.port);
      if (m) {
        const answer = m.message as Answer & { id: number };
        if (answer.id === id) return answer;
        if (this.unsettled.delete(answer.id) && !answer.ok)
          this.sendError ??= new PostgresError(answer.message, answer.code, answer.detail);
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(this.flag, 0, seen, left) === "timed-out")
        throw new PostgresError(`PostgreSQL did not answer within ${limit} ms`, NO_ANSWER, null);
      seen = Atomics.load(this.flag, 0);
    }
  }

  /** Run one statement (`?` placeholders); rows and affected count. */
  execute(
    sql: string,
    params: readonly unknown[] | null,
  ): { rows: Record<string, unknown>[]; count: number; command?: string | null } {
    const a = this.call({ op: "query", sql: this.textOf(sql), params: params ? params.map(toParam) : undefined });
    if (!a.ok) throw new PostgresError(a.message, a.code, a.detail);
    return a;
  }

  private textOf(sql: string): string {
    let text = this.texts.get(sql);
    if (text === undefined) {
      text = toPostgresPlaceholders(sql);
      this.texts.set(sql, text);
    }
    return text;
  }

  query<R = unknown, P extends SqlParams = SqlParams>(sql: string): Statement<R, P> {
    return {
      get: (...params: P) => (this.execute(sql, params).rows[0] as R | undefined) ?? null,
      all: (...params: P) => this.execute(sql, params).rows as R[],
      run: (...params: P): RunResult => {
        const r = this.execute(sql, params);
        const id = r.rows[0]?.id;
        return { changes: r.count, lastInsertRowid: typeof id === "number" ? id : 0 };
      },
    };
  }

  /**
   * A statement whose answer nobody waits for (BEGIN, SAVEPOINT, RELEASE): it runs in order on the one
   * connection, and should it fail, the transaction is aborted and the next awaited statement (at the
   * latest the COMMIT, see below) fails: one round trip saved each.
   */
  private pipeline(sql: string): void {
    if (this.closed) throw new Error("the database is closed");
    this.port.postMessage({ op: "query", sql, id: ++this.requests });
  }

  /**
   * A write whose result the caller does not need (an INSERT of a row already decided): inside a
   * transaction it is sent without waiting for its answer, so a transaction of several such writes costs
   * one round trip for all of them. Should it fail, the enclosing savepoint or transaction fails with its
   * error when it ends (and is rolled back); outside a transaction it runs and fails at once.
   */
  send(sql: string, params: readonly unknown[]): void {
    if (this.depth === 0) {
      this.execute(sql, params);
      return;
    }
    if (this.closed) throw new Error("the database is closed");
    const id = ++this.requests;
    this.unsettled.add(id);
    this.port.postMessage({ op: "query", sql: this.textOf(sql), params: params.map(toParam), id });
  }

  /** Wait for the answers of every write sent so far; throw the first one's error, if one failed. */
  private settle(): void {
    if (this.unsettled.size > 0) {
      try {
        this.execute("SELECT 1", null); // answered after every statement sent before it
      } catch {
        // the transaction is aborted by the failed write: its own error is the one to report
      }
      this.unsettled.clear();
    }
    const error = this.sendError;
    this.sendError = null;
    if (error) throw error;
  }

  /** Several statements at once, without parameters (migrations). */
  exec(sql: string): void {
    this.execute(sql, null);
  }

  transaction<A extends SqlParams, T>(fn: (...args: A) => T): Transaction<A, T> {
    const run = (lockWriters: boolean, args: A): T => {
      const outer = this.depth === 0;
      const savepoint = `sp_${this.depth}`;
      if (outer) {
        this.unsettled.clear();
        this.sendError = null;
      }
      this.pipeline(outer ? "BEGIN" : `SAVEPOINT ${savepoint}`);
      if (outer && lockWriters) this.execute(`SELECT pg_advisory_xact_lock(${WRITER_LOCK})`, []);
      this.depth++;
      let value: T;
      try {
        value = fn(...args);
        this.settle(); // a write sent in this (sub)transaction that failed fails it here, with its error
      } catch (error) {
        this.depth--;
        this.rollback(outer, savepoint);
        // the writes sent in the rolled-back work are gone with it, failed or not
        this.unsettled.clear();
        this.sendError = null;
        throw error;
      }
      this.depth--;
      if (!outer) {
        this.pipeline(`RELEASE SAVEPOINT ${savepoint}`);
        return value;
      }
      // COMMIT of a transaction in which a statement failed (its error caught by the caller) answers
      // ROLLBACK without an error: never report that as committed
      if (this.execute("COMMIT", null).command === "ROLLBACK")
        throw new PostgresError("the transaction was rolled back: a statement in it had failed", "25P02", null);
      return value;
    };
    const tx = ((...args: A) => run(false, args)) as Transaction<A, T>;
    tx.immediate = (...args: A) => run(true, args);
    tx.deferred = (...args: A) => run(false, args);
    return tx;
  }

  private rollback(outer: boolean, savepoint: string): void {
    try {
      this.exec(outer ? "ROLLBACK" : `ROLLBACK TO SAVEPOINT ${savepoint}; RELEASE SAVEPOINT ${savepoint}`);
    } catch {
      // the connection is gone: the server rolled back already
    }
  }

  /**
   * Call inside a transaction: serialise it with every other transaction holding one of these scopes, on every
   * replica, until it ends (transaction-scoped advisory locks in their own key space, taken in one order so
   * that two batches never wait for each other in a cycle). Narrower than `immediate`, which serialises
   * against every immediate transaction.
   */
  lockScopes(scopes: readonly string[]): void {
    const keys = [...new Set(scopes.map((s) => advisoryKey(s)))].sort((a, b) => a - b);
    for (const key of keys) this.execute(`SELECT pg_advisory_xact_lock(${SCOPE_LOCKS}, ${key})`, null);
  }

  /** Call `fn` on every NOTIFY on `channel`, from any replica; returns an unsubscribe. */
  listen(channel: string, fn: (payload: string) => void): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      const a = this.call({ op: "listen", channel });
      if (!a.ok) throw new PostgresError(a.message, a.code, a.detail);
    }
    set.add(fn);
    return () => set.delete(fn);
  }

  /** NOTIFY `channel` (delivered when the enclosing transaction commits, if any). */
  notify(channel: string, payload = ""): void {
    this.execute("SELECT pg_notify(?, ?)", [channel, payload]);
  }

  close(): void {
    if (this.closed) return;
    try {
      this.call({ op: "close" });
    } catch {
      // the connection is stuck or gone: terminating the thread closes its socket, the server cleans up
    } finally {
      this.closed = true;
      this.worker.terminate();
    }
  }
}

function toParam(v: unknown): unknown {
  if (typeof v === "boolean") return v ? 1 : 0; // as bun:sqlite binds them
  // PostgreSQL text cannot hold U+0000 (the statement fails: "invalid byte sequence"); SQLite's can. A
  // NUL only ever arrives in hostile input (a path, a form field), and in its place U+FFFD keeps a
  // lookup finding nothing and an insert storing the rest, as on SQLite, instead of a 500
  if (typeof v === "string" && v.includes("\u0000")) return v.replaceAll("\u0000", "\uFFFD");
  return v;
}
