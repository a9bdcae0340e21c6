import { AppError } from "../../lib/errors.ts";
import { reportOfRow } from "../../report/report-source.ts";
import type { VerificationView } from "../../verification/verification-store.ts";
import type { DashboardContext } from "../dashboard.ts";
import { type AdminRequest, htmlResponse } from "../page-handler.ts";
import { type DeliveryWithAttempts, jobPage } from "../pages/job-page.ts";

const DAY_MS = 86_400_000;

/** The job named in a dashboard URL; 404 when there is none. */
export function jobOr404(deps: DashboardContext, trackingId: string | undefined): VerificationView {
  const job = trackingId && trackingId.length <= 64 ? deps.verifications.get(trackingId) : null;
  if (!job) throw new AppError("job_not_found", 404, "There is no job with that tracking id.");
  return job;
}

/** A final job's report (and the timelines stored beside it); 409 while the job runs. */
export function reportOr409(job: VerificationView) {
  const r = reportOfRow(job);
  if (!r) throw new AppError("report_not_ready", 409, "The report is ready once the verification has ended.");
  return r;
}

function deliveriesOf(deps: DashboardContext, trackingId: string): DeliveryWithAttempts[] {
  const w = deps.webhooks;
  return w ? w.deliveriesForJob(trackingId).map((delivery) => ({ delivery, attempts: w.attempts(delivery.id) })) : [];
}

/** One job's page: its report once final, sharing, details; `created` is a share link made by this request. */
export function renderJobPage(
  deps: DashboardContext,
  r: AdminRequest,
  job: VerificationView,
  created: { url: string; expiresAt: number } | null = null,
): Response {
  const final = job.status === "COMPLETED" || job.status === "FAILED";
  const report = reportOfRow(job);
  const links = final ? deps.reportLinks.forJob(job.tracking_id) : [];
  const admin = r.viewer.role === "admin";
  return htmlResponse(
    jobPage({
      assets: deps.handle.assets,
      viewer: r.viewer,
      flash: deps.handle.flash(r),
      job,
      client: deps.accounts.clientById(job.client_id),
      report: report?.report ?? null,
      result: final ? (deps.verifications.render(job) as Record<string, unknown>) : null,
      timelines: report?.timelines ?? [],
      deliveries: admin ? deliveriesOf(deps, job.tracking_id) : [],
      webhooksOn: deps.webhooks !== null,
      refreshMs: deps.refreshMs,
      links,
      sharing: {
        opens: new Map(links.filter((l) => l.opened_count > 0).map((l) => [l.id, deps.reportLinks.opens(l.id)])),
        created,
        defaultDays: Math.max(1, Math.round(deps.reportLinks.defaultTtlMs / DAY_MS)),
      },
    }),
  );
}
