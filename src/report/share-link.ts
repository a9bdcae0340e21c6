import { sha256Hex } from "../lib/index.ts";

/** The share links' types as their store returns them. Times are epoch milliseconds (UTC). */

/** What a share link opened: its page or its PDF. */
export type OpenKind = "page" | "pdf";

/** A share link is live until it expires or is revoked; an expired or revoked link answers 410 Gone. */
export type LinkState = "live" | "expired" | "revoked";

/** A share link as stored: never its token (only the token's SHA-256 is kept, and it stays in the store). */
export interface StoredShareLink {
  id: string;
  trackingId: string;
  /**
   * the dashboard username that made it, or for a result's reportUrl "api:" and the id of the API key the
   * job was submitted with ("api" alone: made before links named their key); ":" is in no username
   */
  createdBy: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  revokedBy: string | null;
  /** every open, counted; only the first RECORDED_OPENS are kept with their time */
  openedCount: number;
  firstOpenedAt: number | null;
  lastOpenedAt: number | null;
}

/** A share link with its state at the time it was read. */
export interface ShareLink extends StoredShareLink {
  state: LinkState;
}

/** One recorded open of a share link. */
export interface LinkOpen {
  openedAt: number;
  what: OpenKind;
}

/** Who made a link, as the audit trail names it: the account, or the API key behind a result's reportUrl. */
export function linkCreator(createdBy: string): string {
  if (createdBy.startsWith("api:")) return `the API, with key ${createdBy.slice(4)} (reportUrl)`;
  if (createdBy === "api") return "the API (reportUrl)";
  return createdBy;
}

/**
 * The reference a share page and its PDF print instead of the job's tracking id (which encodes when the
 * job was made and names the service's id scheme): twelve characters drawn from a hash of the link's id,
 * so they say nothing about the service, the job or when it ran, and the job's page lists them beside
 * each link for whoever is asked about one.
 */
export function shareReference(linkId: string): string {
  const h = sha256Hex(`share-reference\n${linkId}`).toUpperCase();
  return `${h.slice(0, 4)}-${h.slice(4, 8)}-${h.slice(8, 12)}`;
}

/** What a share page says (410 Gone) once the result its link showed is no longer kept. */
export const RESULT_PURGED =
  "The result this link showed was purged: it is no longer kept, so the report cannot be shown. Ask the person who sent the link.";
