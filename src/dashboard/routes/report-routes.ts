import { Elysia } from "elysia";
import { AppError } from "../../lib/index.ts";
import { reportPdfOf, shareUrl } from "../../report/index.ts";
import type { DashboardContext } from "../dashboard.ts";
import { field, redirect } from "../page-handler.ts";
import { daysField } from "../pages/sharing-section.ts";
import { SECURITY_HEADERS } from "../security-headers.ts";
import { jobOr404, renderJobPage, reportOr409 } from "./job-view.ts";

const DAY_MS = 86_400_000;

/** A report's PDF as a download named after the candidate. */
export async function pdfResponse(r: Parameters<typeof reportPdfOf>[0]): Promise<Response> {
  const { report } = r;
  const bytes = await reportPdfOf(r);
  const name = `report-${report.candidate.login}-${report.reference}.pdf`.replace(/[^A-Za-z0-9._-]/g, "_");
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      ...SECURITY_HEADERS,
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${name}"`,
    },
  });
}

/** The report's PDF and its share links, from a job's page (administrators and recruiters alike). */
export function reportRoutes(deps: DashboardContext) {
  const { handle, auth } = deps;
  return new Elysia()
    .get("/dashboard/jobs/:trackingId/report.pdf", (ctx) =>
      handle.authed(ctx, async (r) => pdfResponse(reportOr409(await jobOr404(deps, r.params.trackingId)))),
    )
    .post(
      "/dashboard/jobs/:trackingId/share",
      (ctx) =>
        handle.authed(ctx, async (r) => {
          const job = await jobOr404(deps, r.params.trackingId);
          reportOr409(job);
          const days = daysField(field(r.form, "days", 5));
          if (days === null) throw new AppError("invalid_expiry", 400, "A share link expires after 1 to 365 days.");
          const { token, link } = await deps.reportLinks.create(job.trackingId, r.viewer.username, days * DAY_MS);
          // PUBLIC_URL, else the server's own address: a link never comes from the request's Host header
          const base = deps.publicUrl ?? deps.ownUrl?.() ?? "http://127.0.0.1";
          return renderJobPage(deps, r, job, { url: shareUrl(base, token), expiresAt: link.expiresAt });
        }),
      { parse: "none" },
    )
    .post(
      "/dashboard/jobs/:trackingId/share/:linkId/revoke",
      (ctx) =>
        handle.authed(ctx, async (r) => {
          const job = await jobOr404(deps, r.params.trackingId);
          const link = await deps.reportLinks.revoke(job.trackingId, r.params.linkId ?? "", r.viewer.username);
          await auth.flash(
            r.session,
            link.revokedBy === r.viewer.username
              ? "The share link is revoked: it answers 410 Gone from now on."
              : "That share link was already revoked.",
          );
          return redirect(`/dashboard/jobs/${encodeURIComponent(job.trackingId)}#sharing`);
        }),
      { parse: "none" },
    );
}
