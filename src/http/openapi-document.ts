import { BODY_BUDGET_RETRY_AFTER_S } from "../lib/body-budget.ts";
import { GITHUB_LOGIN } from "../lib/github-login.ts";
import { FAILURE_CODES } from "../verification/failure-codes.ts";
import { DATABASE_UNAVAILABLE_RETRY_AFTER_S, STORAGE_FULL_RETRY_AFTER_S } from "./error-handler.ts";
import {
  AckSchema,
  ErrorSchema,
  FlagSchema,
  PendingJobSchema,
  ResultSchema,
  VerifiedProjectSchema,
} from "./routes/schemas.ts";

/** A TypeBox schema as plain JSON Schema (no symbols); `nested` also references the project/flag schemas. */
function plain(schema: unknown, nested = false): Record<string, unknown> {
  let s = JSON.stringify(schema);
  if (nested)
    s = s
      .replaceAll(JSON.stringify(VerifiedProjectSchema), JSON.stringify(ref("VerifiedProject")))
      .replaceAll(JSON.stringify(FlagSchema), JSON.stringify(ref("Flag")));
  return JSON.parse(s) as Record<string, unknown>;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ "application/json": { schema } });
const header = (description: string, schema: Record<string, unknown> = { type: "string" }) => ({ description, schema });
const errorAnswer = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: json(ref("Error")),
});
const retryAfter = header("seconds to wait before trying again", { type: "integer", minimum: 0 });
const unauthorized = errorAnswer("unauthorized: missing, unknown or revoked API key", {
  "WWW-Authenticate": header('Bearer realm="claimcheck"'),
});
const noAuth: never[] = [];
const requestTimeout = errorAnswer(
  "request_timeout: the body stopped arriving for BODY_TIMEOUT (or, for forms, was not whole within it); nothing was stored, the connection is closed: send it again",
);

/**
 * The OpenAPI 3.1 document of the public interface, written out rather than derived from the routes so
 * that it states what the framework cannot (headers, per-operation security, the 503 storage_full and
 * server_busy, the 408 request_timeout) and
 * leaves out what is not API (the dashboard's HTML pages). test/http/openapi.test.ts validates it with a
 * standard validator, checks it against the live routes and generates a typed client from it.
 */
export function openApiDocument(maxResumeBytes: number): Record<string, unknown> {
  const mb = Math.round(maxResumeBytes / 1024 / 1024);
  return {
    openapi: "3.1.0",
    info: {
      title: "claimcheck API",
      version: "1",
      description:
        "Resume verification: submit a resume PDF and a GitHub username, get a scored verification by signed webhook or by polling. Every /v1 operation needs `Authorization: Bearer <API key>`; the operations endpoints need none, except /metrics (its own `METRICS_TOKEN` bearer).",
    },
    tags: [
      { name: "verifications", description: "submit a resume and read the result" },
      {
        name: "operations",
        description: "health and readiness for orchestrators (no key); metrics for Prometheus (METRICS_TOKEN)",
      },
    ],
    security: noAuth,
    paths: {
      "/v1/verify": {
        post: {
          operationId: "createVerification",
          tags: ["verifications"],
          summary: "Create a verification",
          description: `multipart/form-data with a \`resume\` PDF (at most ${mb} MB, recognised by its %PDF- bytes) and \`hostUsername\`. Answers 202 once the job is stored durably; the job runs asynchronously. Send \`Idempotency-Key\` to make retries safe.`,
          security: [{ bearer: [] }],
          parameters: [
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description:
                "1-255 visible ASCII characters, kept 48 h per client: the same key with the same file and username answers the original trackingId and creates nothing; with another payload, 422 idempotency_key_reused",
              schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]{1,255}$" },
            },
          ],
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  required: ["resume", "hostUsername"],
                  properties: {
                    resume: { type: "string", format: "binary", description: `a PDF, at most ${mb} MB` },
                    hostUsername: { type: "string", pattern: GITHUB_LOGIN.source, description: "a GitHub login" },
                  },
                },
                encoding: { resume: { contentType: "application/pdf" } },
              },
            },
          },
          responses: {
            "202": {
              description: "queued; poll the Location or wait for the webhook",
              headers: {
                Location: header("/v1/jobs/{trackingId}", { type: "string", format: "uri-reference" }),
                "Idempotent-Replayed": header(
                  "true when an earlier request with this Idempotency-Key created the job",
                  {
                    type: "string",
                    enum: ["true"],
                  },
                ),
              },
              content: json(ref("Acknowledgement")),
            },
            "400": errorAnswer("missing_fields (with `fields`), or invalid_request (a malformed Idempotency-Key)"),
            "401": unauthorized,
            "408": requestTimeout,
            "413": errorAnswer(`invalid_file: the resume is larger than ${mb} MB`),
            "415": errorAnswer("invalid_file: the bytes are not a PDF"),
            "422": errorAnswer("idempotency_key_reused: the key was used with a different payload"),
            "429": errorAnswer("quota_exceeded: monthly quota or per-key rate limit (`retryAfter` in seconds)", {
              "Retry-After": retryAfter,
            }),
            "503": errorAnswer(
              `storage_full: the server's disk is full and nothing was stored; retry after Retry-After (${STORAGE_FULL_RETRY_AFTER_S} s) with the same Idempotency-Key. server_busy: too many request bodies are being received at once (BODY_BUDGET_MB); nothing was read or stored, retry after Retry-After (${BODY_BUDGET_RETRY_AFTER_S} s). database_unavailable: the PostgreSQL database (DATABASE_URL) cannot be reached; nothing was stored, retry after Retry-After (${DATABASE_UNAVAILABLE_RETRY_AFTER_S} s) with the same Idempotency-Key`,
              { "Retry-After": retryAfter },
            ),
          },
        },
      },
      "/v1/jobs/{trackingId}": {
        get: {
          operationId: "getJob",
          tags: ["verifications"],
          summary: "Retrieve a job",
          description:
            "The VerificationResult once final. Before that `{ trackingId, hostUsername, status: queued | processing, createdAt }` with `stage` while processing (and `stageDetail` with `giveUpAt` while it waits on GitHub) and a `Retry-After` header: the number of seconds worth waiting before the next poll. A FAILED result's `error.code` is one of: " +
            Object.entries(FAILURE_CODES)
              .map(([code, when]) => `\`${code}\` (${when})`)
              .join("; ") +
            ".",
          security: [{ bearer: [] }],
          parameters: [{ name: "trackingId", in: "path", required: true, schema: { type: "string", maxLength: 64 } }],
          responses: {
            "200": {
              description: "the job: a final result, or a pending job",
              headers: {
                "Retry-After": header("pending jobs only: seconds until the next poll is worth it", retryAfter.schema),
              },
              content: json({ oneOf: [ref("VerificationResult"), ref("PendingJob")] }),
            },
            "401": unauthorized,
            "404": errorAnswer("job_not_found: unknown id, or another client's job"),
            "503": errorAnswer(
              `database_unavailable: the PostgreSQL database (DATABASE_URL) cannot be reached; poll again after Retry-After (${DATABASE_UNAVAILABLE_RETRY_AFTER_S} s)`,
              { "Retry-After": retryAfter },
            ),
          },
        },
      },
      "/healthz": {
        get: {
          operationId: "healthz",
          tags: ["operations"],
          summary: "Liveness",
          security: noAuth,
          responses: { "200": { description: "alive", content: json(statusObject(["ok"])) } },
        },
      },
      "/readyz": {
        get: {
          operationId: "readyz",
          tags: ["operations"],
          summary: "Readiness: database writable, room for one largest upload, worker loop alive",
          description:
            "Also reports the queue (never a reason to answer 503): `jobs.runningPastDeadline`, jobs whose attempt passed JOB_DEADLINE and that their worker could not end (the lease rescue takes them back), with a `warnings` entry when not 0; `jobs.oldestDueSeconds`, how long the oldest due job has waited to be claimed.",
          security: noAuth,
          responses: {
            "200": { description: "ready", content: json(statusObject(["ready"], true)) },
            "503": { description: "not ready, with the problems", content: json(statusObject(["unavailable"], true)) },
          },
        },
      },
      "/metrics": {
        get: {
          operationId: "metrics",
          tags: ["operations"],
          summary: "Prometheus metrics (text exposition format)",
          description:
            "Counts every tenant's jobs together, so it needs `Authorization: Bearer <METRICS_TOKEN>` (not an API key); it is off while the server has no METRICS_TOKEN.",
          security: [{ metricsToken: [] }],
          responses: {
            "200": { description: "metrics", content: { "text/plain": { schema: { type: "string" } } } },
            "401": errorAnswer("unauthorized: the METRICS_TOKEN bearer token is missing or wrong", {
              "WWW-Authenticate": header('Bearer realm="claimcheck-metrics"'),
            }),
            "403": errorAnswer("metrics_disabled: the server has no METRICS_TOKEN, so /metrics is off"),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "an API key (`keys create`)" },
        metricsToken: {
          type: "http",
          scheme: "bearer",
          description: "the server's METRICS_TOKEN (set by the operator), for GET /metrics only",
        },
      },
      schemas: {
        Acknowledgement: plain(AckSchema),
        VerificationResult: plain(ResultSchema, true),
        PendingJob: plain(PendingJobSchema),
        VerifiedProject: plain(VerifiedProjectSchema),
        Flag: plain(FlagSchema),
        Error: plain(ErrorSchema),
      },
    },
  };
}

function statusObject(values: string[], readiness = false) {
  return {
    type: "object",
    required: ["status"],
    properties: {
      status: { type: "string", enum: values },
      problems: { type: "array", items: { type: "string" } },
      ...(readiness
        ? {
            warnings: { type: "array", items: { type: "string" } },
            jobs: {
              type: "object",
              properties: {
                runningPastDeadline: { type: "integer", minimum: 0 },
                oldestDueSeconds: { type: "integer", minimum: 0 },
              },
            },
          }
        : {}),
    },
  };
}
