import { AppError } from "../../lib/index.ts";
import { reportOf } from "../../report/index.ts";
import type { Verification } from "../../verification/index.ts";
import type { DashboardContext } from "../dashboard.ts";
import { type AdminRequest, htmlResponse } from "../page-handler.ts";
import { type DeliveryWithAttempts, jobPage } from "../pages/job-page.ts";

const DAY_MS = 86_400_000;

/** The job named in a dashboard URL; 404 when there is none. */
export async function jobOr404(deps: DashboardContext, trackingId: string | undefined): Promise<Verification> {
  const job = trackingId && trackingId.length <= 64 ? await deps.verifications.get(trackingId) : null;
  if (!job) throw new AppError("job_not_found", 404, "There is no job with that tracking id.");
  return job;
}

/** A final job's report (and the timelines stored beside it); 409 while the job runs. */
export function reportOr409(job: Verification) {
  const r = reportOf(job);
  if (!r) throw new AppError("report_not_ready", 409, "The report is ready once the verification has ended.");
  return r;
}

async function deliveriesOf(deps: DashboardContext, trackingId: string): Promise<DeliveryWithAttempts[]> {
  const w = deps.webhooks;
  if (!w) return [];
  const deliveries = await w.deliveriesForJob(trackingId);
  return Promise.all(deliveries.map(async (delivery) => ({ delivery, attempts: await w.attempts(delivery.id) })));
}

/** One job's page: its report once final, sharing, details; `created` is a share link made by this request. */
export async function renderJobPage(
  deps: DashboardContext,
  r: AdminRequest,
  job: Verification,
  created: { url: string; expiresAt: number } | null = null,
): Promise<Response> {
  const final = job.status === "COMPLETED" || job.status === "FAILED";
  const report = reportOf(job);
  const links = final ? await deps.reportLinks.forJob(job.trackingId) : [];
  const admin = r.viewer.role === "admin";
  const opened = links.filter((l) => l.openedCount > 0);
  const [flash, client, result, deliveries, opens] = await Promise.all([
    deps.handle.flash(r),
    deps.accounts.clientById(job.clientId),
    final ? deps.verifications.render(job) : null,
    admin ? deliveriesOf(deps, job.trackingId) : [],
    Promise.all(opened.map((l) => deps.reportLinks.opens(l.id))),
  ]);
  return htmlResponse(
    jobPage({
      assets: deps.handle.assets,
      viewer: r.viewer,
      flash,
      job,
      client,
      report: report?.report ?? null,
      result: result as Record<string, unknown> | null,
      timelines: report?.timelines ?? [],
      deliveries,
      webhooksOn: deps.webhooks !== null,
      refreshMs: deps.refreshMs,
      links,
      sharing: {
        opens: new Map(opened.map((l, i) => [l.id, opens[i]!])),
        created,
        defaultDays: Math.max(1, Math.round(deps.reportLinks.defaultTtlMs / DAY_MS)),
      },
    }),
  );
}
