import type { ErrorBody } from "../contract/index.ts";
import type { Logger } from "../lib/index.ts";
import { type ApiErrorCode, AppError, CLIENT_CLOSED } from "../lib/index.ts";
import { isDatabaseUnavailable, TransactionAborted } from "../storage/index.ts";

/**
 * Render any thrown value as `{ error: code, message?, ...extra }`. AppErrors keep their code and
 * status; framework errors map to plain codes; anything else is a 500 whose details go only to the log.
 */
export function renderError(
  err: unknown,
  frameworkCode: string | number,
  logger: Logger,
): { status: number; body: ErrorBody; headers: Record<string, string> } {
  if (err instanceof AppError) {
    // a body that stopped, came too slowly or was cut by its client: the client's doing, worth a line for the operator
    if (err.code === CLIENT_CLOSED || err.code === "request_timeout")
      logger.info(err.code === CLIENT_CLOSED ? "request abandoned: the client closed the connection" : err.message, {
        code: err.code,
      });
    return {
      status: err.status,
      body: { error: err.code as ApiErrorCode, message: err.message, ...err.extra },
      headers: err.headers,
    };
  }
  // an answer that breaks the API's own schema is the service's fault, not the request's
  if (frameworkCode === "VALIDATION" && (err as { type?: unknown } | null)?.type === "response") {
    logger.error("an answer does not match the API schema; sent internal_error instead", {
      error: err instanceof Error ? err.message : String(err),
    });
    return {
      status: 500,
      body: { error: "internal_error", message: "something went wrong; the service log has details" },
      headers: {},
    };
  }
  switch (frameworkCode) {
    case "NOT_FOUND":
      return { status: 404, body: { error: "not_found", message: "no such route" }, headers: {} };
    case "VALIDATION":
      return {
        status: 400,
        body: { error: "invalid_request", message: "the request does not match the API schema" },
        headers: {},
      };
    case "PARSE":
      return {
        status: 400,
        body: { error: "invalid_request", message: "the request body could not be parsed" },
        headers: {},
      };
    case "INVALID_COOKIE_SIGNATURE":
      return { status: 400, body: { error: "invalid_request", message: "invalid cookie" }, headers: {} };
  }
  if (isStorageFull(err)) {
    logger.error("disk full: request refused", { error: err instanceof Error ? err.message : String(err) });
    return {
      status: 503,
      body: { error: "storage_full", message: "the server has no disk space left, so nothing was stored; retry later" },
      headers: { "Retry-After": String(STORAGE_FULL_RETRY_AFTER_S) },
    };
  }
  if (isDatabaseUnavailable(err)) {
    logger.error("database unavailable: request refused", { error: err instanceof Error ? err.message : String(err) });
    return {
      status: 503,
      body: {
        error: "database_unavailable",
        message: "the database cannot be reached, so nothing was stored or read; retry later",
      },
      headers: { "Retry-After": String(DATABASE_UNAVAILABLE_RETRY_AFTER_S) },
    };
  }
  logger.error("unhandled error", { error: describeThrown(err) });
  return {
    status: 500,
    body: { error: "internal_error", message: "something went wrong; the service log has details" },
    headers: {},
  };
}

/** Seconds a client is told to wait when the database (PostgreSQL) cannot be reached. */
export const DATABASE_UNAVAILABLE_RETRY_AFTER_S = 5;

/** Seconds a client is told to wait after a storage_full refusal. */
export const STORAGE_FULL_RETRY_AFTER_S = 30;

/**
 * A write failed for lack of space (SQLite's SQLITE_FULL, or ENOSPC / EDQUOT from the file system):
 * the request was not stored and can succeed once an operator frees space, so it is a 503, not a 500.
 */
export function isStorageFull(err: unknown): boolean {
  if (err instanceof TransactionAborted) return isStorageFull(err.cause);
  const code = (err as { code?: unknown } | null)?.code;
  return code === "SQLITE_FULL" || code === "ENOSPC" || code === "EDQUOT";
}

/** A thrown value for the log: its stack, else its name and message, never an empty string. */
export function describeThrown(err: unknown): string {
  if (!(err instanceof Error)) return String(err) || "(an empty value was thrown)";
  return err.stack || `${err.name}: ${err.message || "(no message)"}`;
}
