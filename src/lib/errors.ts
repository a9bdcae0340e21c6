/**
 * The service's error vocabulary, one line per code. Three lists:
 * - API_ERROR_CODES: what a JSON error answer of the API carries (`{ error: code }`); the OpenAPI
 *   document's enums and docs/api.md are produced from it;
 * - FAILURE_CODES: why a verification ended FAILED (its result's `error.code`), for the API, the webhook
 *   and `claimcheck verify` alike;
 * - CONSOLE_ERROR_CODES: refusals only the dashboard and the CLI show a person (no API operation
 *   answers them).
 * Adding a code is adding its line; AppError and PermanentJobError accept listed codes only, so a code
 * the lists do not name does not compile.
 */

/** Code -> what it means for a client (the status and the operations are in each route's answers). */
export const API_ERROR_CODES = {
  invalid_file: "the resume is larger than the size limit (413) or its bytes are not a PDF (415); send another file",
  missing_fields:
    "a part is missing or repeated, the body is not multipart/form-data, hostUsername is not a GitHub login, or an accounts value is not host:username on a host the service reads; `fields` names the parts",
  unauthorized: "the API key (or the METRICS_TOKEN for /metrics) is missing, unknown or revoked",
  quota_exceeded:
    "the client's monthly quota or per-key rate limit is spent; `retryAfter` (and Retry-After) says how many seconds to wait",
  job_not_found: "no job with that trackingId, or another client's job",
  idempotency_key_reused: "the Idempotency-Key was used before with a different file or username",
  invalid_request:
    "the request does not match the API: a malformed Idempotency-Key, a trackingId longer than 64 characters, an unreadable body",
  request_timeout:
    "the body stopped arriving for BODY_TIMEOUT, or was not whole within UPLOAD_TIMEOUT; nothing was stored, send it again",
  client_closed_request:
    "the client closed the connection before its body arrived; nothing was stored (an answer nobody reads)",
  server_busy:
    "too many request bodies are being received at once (BODY_BUDGET_MB); nothing was read or stored, retry after Retry-After",
  storage_full: "the server's disk is full; nothing was stored, retry after Retry-After with the same Idempotency-Key",
  database_unavailable:
    "the PostgreSQL database (DATABASE_URL) cannot be reached; nothing was stored or read, retry after Retry-After",
  report_not_ready: "the job is still queued or processing; poll it, then ask for the report again",
  metrics_disabled: "the server has no METRICS_TOKEN, so /metrics is off",
  payload_too_large: "a request body other than an upload is larger than 1 MiB",
  length_required: "a request body other than an upload was sent without a Content-Length",
  not_found: "no such route",
  internal_error: "the service failed unexpectedly; its log has the details",
} as const satisfies Record<string, string>;

export type ApiErrorCode = keyof typeof API_ERROR_CODES;

/** Code -> why the verification ended FAILED and what to do (the result's `error.message` says it for the case). */
export const FAILURE_CODES = {
  pdf_encrypted: "the PDF is password-protected or encrypted; upload a version without a password",
  pdf_no_text: "the PDF has no text to read (a scan or an image); upload a PDF with selectable text",
  pdf_corrupt: "the PDF is damaged, incomplete or not a PDF inside; upload the complete file again",
  pdf_too_complex:
    "reading the PDF needed more memory than the service allows, or crashed its isolated reader; print it to a new PDF",
  pdf_timeout: "reading the PDF took longer than the service allows; print it to a new PDF",
  pdf_too_large: "the PDF is larger than the size limit; export it again with compressed images",
  no_projects_found: "the resume names no project to verify",
  github_user_not_found: "GitHub has no user with the hostUsername; check the spelling",
  account_not_found: "a host named in accounts has no user with that username; check the spelling",
  github_unavailable:
    "GitHub could not be reached: it did not answer for 2 minutes (meanwhile a poll shows stage fetching with stageDetail and giveUpAt), or kept failing over the job's attempts; submit again later",
  host_unavailable:
    "a host named in accounts (GitLab, Gitea/Forgejo) could not be reached after several retries, or refused the configured token; submit again later",
  github_rate_limited:
    "GitHub's rate limit is spent (claimcheck verify only: the service waits for the reset instead); set GITHUB_TOKEN or try again after the reset",
  deadline_exceeded:
    "every attempt of the verification ran past JOB_DEADLINE and was aborted; submit it again later (the service log names what it waited for)",
  resume_purged: "the uploaded PDF was deleted (retention) before the job ran; submit it again",
  worker_crashed: "the service stopped again and again while working on this job; it is not tried again",
  internal_error: "the verification failed unexpectedly; the service log has details",
} as const satisfies Record<string, string>;

export type FailureCode = keyof typeof FAILURE_CODES;

/** Code -> what it means; shown by the dashboard and the CLI only. */
export const CONSOLE_ERROR_CODES = {
  admin_not_found: "no administrator with that name",
  admin_exists: "an administrator with that name exists",
  admins_only: "the page is for administrators",
  invalid_credentials: "the username or password does not meet the rules",
  invalid_login: "wrong username or password",
  login_throttled: "too many failed logins; wait before trying again",
  setup_token_invalid: "the setup link was used or has expired",
  csrf_failed: "a cross-site form submission was refused",
  form_too_large: "the form is too large",
  method_not_allowed: "the page does not answer this method",
  uploads_off: "uploads from the dashboard are turned off for the client",
  invalid_limit: "a quota or rate limit is not a whole number in range",
  client_not_found: "no client with that name or id",
  client_exists: "a client with that name exists",
  invalid_client_name: "a client name is 1-63 letters, digits, '.', '_' or '-'",
  key_not_found: "no API key with that id",
  key_revoked: "the API key is already revoked",
  invalid_key_name: "a key needs a name",
  invalid_webhook_url: "the webhook URL is not an acceptable http(s) address",
  weak_webhook_secret: "a webhook secret needs at least 16 characters",
  no_webhook_url: "the client has no webhook URL",
  no_webhook_secret: "the client has no webhook secret yet",
  webhooks_unavailable: "webhook delivery is not available in this build",
  delivery_not_found: "no webhook delivery with that id",
  delivery_in_flight: "the delivery is being attempted right now",
  not_resendable: "test deliveries are not resent",
  link_not_found: "no share link at that address",
  link_gone: "the share link expired or was revoked",
  invalid_expiry: "a share link lives from 1 hour to 365 days",
  integration_not_found: "no ATS connection with that id",
  invalid_integration: "an ATS connection's kind, tests or Ashby settings are not acceptable",
} as const satisfies Record<string, string>;

export type ErrorCode = ApiErrorCode | keyof typeof CONSOLE_ERROR_CODES;

/**
 * An error with a stable machine `code` and the HTTP status it maps to; the HTTP layer renders
 * `{ error: code, message?, ...extra }` and nothing else.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message?: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? code);
    this.name = "AppError";
  }
}

/** The errors of the interface contract's own codes, with their statuses (docs/api.md). */
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
