import { Elysia } from "elysia";
import { AppError, errorMessage } from "../../lib/index.ts";
import type { OpenKind } from "../../report/index.ts";
import { RESULT_PURGED, reportOf, shareReference } from "../../report/index.ts";
import type { DashboardContext } from "../dashboard.ts";
import { htmlResponse } from "../page-handler.ts";
import { shareGonePage, sharePage } from "../pages/share-page.ts";
import { timelinesOf } from "../pages/timeline-chart.ts";
import { pdfResponse } from "./report-routes.ts";

/** Share pages are never indexed, and never cached on the way (they expire and can be revoked). */
const SHARE_HEADERS = { "x-robots-tag": "noindex, nofollow" };

/**
 * The share links' pages, opened without an account: /share/:token shows one verification's report and
 * nothing else, /share/:token/report.pdf its PDF. An unknown token is 404, an expired or revoked one
 * (or one whose result was purged) 410 Gone; every open of a live link is recorded.
 */
export function shareRoutes(deps: DashboardContext) {
  const { handle } = deps;
  const gone = (err: unknown): Response => {
    if (err instanceof AppError && (err.status === 404 || err.status === 410))
      return htmlResponse(
        shareGonePage({ assets: handle.assets, status: err.status, message: err.message }),
        err.status,
        SHARE_HEADERS,
      );
    deps.logger.error("share page error", { error: errorMessage(err) });
    return htmlResponse(
      shareGonePage({ assets: handle.assets, status: 500, message: "Something went wrong; try again later." }),
      500,
      SHARE_HEADERS,
    );
  };
  /** The live link's report; the open is recorded only once the report is there to show. */
  const open = async (token: string | undefined, what: OpenKind) => {
    const link = await deps.reportLinks.open(token ?? "", what);
    const job = await deps.verifications.get(link.trackingId);
    const report = job ? reportOf(job) : null;
    if (!job) throw new AppError("link_gone", 410, RESULT_PURGED);
    if (!report) throw new AppError("link_not_found", 404, "There is no report at this address.");
    // the page and its PDF name the link's own reference, never the job's id
    return { link, job, report: { ...report, report: { ...report.report, reference: shareReference(link.id) } } };
  };
  return new Elysia()
    .get("/share/:token", async ({ params }) => {
      try {
        const { link, report } = await open(params.token, "page");
        return htmlResponse(
          sharePage({
            assets: handle.assets,
            report: report.report,
            timelines: timelinesOf({ commitTimelines: report.timelines }),
            pdfHref: `/share/${encodeURIComponent(params.token)}/report.pdf`,
            expiresAt: link.expiresAt,
            sharedBy: link.createdBy,
          }),
          200,
          SHARE_HEADERS,
        );
      } catch (err) {
        return gone(err);
      }
    })
    .get("/share/:token/report.pdf", async ({ params }) => {
      try {
        const { report } = await open(params.token, "pdf");
        const res = await pdfResponse(report);
        res.headers.set("x-robots-tag", SHARE_HEADERS["x-robots-tag"]);
        return res;
      } catch (err) {
        return gone(err);
      }
    });
}
