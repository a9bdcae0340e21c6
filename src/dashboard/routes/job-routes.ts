import { Elysia } from "elysia";
import { monthStartUtc } from "../../accounts/limits.ts";
import { AppError, errorMessage } from "../../lib/errors.ts";
import { clientUsage } from "../../verification/client-usage.ts";
import { parseJobFilter } from "../../verification/job-filters.ts";
import type { DashboardContext } from "../dashboard.ts";
import { htmlResponse, redirect } from "../page-handler.ts";
import { jobsPage } from "../pages/jobs-page.ts";
import { overviewPage } from "../pages/overview-page.ts";
import { jobOr404, renderJobPage } from "./job-view.ts";

const DAY_MS = 86_400_000;

/** Overview, the jobs list, one job's page, and resending its webhook event. */
export function jobRoutes(deps: DashboardContext) {
  const { handle, auth } = deps;

  const resend = (trackingId: string, idOrTracking: string, session: Parameters<typeof auth.flash>[0]) => {
    if (!deps.webhooks)
      throw new AppError("webhooks_unavailable", 409, "Webhook delivery is not available in this build.");
    try {
      const r = deps.webhooks.resend(idOrTracking);
      auth.flash(
        session,
        r.created
          ? `Event queued for delivery as ${r.delivery.id}.`
          : `Delivery ${r.delivery.id} queued again: a fresh round of attempts starts now.`,
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      auth.flash(session, `Not resent: ${errorMessage(err)}`);
    }
    return redirect(`/dashboard/jobs/${encodeURIComponent(trackingId)}`);
  };

  return new Elysia()
    .get("/dashboard", (ctx) =>
      handle.authed(ctx, (r) => {
        // the overview is the operator's (quotas, webhook URLs): a recruiter starts at the jobs
        if (r.viewer.role !== "admin") return redirect("/dashboard/jobs");
        const now = deps.clock.now();
        const dayStart = now - (now % DAY_MS);
        const monthStart = monthStartUtc(now);
        let deliveries = null;
        if (deps.webhooks) deliveries = deps.webhooks.health(now - DAY_MS);
        const data = {
          now,
          today: deps.verifications.stateCounts(dayStart),
          month: deps.verifications.stateCounts(monthStart),
          queue: deps.verifications.queueState(now),
          deliveries,
          github: deps.githubRateLimit?.() ?? null,
          clients: clientUsage(deps.accounts, deps.verifications, monthStart),
          todayDay: new Date(dayStart).toISOString().slice(0, 10),
          monthStartDay: new Date(monthStart).toISOString().slice(0, 10),
        };
        return htmlResponse(
          overviewPage({
            assets: handle.assets,
            viewer: r.viewer,
            flash: handle.flash(r),
            data,
            refreshMs: deps.refreshMs,
          }),
        );
      }),
    )
    .get("/dashboard/jobs", (ctx) =>
      handle.authed(ctx, (r) => {
        const { filter, problems } = parseJobFilter(Object.fromEntries(r.url.searchParams));
        const client = filter.client ? deps.accounts.listClients().find((x) => x.name === filter.client) : undefined;
        if (filter.client && !client) problems.push(`client: there is no client named ${filter.client}`);
        const page = deps.verifications.listJobs(filter, client?.id ?? null);
        return htmlResponse(
          jobsPage({
            assets: handle.assets,
            viewer: r.viewer,
            flash: handle.flash(r),
            problems,
            filter,
            clients: deps.accounts.listClients(),
            page,
            verdicts: deps.reports.verdicts(
              page.rows.filter((x) => x.state === "COMPLETED" || x.state === "FAILED").map((x) => x.tracking_id),
            ),
            refreshMs: deps.refreshMs,
          }),
        );
      }),
    )
    .get("/dashboard/jobs/:trackingId", (ctx) =>
      handle.authed(ctx, (r) => renderJobPage(deps, r, jobOr404(deps, r.params.trackingId))),
    )
    .post(
      "/dashboard/jobs/:trackingId/delete-pdf",
      (ctx) =>
        handle.admin(ctx, (r) => {
          const job = jobOr404(deps, r.params.trackingId);
          if (job.status !== "COMPLETED" && job.status !== "FAILED") {
            auth.flash(r.session, "The PDF of an unfinished job is still needed; delete it once the job has ended.");
          } else {
            deps.verifications.deleteResume(job.tracking_id);
            auth.flash(r.session, "The uploaded PDF was deleted. The result stays.");
          }
          return redirect(`/dashboard/jobs/${encodeURIComponent(job.tracking_id)}`);
        }),
      { parse: "none" },
    )
    .post(
      "/dashboard/jobs/:trackingId/resend",
      (ctx) =>
        handle.admin(ctx, (r) => {
          const job = jobOr404(deps, r.params.trackingId);
          return resend(job.tracking_id, job.tracking_id, r.session);
        }),
      { parse: "none" },
    )
    .post(
      "/dashboard/jobs/:trackingId/deliveries/:deliveryId/resend",
      (ctx) =>
        handle.admin(ctx, (r) => {
          const job = jobOr404(deps, r.params.trackingId);
          // the delivery must be one of this job's: an id from another job (or client) is not found here
          const delivery = deps.webhooks?.deliveriesForJob(job.tracking_id).find((d) => d.id === r.params.deliveryId);
          if (!delivery) throw new AppError("delivery_not_found", 404, "This job has no delivery with that id.");
          return resend(job.tracking_id, delivery.id, r.session);
        }),
      { parse: "none" },
    );
}
