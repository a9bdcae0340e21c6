import { Elysia } from "elysia";
import { monthStartUtc } from "../../accounts/index.ts";
import { AppError, errorMessage } from "../../lib/index.ts";
import { clientUsage, parseJobFilter } from "../../verification/index.ts";
import type { DashboardContext } from "../dashboard.ts";
import { type AdminRequest, htmlResponse, redirect } from "../page-handler.ts";
import { jobsPage } from "../pages/jobs-page.ts";
import { overviewPage } from "../pages/overview-page.ts";
import { jobOr404, renderJobPage } from "./job-view.ts";
import { adminOnly, signedIn } from "./route-action.ts";

const DAY_MS = 86_400_000;

/** Queue the job's event (or one of its deliveries) again, and say how it went on the job's page. */
async function resend(deps: DashboardContext, r: AdminRequest, trackingId: string, idOrTracking: string) {
  if (!deps.webhooks)
    throw new AppError("webhooks_unavailable", 409, "Webhook delivery is not available in this build.");
  try {
    const sent = await deps.webhooks.resend(idOrTracking);
    await deps.auth.flash(
      r.session,
      sent.created
        ? `Event queued for delivery as ${sent.delivery.id}.`
        : `Delivery ${sent.delivery.id} queued again: a fresh round of attempts starts now.`,
    );
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await deps.auth.flash(r.session, `Not resent: ${errorMessage(err)}`);
  }
  return redirect(`/dashboard/jobs/${encodeURIComponent(trackingId)}`);
}

/** The operator's overview (quotas, webhook URLs): a recruiter starts at the jobs. */
async function showOverview(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  if (r.viewer.role !== "admin") return redirect("/dashboard/jobs");
  const now = deps.clock.now();
  const dayStart = now - (now % DAY_MS);
  const monthStart = monthStartUtc(now);
  const [today, month, queue, deliveries, clients] = await Promise.all([
    deps.verifications.stateCounts(dayStart),
    deps.verifications.stateCounts(monthStart),
    deps.verifications.queueState(now),
    deps.webhooks ? deps.webhooks.health(now - DAY_MS) : null,
    clientUsage(deps.accounts, deps.verifications, monthStart),
  ]);
  const data = {
    now,
    today,
    month,
    queue,
    deliveries,
    github: deps.githubRateLimit?.() ?? null,
    clients,
    todayDay: new Date(dayStart).toISOString().slice(0, 10),
    monthStartDay: new Date(monthStart).toISOString().slice(0, 10),
  };
  return htmlResponse(
    overviewPage({
      assets: deps.handle.assets,
      viewer: r.viewer,
      flash: await deps.handle.flash(r),
      data,
      refreshMs: deps.refreshMs,
    }),
  );
}

/** The jobs list under the filter of the query string; a filter naming no client is explained. */
async function listJobs(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  const { filter, problems } = parseJobFilter(Object.fromEntries(r.url.searchParams));
  const clients = await deps.accounts.listClients();
  const client = filter.client ? clients.find((x) => x.name === filter.client) : undefined;
  if (filter.client && !client) problems.push(`client: there is no client named ${filter.client}`);
  const page = await deps.verifications.listJobs(filter, client?.id ?? null);
  return htmlResponse(
    jobsPage({
      assets: deps.handle.assets,
      viewer: r.viewer,
      flash: await deps.handle.flash(r),
      problems,
      filter,
      clients,
      page,
      verdicts: await deps.reports.verdicts(
        page.rows.filter((x) => x.state === "COMPLETED" || x.state === "FAILED").map((x) => x.trackingId),
      ),
      refreshMs: deps.refreshMs,
    }),
  );
}

async function showJob(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  return renderJobPage(deps, r, await jobOr404(deps, r.params.trackingId));
}

/** Delete an ended job's PDF (an unfinished job still needs it); the result stays. */
async function deletePdf(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  const job = await jobOr404(deps, r.params.trackingId);
  if (job.status !== "COMPLETED" && job.status !== "FAILED") {
    await deps.auth.flash(r.session, "The PDF of an unfinished job is still needed; delete it once the job has ended.");
  } else {
    await deps.verifications.deleteResume(job.trackingId);
    await deps.auth.flash(r.session, "The uploaded PDF was deleted. The result stays.");
  }
  return redirect(`/dashboard/jobs/${encodeURIComponent(job.trackingId)}`);
}

async function resendJobEvent(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  const job = await jobOr404(deps, r.params.trackingId);
  return resend(deps, r, job.trackingId, job.trackingId);
}

/** Resend one delivery, which must be this job's: an id from another job (or client) is not found here. */
async function resendDelivery(deps: DashboardContext, r: AdminRequest): Promise<Response> {
  const job = await jobOr404(deps, r.params.trackingId);
  const delivery = (await deps.webhooks?.deliveriesForJob(job.trackingId))?.find((d) => d.id === r.params.deliveryId);
  if (!delivery) throw new AppError("delivery_not_found", 404, "This job has no delivery with that id.");
  return resend(deps, r, job.trackingId, delivery.id);
}

/** Overview, the jobs list, one job's page, and resending its webhook event. */
export function jobRoutes(deps: DashboardContext) {
  return new Elysia()
    .get("/dashboard", signedIn(deps, showOverview))
    .get("/dashboard/jobs", signedIn(deps, listJobs))
    .get("/dashboard/jobs/:trackingId", signedIn(deps, showJob))
    .post("/dashboard/jobs/:trackingId/delete-pdf", adminOnly(deps, deletePdf), { parse: "none" })
    .post("/dashboard/jobs/:trackingId/resend", adminOnly(deps, resendJobEvent), { parse: "none" })
    .post("/dashboard/jobs/:trackingId/deliveries/:deliveryId/resend", adminOnly(deps, resendDelivery), {
      parse: "none",
    });
}
