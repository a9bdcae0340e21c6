import type { SQL } from "bun";

export interface PostgresOptions {
  /** connections in the pool (default 10) */
  poolSize?: number;
  /** a statement running longer fails on the server (default 15 s; 0: no limit) */
  statementTimeoutMs?: number;
  /**
   * a statement with no answer this long after it was sent fails here, and its connections are replaced:
   * the network or the server stopped answering (default: the statement timeout + 5 s; at least 5 s)
   */
  answerTimeoutMs?: number;
  /** opening a connection may take this long (default 10 s) */
  connectTimeoutMs?: number;
  /** the server ends a session that sits this long inside a transaction, releasing its locks (default 60 s) */
  idleInTransactionTimeoutMs?: number;
}

/** A pool of Bun.SQL connections to `url`, each session with the statement and idle-in-transaction limits. */
export function openPool(
  url: string,
  opts: PostgresOptions,
  statementTimeoutMs: number,
  connectTimeoutMs: number,
): SQL {
  const connection: Record<string, string | number> = {
    application_name: "claimcheck",
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: opts.idleInTransactionTimeoutMs ?? 60_000,
  };
  return new Bun.SQL({
    url,
    max: opts.poolSize ?? 10,
    bigint: true,
    idleTimeout: 60,
    connectionTimeout: Math.max(1, Math.ceil(connectTimeoutMs / 1000)),
    connection,
  });
}
