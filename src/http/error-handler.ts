import { AppError } from "../lib/errors.ts";
import type { Logger } from "../lib/log.ts";

/**
 * Render any thrown value as `{ error: code, message?, ...extra }`. AppErrors keep their code and
 * status; framework errors map to plain codes; anything else is a 500 whose details go only to the log.
 */
export function renderError(err: unknown, frameworkCode: string | number, logger: Logger): { status: number; body: Record<string, unknown>; headers: Record<string, string> } {
  if (err instanceof AppError) {
    return { status: err.status, body: { error: err.code, message: err.message, ...err.extra }, headers: err.headers };
  }
  switch (frameworkCode) {
    case "NOT_FOUND":
      return { status: 404, body: { error: "not_found", message: "no such route" }, headers: {} };
    case "VALIDATION":
      return { status: 400, body: { error: "invalid_request", message: "the request does not match the API schema" }, headers: {} };
    case "PARSE":
      return { status: 400, body: { error: "invalid_request", message: "the request body could not be parsed" }, headers: {} };
    case "INVALID_COOKIE_SIGNATURE":
      return { status: 400, body: { error: "invalid_request", message: "invalid cookie" }, headers: {} };
  }
  logger.error("unhandled error", { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  return { status: 500, body: { error: "internal_error", message: "something went wrong; the service log has details" }, headers: {} };
}
