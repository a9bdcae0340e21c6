import { Elysia } from "elysia";
import { monthStartUtc } from "../../accounts/index.ts";
import { AppError, errorMessage } from "../../lib/index.ts";
import { clientUsage, parseJobFilter } from "../../verification/index.ts";
import type { DashboardContext } from "../dashboard.ts";
import { htmlResponse, redirect } from "../page-handler.ts";
import { jobsPage } from "../pages/jobs-page.ts";
import { overviewPage } from "../pages/overview-page.ts";
import { jobOr404, renderJobPage } from "./job-view.ts";

const DAY_MS = 86_400_000;

/** Overview, the jobs list, one job's page, and resending its webhook event. */
export function jobRoutes(deps: DashboardContext) {
  const { handle, auth } = deps;

  const resend = async (trackingId: string, idOrTracking: string, session: Parameters<typeof auth.flash>[0]) => {
    if (!deps.webhooks)
      throw new AppError("webhooks_unavailable", 409, "Webhook delivery is not available in this build.");
    try {
      const r = await deps.webhooks.resend(idOrTracking);
      await auth.flash(
        session,
        r.created
          ? `Event queued for delivery as ${r.delivery.id}.`
          : `Delivery ${r.delivery.id} queued again: a fresh round of attempts starts now.`,
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await auth.flash(session, `Not resent: ${errorMessage(err)}`);
    }
    return redirect(`/dashboard/jobs/${encodeURIComponent(trackingId)}`);
  };

  return new Elysia()
    .get("/dashboard", (ctx) =>
      handle.authed(ctx, async (r) => {
        // the overview is the operator's (quotas, webhook URLs): a recruiter starts at the jobs
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
            assets: handle.assets,
            viewer: r.viewer,
            flash: await handle.flash(r),
            data,
            refreshMs: deps.refreshMs,
          }),
        );
      }),
    )
    .get("/dashboard/jobs", (ctx) =>
      handle.authed(ctx, async (r) => {
        const { filter, problems } = parseJobFilter(Object.fromEntries(r.url.searchParams));
        const clients = await deps.accounts.listClients();
        const client = filter.client ? clients.find((x) => x.name === filter.client) : undefined;
        if (filter.client && !client) problems.push(`client: there is no client named ${filter.client}`);
        const page = await deps.verifications.listJobs(filter, client?.id ?? null);
        return htmlResponse(
          jobsPage({
            assets: handle.assets,
            viewer: r.viewer,
            flash: await handle.flash(r),
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
      }),
    )
    .get("/dashboard/jobs/:trackingId", (ctx) =>
      handle.authed(ctx, async (r) => renderJobPage(deps, r, await jobOr404(deps, r.params.trackingId))),
    )
    .post(
      "/dashboard/jobs/:trackingId/delete-pdf",
      (ctx) =>
        handle.admin(ctx, async (r) => {
          const job = await jobOr404(deps, r.params.trackingId);
          if (job.status !== "COMPLETED" && job.status !== "FAILED") {
            await auth.flash(
              r.session,
              "The PDF of an unfinished job is still needed; delete it once the job has ended.",
            );
          } else {
            await deps.verifications.deleteResume(job.trackingId);
            await auth.flash(r.session, "The uploaded PDF was deleted. The result stays.");
          }
          return redirect(`/dashboard/jobs/${encodeURIComponent(job.trackingId)}`);
        }),
      { parse: "none" },
    )
    .post(
      "/dashboard/jobs/:trackingId/resend",
      (ctx) =>
        handle.admin(ctx, async (r) => {
          const job = await jobOr404(deps, r.params.trackingId);
          return resend(job.trackingId, job.trackingId, r.session);
        }),
      { parse: "none" },
    )
    .post(
      "/dashboard/jobs/:trackingId/deliveries/:deliveryId/resend",
      (ctx) =>
        handle.admin(ctx, async (r) => {
          const job = await jobOr404(deps, r.params.trackingId);
          // the delivery must be one of this job's: an id from another job (or client) is not found here
          const delivery = (await deps.webhooks?.deliveriesForJob(job.trackingId))?.find(
            (d) => d.id === r.params.deliveryId,
          );
          if (!delivery) throw new AppError("delivery_not_found", 404, "This job has no delivery with that id.");
          return resend(job.trackingId, delivery.id, r.session);
        }),
      { parse: "none" },
    );
}
