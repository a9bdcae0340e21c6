import { type AnyElysia, Elysia } from "elysia";
import type { AccountService } from "../accounts/index.ts";
import type { Logger } from "../lib/index.ts";
import type { VerificationService } from "../verification/index.ts";
import { bodyLimitError } from "./body-limits.ts";
import { renderError } from "./error-handler.ts";
import { type HealthProbe, healthRoutes } from "./routes/health-routes.ts";
import { reportPdfRoutes } from "./routes/report-pdf-route.ts";
import { rootRoutes } from "./routes/root-route.ts";
import { verifyRoutes } from "./routes/verify-routes.ts";
import { MULTIPART_OVERHEAD_BYTES, type UploadLimits } from "./upload.ts";

export interface HttpDeps {
  accounts: AccountService;
  verifications: VerificationService;
  health: HealthProbe;
  logger: Logger;
  maxResumeBytes: number;
  /** the global budget of buffered body bytes and the body timeout (uploads and forms alike), the upload deadline */
  uploads: Pick<UploadLimits, "budget" | "idleTimeoutMs" | "timers" | "deadlineMs">;
  /** the hosts POST /v1/verify's accounts may name (config.forgeHosts) */
  forgeHosts?: readonly { host: string }[];
  /** bearer token of GET /metrics; null: /metrics is off */
  metricsToken?: string | null;
  /** more route modules mounted by other parts (dashboard ...) */
  extra?: AnyElysia[];
}

/** The HTTP surface; reads as a table of contents: the root page and the OpenAPI document, operations, the /v1 API. */
export function createHttpApp(deps: HttpDeps) {
  const app = new Elysia()
    .onError(({ code, error, set, request }) => {
      const r = renderError(error, code, deps.logger);
      set.status = r.status;
      Object.assign(set.headers, r.headers);
      // refused before its body was read (401, 429, 503 ...): drop the rest and the connection with it
      if (request.body && !request.bodyUsed) {
        void request.body.cancel().catch(() => {});
        set.headers.connection = "close";
      }
      return r.body;
    })
    .onRequest(({ request, set, server }) => {
      // whose share of the body budget this request's body counts against, until it says who it is (an API key)
      deps.uploads.budget.senderIs(request, `address:${server?.requestIP(request)?.address ?? "unknown"}`);
      // API answers carry personal data: never cached, never sniffed
      set.headers["x-content-type-options"] = "nosniff";
      set.headers["cache-control"] = "no-store";
      const tooBig = bodyLimitError(
        request.method,
        new URL(request.url).pathname,
        request.headers,
        deps.maxResumeBytes + MULTIPART_OVERHEAD_BYTES,
      );
      if (tooBig) throw tooBig;
    })
    .use(rootRoutes(deps.maxResumeBytes))
    .use(healthRoutes(deps.health, deps.metricsToken ?? null))
    .use(verifyRoutes(deps))
    .use(reportPdfRoutes(deps));
  for (const extra of deps.extra ?? []) app.use(extra);
  return app;
}
