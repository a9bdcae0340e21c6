import { Elysia } from "elysia";
import type { AccountService } from "../../accounts/index.ts";
import { ApiErrors, AppError } from "../../lib/index.ts";
import { reportOf, reportPdfOf } from "../../report/index.ts";
import type { VerificationService } from "../../verification/index.ts";
import { routeHooks } from "../api-operation.ts";
import { getJobReportPdf } from "../api-operations.ts";
import { requirePrincipal } from "../auth.ts";

/**
 * GET /v1/jobs/:trackingId/report.pdf: the recruiter's report of a final job as a PDF, for API clients.
 * The same key and tenant rules as polling (another client's job is job_not_found); 409 report_not_ready
 * while the job runs.
 */
export function reportPdfRoutes(deps: { accounts: AccountService; verifications: VerificationService }) {
  return new Elysia().get(
    getJobReportPdf.path,
    async ({ request, params }) => {
      const principal = await requirePrincipal(deps.accounts, request);
      const job = await deps.verifications.get(params.trackingId);
      if (!job || job.clientId !== principal.client.id) throw ApiErrors.jobNotFound();
      const report = reportOf(job);
      if (!report)
        throw new AppError(
          "report_not_ready",
          409,
          "the report is ready once the job is COMPLETED or FAILED",
          {},
          {
            "Retry-After": "5",
          },
        );
      const bytes = await reportPdfOf(report);
      return new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": `attachment; filename="report-${job.trackingId}.pdf"`,
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
        },
      });
    },
    routeHooks(getJobReportPdf),
  );
}
