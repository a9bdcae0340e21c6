import { Type } from "@sinclair/typebox";
import { AcknowledgementSchema, JobSchema } from "../contract/index.ts";
import { BODY_BUDGET_RETRY_AFTER_S } from "../lib/index.ts";
import { POLL_AFTER_S } from "../verification/index.ts";
import {
  type DocumentFacts,
  failing,
  type HeaderDoc,
  operation,
  readinessObject,
  retryAfter,
  statusObject,
} from "./api-operation.ts";
import { DATABASE_UNAVAILABLE_RETRY_AFTER_S, STORAGE_FULL_RETRY_AFTER_S } from "./error-handler.ts";

/**
 * The API's operations, one entry per route: its route is built from the entry (path, parameter and
 * answer validation) and the OpenAPI document is generated from it (http/openapi-document.ts).
 * Dashboard pages are not API and are not here.
 */

const mb = (f: DocumentFacts) => Math.round(f.maxResumeBytes / 1024 / 1024);
const trackingIdParam = Type.Object({
  trackingId: Type.String({ maxLength: 64, description: "the id returned when the job was queued" }),
});

const keyRefused = failing("unauthorized: missing, unknown or revoked API key", ["unauthorized"], {
  "WWW-Authenticate": { description: 'Bearer realm="claimcheck"', schema: { type: "string" } },
});
const databaseDown = failing(
  `database_unavailable: the PostgreSQL database (DATABASE_URL) cannot be reached; try again after Retry-After (${DATABASE_UNAVAILABLE_RETRY_AFTER_S} s)`,
  ["database_unavailable"],
  { "Retry-After": retryAfter("seconds to wait before trying again") },
);
const badTrackingId = failing("invalid_request: the trackingId is longer than 64 characters", ["invalid_request"]);
const unknownJob = failing("job_not_found: unknown id, or another client's job", ["job_not_found"]);

/** An Idempotency-Key header's value. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

const idempotencyKey: HeaderDoc = {
  description:
    "1-255 visible ASCII characters, kept 48 h per client: the same key with the same file, username and accounts answers the original trackingId and creates nothing; with another payload, 422 idempotency_key_reused",
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY.source },
};

export const createVerification = operation({
  method: "post",
  path: "/v1/verify",
  operationId: "createVerification",
  tag: "verifications",
  summary: "Create a verification",
  description: (f) =>
    `multipart/form-data with a \`resume\` PDF (at most ${mb(f)} MB, recognised by its %PDF- bytes) and \`hostUsername\` (the candidate's GitHub login, or \`host:username\` for a candidate whose main account is on another host the service reads), and optionally \`accounts\`: the candidate's accounts on GitLab and Gitea/Forgejo hosts as \`host:username\` (the field repeated, or comma-separated; gitlab.com, codeberg.org and hosts the operator configured in FORGE_HOSTS). Answers 202 once the job is stored durably; the job runs asynchronously. Send \`Idempotency-Key\` to make retries safe.`,
  auth: "apiKey",
  headers: { "Idempotency-Key": idempotencyKey },
  body: {
    "multipart/form-data": {
      schema: Type.Object({
        resume: Type.String({ format: "binary", description: "the resume, a PDF" }),
        hostUsername: Type.String({
          description:
            "the candidate's GitHub login (1-39 letters, digits or single inner hyphens), or host:username for a candidate whose main account is on another host the service reads (gitlab.com:alice)",
          examples: ["octocat", "gitlab.com:alice"],
        }),
        accounts: Type.Optional(
          Type.Array(
            Type.String({
              pattern:
                "^[^:,\\s]+(:[0-9]+)?:[A-Za-z0-9_][A-Za-z0-9_.-]*(,\\s*[^:,\\s]+(:[0-9]+)?:[A-Za-z0-9_][A-Za-z0-9_.-]*)*$",
              description: "host:username, or several separated by commas",
              examples: ["gitlab.com:alice", "codeberg.org:alice,git.example.com:asmith"],
            }),
            {
              description:
                "the candidate's accounts on other hosts: gitlab.com, codeberg.org, or a GitLab/Gitea/Forgejo host the operator configured (FORGE_HOSTS); one per host, at most 8",
            },
          ),
        ),
      }),
      encoding: { resume: { contentType: "application/pdf" } },
    },
  },
  answers: {
    202: {
      description: "queued; poll the Location or wait for the webhook",
      json: AcknowledgementSchema,
      headers: {
        Location: {
          description: "/v1/jobs/{trackingId}",
          schema: { type: "string", format: "uri-reference" },
          required: true,
        },
        "Idempotent-Replayed": {
          description: "true when an earlier request with this Idempotency-Key created the job",
          schema: { type: "string", enum: ["true"] },
        },
      },
    },
    400: failing(
      "missing_fields (with `fields`): a part is missing or repeated, the body is not multipart, hostUsername is neither a GitHub login nor host:username on a host the service reads, or an accounts value is not host:username on a host the service reads (the message says what to configure); invalid_request: a malformed Idempotency-Key; client_closed_request: the client left before its body arrived (nobody reads this answer)",
      ["missing_fields", "invalid_request", "client_closed_request"],
    ),
    401: keyRefused,
    408: failing(
      "request_timeout: the body stopped arriving for BODY_TIMEOUT, or was not whole within UPLOAD_TIMEOUT; nothing was stored, the connection is closed: send it again",
      ["request_timeout"],
    ),
    413: failing("invalid_file: the resume is larger than the size limit", ["invalid_file"]),
    415: failing("invalid_file: the bytes are not a PDF", ["invalid_file"]),
    422: failing("idempotency_key_reused: the key was used with a different payload", ["idempotency_key_reused"]),
    429: failing("quota_exceeded: monthly quota or per-key rate limit (`retryAfter` in seconds)", ["quota_exceeded"], {
      "Retry-After": retryAfter("seconds to wait before trying again"),
    }),
    503: failing(
      `storage_full: the disk is full and nothing was stored; retry after Retry-After (${STORAGE_FULL_RETRY_AFTER_S} s) with the same Idempotency-Key. server_busy: too many request bodies are being received at once (BODY_BUDGET_MB); nothing was read or stored, retry after Retry-After (${BODY_BUDGET_RETRY_AFTER_S} s). database_unavailable: the PostgreSQL database cannot be reached; nothing was stored, retry after Retry-After (${DATABASE_UNAVAILABLE_RETRY_AFTER_S} s) with the same Idempotency-Key`,
      ["storage_full", "server_busy", "database_unavailable"],
      { "Retry-After": retryAfter("seconds to wait before trying again") },
    ),
  },
});

export const getJob = operation({
  method: "get",
  path: "/v1/jobs/:trackingId",
  operationId: "getJob",
  tag: "verifications",
  summary: "Retrieve a job",
  description: `The VerificationResult once final. Before that a PendingJob (status queued or processing, with \`stage\` while processing) and a \`Retry-After\` header: the seconds worth waiting before the next poll (${POLL_AFTER_S.queued} while queued, ${POLL_AFTER_S.processing} while processing). Webhooks are the better route: a poll loop costs requests and adds up to one interval of delay.`,
  auth: "apiKey",
  params: trackingIdParam,
  answers: {
    200: {
      description: "the job: a final result, or a pending job",
      json: JobSchema,
      headers: { "Retry-After": retryAfter("pending jobs only: seconds until the next poll is worth it") },
    },
    400: badTrackingId,
    401: keyRefused,
    404: unknownJob,
    503: databaseDown,
  },
});

export const getJobReportPdf = operation({
  method: "get",
  path: "/v1/jobs/:trackingId/report.pdf",
  operationId: "getJobReportPdf",
  tag: "verifications",
  summary: "The recruiter's report of a job, as PDF",
  description:
    "The same report as the dashboard and a share link show (the verdict in words, each claim with its evidence, findings and questions to ask, what could not be checked, how the score is computed), as a self-contained PDF. Same key and tenant rules as polling.",
  auth: "apiKey",
  params: trackingIdParam,
  answers: {
    200: {
      description: "the report",
      media: { "application/pdf": { type: "string", format: "binary" } },
      headers: {
        "Content-Disposition": {
          description: 'attachment; filename="report-<trackingId>.pdf"',
          schema: { type: "string" },
        },
      },
    },
    400: badTrackingId,
    401: keyRefused,
    404: unknownJob,
    409: failing(
      "report_not_ready: the job is still queued or processing; poll the job, then ask again",
      ["report_not_ready"],
      { "Retry-After": retryAfter("seconds to wait before asking again") },
    ),
    503: databaseDown,
  },
});

export const healthz = operation({
  method: "get",
  path: "/healthz",
  operationId: "healthz",
  tag: "operations",
  summary: "Liveness",
  auth: "none",
  answers: { 200: { description: "alive", json: statusObject(["ok"]) } },
});

export const readyz = operation({
  method: "get",
  path: "/readyz",
  operationId: "readyz",
  tag: "operations",
  summary:
    "Readiness: database writable, room for one largest upload, worker loop alive; reports jobs past their deadline",
  description:
    "Also reports the queue (never a reason to answer 503): `jobs.runningPastDeadline`, jobs whose attempt passed JOB_DEADLINE and that their worker could not end, with a `warnings` entry when not 0; `jobs.oldestDueSeconds`, how long the oldest due job has waited to be claimed.",
  auth: "none",
  answers: {
    200: { description: "ready", json: readinessObject(["ready"]) },
    503: { description: "not ready, with the problems", json: readinessObject(["unavailable"]) },
  },
});

export const metrics = operation({
  method: "get",
  path: "/metrics",
  operationId: "metrics",
  tag: "operations",
  summary: "Prometheus metrics (text exposition format)",
  description:
    "Counts every tenant's jobs together, so it needs `Authorization: Bearer <METRICS_TOKEN>` (not an API key); it is off while the server has no METRICS_TOKEN.",
  auth: "metricsToken",
  answers: {
    200: { description: "metrics", media: { "text/plain": { type: "string" } } },
    401: failing("unauthorized: the METRICS_TOKEN bearer token is missing or wrong", ["unauthorized"], {
      "WWW-Authenticate": { description: 'Bearer realm="claimcheck-metrics"', schema: { type: "string" } },
    }),
    403: failing("metrics_disabled: the server has no METRICS_TOKEN, so /metrics is off", ["metrics_disabled"]),
  },
});

/** Every operation, in the document's order. */
export const API_OPERATIONS = [createVerification, getJob, getJobReportPdf, healthz, readyz, metrics] as const;
