import { ApiErrors, AppError } from "../lib/index.ts";

/** Bodies of every route but the upload: dashboard forms, small JSON. */
export const FORM_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The dashboard's upload form: a resume like POST /v1/verify's, read by the same acceptance, which
 * refuses an oversized declared length before reading and counts a chunked body as it streams; it
 * answers in the dashboard's HTML, so the refusal is left to the route.
 */
export const DASHBOARD_UPLOAD_PATH = "/dashboard/submit";

/**
 * The body a request may send, decided from its headers before a byte of it is read, so that every
 * refusal is the service's own JSON answer (the runtime's own limit is set far above these):
 * - POST /v1/verify: up to the resume limit plus the multipart envelope (a chunked upload is counted
 *   as it streams by the route itself);
 * - any other request with a body: a declared Content-Length of at most 1 MiB (411 without one).
 * Returns the error to answer with, or null to go on.
 */
export function bodyLimitError(
  method: string,
  pathname: string,
  headers: Headers,
  uploadLimitBytes: number,
): AppError | null {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
  const declared = headers.get("content-length");
  const length = declared === null ? null : Number(declared);
  if (pathname === "/v1/verify")
    return length !== null && length > uploadLimitBytes ? ApiErrors.invalidFileTooLarge() : null;
  if (pathname === DASHBOARD_UPLOAD_PATH && method === "POST") return null;
  if (length === null) {
    const chunked = /chunked/i.test(headers.get("transfer-encoding") ?? "");
    return chunked ? new AppError("length_required", 411, "send a Content-Length with the request body") : null;
  }
  return length > FORM_BODY_LIMIT_BYTES
    ? new AppError("payload_too_large", 413, `request bodies here are limited to ${FORM_BODY_LIMIT_BYTES} bytes`)
    : null;
}
