/** Errors of the PostgreSQL backend as the stores and the HTTP layer see them. */

/** A PostgreSQL error as the stores see it: `code` is the SQLSTATE (23505 unique_violation ...), or Bun's ERR_* code. */
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

/** The code of the error thrown when the server does not answer in time (the connection may be stuck). */
export const NO_ANSWER = "ERR_CLAIMCHECK_NO_ANSWER";

/** Bun's SQL errors (code ERR_POSTGRES_*, the SQLSTATE in errno) as PostgresError (code = SQLSTATE when there is one). */
export function toPostgresError(error: unknown): unknown {
  if (error instanceof PostgresError) return error;
  const e = error as { name?: unknown; code?: unknown; errno?: unknown; detail?: unknown; message?: unknown } | null;
  if (!e || typeof e !== "object" || typeof e.code !== "string" || !e.code.startsWith("ERR_POSTGRES")) return error;
  const code = typeof e.errno === "string" && e.errno ? e.errno : e.code;
  const err = new PostgresError(
    String(e.message ?? "PostgreSQL error"),
    code,
    typeof e.detail === "string" ? e.detail : null,
  );
  err.cause = error;
  return err;
}

export function noAnswer(ms: number): PostgresError {
  return new PostgresError(`PostgreSQL did not answer within ${ms} ms`, NO_ANSWER, null);
}

/** The connection itself failed (closed, refused, no answer): it must not go back to the pool. */
export function isConnectionLoss(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === "string" &&
    (code.startsWith("ERR_POSTGRES_CONNECTION") || code === NO_ANSWER || code.startsWith("08"))
  );
}
