import { sha256Hex } from "../lib/index.ts";
import { derivedToken, RESULT_PURGED, type ReportLinks, shareUrl } from "../report/index.ts";
import type { Queryable } from "../storage/index.ts";
import type { IntegrationStore } from "./integration-store.ts";
import type { Assessment } from "./types.ts";

/** Where the re-run page of an assessment lives (its token after it). */
export const RERUN_PATH = "/integrations/assessments/";

/**
 * The state of the report link given to an ATS: live, revoked, expired; "purged" once its result is gone
 * (the link's record went with it); "not_shown" when its token cannot be derived again (a link made
 * before links were derived, or under another key).
 */
export type ProfileLinkState = "live" | "revoked" | "expired" | "purged" | "not_shown";

/** The addresses an ATS is shown for an assessment, derived as they are shown; null where none can be. */
export interface ShownLinks {
  /** the report's share link (a complete assessment) */
  report: string | null;
  reportState: ProfileLinkState | null;
  /** the re-run page */
  rerun: string | null;
}

export const NO_LINKS: ShownLinks = { report: null, reportState: null, rerun: null };

/** The re-run page's token: 256 bits derived from the assessment's id under the link key. */
export function rerunToken(key: Uint8Array, assessmentId: string): string {
  return new Bun.CryptoHasher("sha256", key).update(`ats-rerun\n${assessmentId}`).digest("base64url");
}

/**
 * The links given to an ATS are never stored (not in the assessment, not in a queued Ashby update): the
 * report link's token is derived from the link's id (as a result's reportUrl is) and the re-run page's
 * from the assessment's id, both under the report link key (REPORT_LINK_KEY or the key file); the
 * assessment keeps only each token's SHA-256. Without a key no link can be given, so no assessment starts.
 */
export class AssessmentLinks {
  constructor(
    private readonly key: Uint8Array | null,
    private readonly baseUrl: () => string,
    private readonly reportLinks: ReportLinks,
    /** whether a verification's result is still kept */
    private readonly kept: (trackingId: string) => Promise<boolean>,
  ) {}

  /**
   * The share page of a token that names no link: an ATS's report link whose record went with its result
   * says the result was purged (410), one whose record was deleted after it expired says it expired.
   */
  explainGone(store: IntegrationStore): void {
    this.reportLinks.explainGone(async (tokenHash) => {
      const a = await store.assessmentByReportToken(tokenHash);
      if (!a?.trackingId) return null;
      return (await this.kept(a.trackingId))
        ? "This report link has expired. Ask the person who sent it for a new one."
        : RESULT_PURGED;
    });
  }

  /** Whether links can be given (a key is there). */
  get ready(): boolean {
    return this.key !== null;
  }

  /** The SHA-256 of a new assessment's re-run token (the key is there: `ready`). */
  rerunHash(assessmentId: string): string {
    return sha256Hex(rerunToken(this.need(), assessmentId));
  }

  /** A new share link to the report of `trackingId` for the ATS, its token derived; what the assessment keeps of it. */
  async createReportLink(
    q: Queryable,
    trackingId: string,
    createdBy: string,
    ttl: number | "retained",
  ): Promise<{ id: string; tokenHash: string }> {
    const { token, link } = await this.reportLinks.on(q).create(trackingId, createdBy, ttl, this.need());
    return { id: link.id, tokenHash: sha256Hex(token) };
  }

  /** The addresses of `a` as they are now. */
  async of(a: Assessment, q?: Queryable): Promise<ShownLinks> {
    if (!this.key) return NO_LINKS;
    const base = this.baseUrl().replace(/\/+$/, "");
    const rerun = rerunToken(this.key, a.id);
    const shown: ShownLinks = {
      report: null,
      reportState: null,
      rerun: sha256Hex(rerun) === a.rerunTokenHash ? `${base}${RERUN_PATH}${rerun}` : null,
    };
    if (a.state !== "complete" || !a.reportLinkId || !a.trackingId) return shown;
    const token = derivedToken(this.key, a.reportLinkId);
    if (sha256Hex(token) !== a.reportTokenHash) return { ...shown, reportState: "not_shown" };
    const link = await (q ? this.reportLinks.on(q) : this.reportLinks).derivedLink(a.reportLinkId, this.key);
    // a link whose record is gone went with its result: its address says so (410 Gone)
    const state: ProfileLinkState = link
      ? link.state
      : (await this.kept(a.trackingId))
        ? "expired" // its record was deleted after it expired
        : "purged";
    return { ...shown, report: shareUrl(base, token), reportState: state };
  }

  private need(): Uint8Array {
    if (!this.key) throw new Error("no report link key");
    return this.key;
  }
}
