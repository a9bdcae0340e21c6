/**
 * One error vocabulary. An AppError carries a stable machine `code` and the HTTP status it maps to;
 * the HTTP layer renders `{ error: code, message?, ...extra }` and nothing else.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message?: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? code);
    this.name = "AppError";
  }
}

/** The spec's error codes (interface.md section 7) with the statuses from API-AND-DELIVERY.md. */
export const ApiErrors = {
  invalidFileTooLarge: (message = "the resume is larger than 10 MB") => new AppError("invalid_file", 413, message),
  invalidFileNotPdf: (message = "the resume is not a PDF (its bytes do not start with %PDF-)") =>
    new AppError("invalid_file", 415, message),
  missingFields: (fields: string[], message?: string) =>
    new AppError("missing_fields", 400, message ?? `missing or invalid: ${fields.join(", ")}`, { fields }),
  unauthorized: (message = "a valid API key is required: Authorization: Bearer <key>") =>
    new AppError("unauthorized", 401, message, {}, { "WWW-Authenticate": 'Bearer realm="claimcheck"' }),
  quotaExceeded: (retryAfter: number, message: string) =>
    new AppError("quota_exceeded", 429, message, { retryAfter }, { "Retry-After": String(retryAfter) }),
  jobNotFound: () => new AppError("job_not_found", 404, "no job with that trackingId"),
  idempotencyMismatch: () =>
    new AppError(
      "idempotency_key_reused",
      422,
      "this Idempotency-Key was already used with a different request payload",
    ),
} as const;

/** Message of any thrown value, for logs and stored failure reasons. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
