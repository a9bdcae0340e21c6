import type { Dialect, Queryable, SqlParams, Statement, Transaction } from "./sql-database.ts";
import { TransactionAborted } from "./sql-database.ts";

export type StatementKind = "get" | "all" | "run";

/**
 * One connection as a transaction drives it. SQLite answers at once (a value, or a throw); PostgreSQL
 * with a promise, so that statements issued without waiting are pipelined on the connection.
 */
export interface ScopeConnection {
  readonly dialect: Dialect;
  statement(kind: StatementKind, sql: string, params: SqlParams): unknown;
  /** a statement without parameters and without a result (BEGIN, SAVEPOINT, a migration's text) */
  exec(sql: string): unknown;
  /** the advisory locks of Transaction.lock (nothing on SQLite) */
  lock(names: readonly string[]): unknown;
  /** whether `error` is the backend's "the transaction is aborted" refusal (PostgreSQL's 25P02) */
  isAbortedState(error: unknown): boolean;
}

/**
 * The handle of a transaction or of one of its savepoints: the semantics of sql-database.ts, written once
 * for both backends. A statement failure is recorded in the scope it ran in; from then on the scope
 * refuses statements and cannot commit or be released. Statements issued without awaiting them are
 * tracked, and the scope ends only once each of them has answered.
 */
export class TransactionScope implements Transaction {
  readonly dialect: Dialect;
  private failure: { error: unknown } | null = null;
  private ended = false;
  private child: TransactionScope | null = null;
  private readonly pending = new Set<Promise<unknown>>();
  /** afterCommit callbacks of this scope (and of its savepoints released into it) */
  readonly committed: Array<() => void> = [];

  constructor(
    private readonly conn: ScopeConnection,
    private readonly depth: number,
  ) {
    this.dialect = conn.dialect;
  }

  query<R = unknown, P extends SqlParams = SqlParams>(sql: string): Statement<R, P> {
    return {
      get: (...params: P) => this.issue("get", sql, params) as Promise<R | null>,
      all: (...params: P) => this.issue("all", sql, params) as Promise<R[]>,
      run: (...params: P) => this.issue("run", sql, params) as Promise<never>,
    };
  }

  exec(sql: string): Promise<void> {
    return this.issue("exec", sql, []) as Promise<void>;
  }

  lock(names: readonly string[]): Promise<void> {
    return this.issue("lock", "", names as SqlParams) as Promise<void>;
  }

  afterCommit(fn: () => void): void {
    const refused = this.refusal();
    if (refused) throw refused;
    this.committed.push(fn);
  }

  /** The first statement failure of this scope, if one failed. */
  get failed(): { error: unknown } | null {
    return this.failure;
  }

  async savepoint<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const refused = this.refusal();
    if (refused) throw refused;
    await this.settle(); // this scope's own statements answered first: a failure among them fails it
    if (this.failure) throw new TransactionAborted(this.failure.error);
    const name = `sp_${this.depth + 1}`;
    const child = new TransactionScope(this.conn, this.depth + 1);
    this.child = child;
    let value: T;
    try {
      void child.issue("run", `SAVEPOINT ${name}`, []).catch(() => {}); // its failure is the child's
      try {
        value = await fn(child);
        await child.settle();
      } catch (error) {
        await child.end();
        this.child = null;
        await this.rollbackTo(name);
        throw error;
      }
      child.ended = true;
      this.child = null;
      if (child.failure) {
        await this.rollbackTo(name);
        throw new TransactionAborted(child.failure.error);
      }
    } finally {
      this.child = null;
    }
    // savepoint statements run as prepared statements (compiled once per connection, like any other);
    // pipelined: should it fail (the connection lost), the transaction fails at its end
    void this.issue("run", `RELEASE SAVEPOINT ${name}`, []).catch(() => {});
    this.committed.push(...child.committed);
    return value;
  }

  /** Wait until every statement issued on this scope has answered (at once when none is in flight). */
  settle(): Promise<void> | undefined {
    return this.pending.size > 0 ? this.settleAll() : undefined;
  }

  private async settleAll(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** The scope is over: statements issued on it from now on are refused. */
  end(): Promise<void> | undefined {
    const settling = this.settle();
    if (!settling) {
      this.ended = true;
      return undefined;
    }
    return settling.then(() => {
      this.ended = true;
    });
  }

  private async rollbackTo(name: string): Promise<void> {
    try {
      await this.issue("run", `ROLLBACK TO SAVEPOINT ${name}`, []);
      await this.issue("run", `RELEASE SAVEPOINT ${name}`, []);
    } catch {
      // recorded as this scope's failure: it cannot commit now
    }
  }

  private refusal(): Error | null {
    if (this.ended) return new Error("the transaction has ended: statements after it must not use its handle");
    if (this.child)
      return new Error("a savepoint of this transaction is open: run statements on the savepoint's handle");
    if (this.failure) return new TransactionAborted(this.failure.error);
    return null;
  }

  private issue(kind: StatementKind | "exec" | "lock", sql: string, params: SqlParams): Promise<unknown> {
    const refused = this.refusal();
    if (refused) return Promise.reject(refused);
    let answer: unknown;
    try {
      answer =
        kind === "exec"
          ? this.conn.exec(sql)
          : kind === "lock"
            ? this.conn.lock(params as string[])
            : this.conn.statement(kind, sql, params);
    } catch (error) {
      return Promise.reject(this.fail(error));
    }
    if (!(answer instanceof Promise)) return Promise.resolve(answer);
    const settled = answer.then(undefined, (error: unknown) => {
      throw this.fail(error);
    });
    // the tracking handler also marks the promise handled: a statement nobody awaits cannot crash the
    // process, and its failure still keeps the transaction from committing
    this.pending.add(settled);
    settled.then(
      () => this.pending.delete(settled),
      () => this.pending.delete(settled),
    );
    return settled;
  }

  /** Record a failure; a later statement refused because of it reports the first one as its cause. */
  private fail(error: unknown): unknown {
    if (this.failure && this.conn.isAbortedState(error)) return new TransactionAborted(this.failure.error);
    this.failure ??= { error };
    return error;
  }
}

/**
 * Run `fn` as a transaction on `conn` (BEGIN already sent): commit once `fn` resolved and every statement
 * it issued answered without a failure; otherwise roll back and throw `fn`'s error or TransactionAborted.
 */
export async function runTransaction<T>(
  scope: TransactionScope,
  fn: (tx: Transaction) => Promise<T>,
  ends: { commit(): Promise<void> | void; rollback(): Promise<void> | void },
): Promise<T> {
  // SQLite answers at once: its ends return nothing to await, and nothing is pending at the end
  let value: T;
  try {
    value = await fn(scope);
  } catch (error) {
    await scope.end();
    await ends.rollback();
    throw error;
  }
  const ending = scope.end();
  if (ending !== undefined) await ending;
  const failed = scope.failed;
  if (failed) {
    await ends.rollback();
    throw new TransactionAborted(failed.error);
  }
  try {
    const committing = ends.commit();
    if (committing !== undefined) await committing;
  } catch (error) {
    await ends.rollback();
    throw error;
  }
  for (const fn of scope.committed) {
    try {
      fn();
    } catch {
      // an announcement that failed does not undo the commit
    }
  }
  return value;
}

/** A Queryable's statements as the three methods of Statement, for backends that run one at a time. */
export function statementOf<R, P extends SqlParams>(
  run: (kind: StatementKind, sql: string, params: SqlParams) => Promise<unknown>,
  sql: string,
): Statement<R, P> {
  return {
    get: (...params: P) => run("get", sql, params) as Promise<R | null>,
    all: (...params: P) => run("all", sql, params) as Promise<R[]>,
    run: (...params: P) => run("run", sql, params) as Promise<never>,
  };
}

export type { Queryable };
