/**
 * `reportUrl`: with PUBLIC_URL every COMPLETED result carries a share link to its report, made with the
 * result (in its transaction). The link is never stored: not in the result, not in a webhook's payload.
 * Its token is derived from the link's id under the link key (report/link-key.ts), and the address is
 * added where it is shown: to the polled result, and to each webhook body as it is sent. A link revoked
 * or expired since is shown as `reportUrl: null` with `reportLinkState` saying why; a result whose link
 * was made before links were derived says `reportLinkState: "not_shown"` (its token cannot be shown
 * again; the job's page makes a new link).
 */
import type { Config } from "../config/index.ts";
import { apiCreator, type ReportLinks, reportLinkKey, shareUrl } from "../report/index.ts";
import type { Queryable } from "../storage/index.ts";
import type { VerificationService } from "../verification/index.ts";
import type { Delivery } from "../webhooks/index.ts";

type Members = { reportUrl?: string | null; reportLinkState?: string };

export function wireReportUrls(o: {
  config: Pick<Config, "publicUrl" | "reportLinkKey" | "dataDir" | "databaseUrl">;
  reportLinks: ReportLinks;
  verifications: VerificationService;
}): { finishBody?: (d: Delivery, q: Queryable) => Promise<string>; keyMissing: boolean } {
  const publicUrl = o.config.publicUrl;
  if (!publicUrl) return { keyMissing: false };
  const key = reportLinkKey({
    configured: o.config.reportLinkKey,
    dataDir: o.config.dataDir,
    sharedDatabase: o.config.databaseUrl !== null,
  });
  if (!key) return { keyMissing: true };
  o.verifications.extendResult(async (tx, e) => {
    if (e.status === "COMPLETED")
      await o.reportLinks.on(tx).create(e.trackingId, apiCreator(e.apiKeyId), undefined, key);
    return {}; // nothing of the link is stored with the result
  });
  const members = async (trackingId: string, q?: Queryable): Promise<Members> => {
    const link = await (q ? o.reportLinks.on(q) : o.reportLinks).resultLink(trackingId, key);
    if (!link) return {};
    return link.token
      ? { reportUrl: shareUrl(publicUrl, link.token) }
      : { reportUrl: null, reportLinkState: link.state };
  };
  o.verifications.decorateView(async (v) => (v.status === "COMPLETED" ? members(v.trackingId) : {}));
  return {
    keyMissing: false,
    finishBody: async (d, q) => {
      if (d.event !== "verification.completed" || !d.trackingId) return d.payload;
      const extra = await members(d.trackingId, q);
      return Object.keys(extra).length ? JSON.stringify({ ...JSON.parse(d.payload), ...extra }) : d.payload;
    },
  };
}
