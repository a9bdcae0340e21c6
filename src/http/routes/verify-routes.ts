import { Elysia } from "elysia";
import type { AccountService } from "../../accounts/index.ts";
import { AppError } from "../../lib/index.ts";
import { POLL_AFTER_S, type VerificationService } from "../../verification/index.ts";
import { acceptUpload } from "../accept-upload.ts";
import { routeHooks } from "../api-operation.ts";
import { createVerification, getJob, IDEMPOTENCY_KEY } from "../api-operations.ts";
import { requirePrincipal } from "../auth.ts";
import type { UploadLimits } from "../upload.ts";

/** POST /v1/verify and GET /v1/jobs/:trackingId (docs/api.md); their answers are http/api-operations.ts's. */
export function verifyRoutes(deps: {
  accounts: AccountService;
  verifications: VerificationService;
  maxResumeBytes: number;
  /** the global body budget, the body timeout and the upload deadline */
  uploads: Pick<UploadLimits, "budget" | "idleTimeoutMs" | "timers" | "deadlineMs">;
  /** the hosts an `accounts` value may name (config.forgeHosts) */
  forgeHosts?: readonly { host: string }[];
}) {
  const { accounts, verifications, maxResumeBytes, uploads, forgeHosts } = deps;
  return new Elysia()
    .post(
      createVerification.path,
      async ({ request, set, server }) => {
        const principal = await requirePrincipal(accounts, request); // before reading a single body byte
        uploads.budget.senderIs(request, `client:${principal.client.id}`); // its share of the body budget
        const idem = request.headers.get("idempotency-key");
        if (idem !== null && !IDEMPOTENCY_KEY.test(idem))
          throw new AppError("invalid_request", 400, "Idempotency-Key must be 1-255 visible ASCII characters");
        // quota and rate limit before a byte of the body is read, let alone written
        const { ack } = await acceptUpload(
          { verifications, maxResumeBytes, uploads, forgeHosts },
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
        ...routeHooks(createVerification),
      },
    )
    .get(
      getJob.path,
      async ({ request, params, set }) => {
        const principal = await requirePrincipal(accounts, request);
        const view = await verifications.view(params.trackingId, principal.client.id);
        if (view.status === "queued" || view.status === "processing")
          set.headers["retry-after"] = String(POLL_AFTER_S[view.status]);
        return view;
      },
      routeHooks(getJob),
    );
}
