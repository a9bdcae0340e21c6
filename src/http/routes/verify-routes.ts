import { Elysia, t } from "elysia";
import type { AccountService } from "../../accounts/account-service.ts";
import { AppError } from "../../lib/errors.ts";
import { GITHUB_LOGIN } from "../../lib/github-login.ts";
import { POLL_AFTER_S, type VerificationService } from "../../verification/verification-service.ts";
import { acceptUpload } from "../accept-upload.ts";
import { requirePrincipal } from "../auth.ts";
import type { UploadLimits } from "../upload.ts";
import { AckSchema, ErrorSchema, JobSchema } from "./schemas.ts";

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** POST /v1/verify and GET /v1/jobs/:trackingId, exactly as interface.md section 4 says. */
export function verifyRoutes(deps: {
  accounts: AccountService;
  verifications: VerificationService;
  maxResumeBytes: number;
  /** the global body budget, the body timeout and the upload deadline */
  uploads: Pick<UploadLimits, "budget" | "idleTimeoutMs" | "timers" | "deadlineMs">;
}) {
  const { accounts, verifications, maxResumeBytes, uploads } = deps;
  return new Elysia()
    .post(
      "/v1/verify",
      async ({ request, set, server }) => {
        const principal = requirePrincipal(accounts, request); // before reading a single body byte
        uploads.budget.senderIs(request, `client:${principal.client.id}`); // its share of the body budget
        const idem = request.headers.get("idempotency-key");
        if (idem !== null && !IDEMPOTENCY_KEY.test(idem))
          throw new AppError("invalid_request", 400, "Idempotency-Key must be 1-255 visible ASCII characters");
        // quota and rate limit before a byte of the body is read, let alone written
        const { ack } = await acceptUpload(
          { verifications, maxResumeBytes, uploads },
          request,
          { principal, idempotencyKey: idem },
          server,
        );
        set.status = 202;
        set.headers.location = `/v1/jobs/${ack.trackingId}`;
        if (ack.replayed) set.headers["idempotent-replayed"] = "true";
        return { trackingId: ack.trackingId, status: ack.status, createdAt: ack.createdAt };
      },
      {
        parse: "none",
        detail: {
          summary: "Create a verification",
          description:
            "multipart/form-data with a `resume` PDF (at most 10 MB) and `hostUsername`. Answers 202 at once; the job runs asynchronously. Send `Idempotency-Key` to make retries safe.",
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  required: ["resume", "hostUsername"],
                  properties: {
                    resume: { type: "string", format: "binary" },
                    hostUsername: { type: "string", pattern: GITHUB_LOGIN.source },
                  },
                },
              },
            },
          },
        },
        response: {
          202: AckSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          408: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
          422: ErrorSchema,
          429: ErrorSchema,
          503: ErrorSchema,
        },
      },
    )
    .get(
      "/v1/jobs/:trackingId",
      ({ request, params, set }) => {
        const principal = requirePrincipal(accounts, request);
        const view = verifications.view(params.trackingId, principal.client.id);
        if (view.status === "queued" || view.status === "processing")
          set.headers["retry-after"] = String(POLL_AFTER_S[view.status]);
        return view;
      },
      {
        params: t.Object({ trackingId: t.String({ maxLength: 64 }) }),
        detail: {
          summary: "Retrieve a job",
          description: "The VerificationResult once final; before that the job with status queued or processing.",
        },
        response: { 200: JobSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    );
}
