import type { Clock } from "../lib/index.ts";
import { AppError, newId, sha256Hex } from "../lib/index.ts";
import type { Queryable } from "../storage/index.ts";
import { derivedToken } from "./link-key.ts";
import { ReportLinkStore } from "./report-link-store.ts";
import type { LinkOpen, LinkState, OpenKind, ShareLink, StoredShareLink } from "./share-link.ts";

/** The default life of a share link (REPORT_LINK_TTL). */
export const DEFAULT_LINK_TTL_MS = 14 * 86_400_000;
/** Longest life a share link may be given. */
export const MAX_LINK_TTL_MS = 365 * 86_400_000;
/** Expired links (and when they were opened) are kept this long for the record, then deleted. */
export const LINK_RECORD_RETENTION_MS = 90 * 86_400_000;
/**
 * The expiry of a link made to last as long as its result is kept (an ATS keeps its profile link for as
 * long as it shows the candidate): the link goes with the result when the result is deleted.
 */
export const UNTIL_PURGED = Date.UTC(9999, 11, 31);
/** Who created the link carried in a result's `reportUrl`: "api:" and the API key's id (the key named, never its secret). */
export function apiCreator(apiKeyId: string | null): string {
  return apiKeyId ? `api:${apiKeyId}` : "api";
}

/** What a result's own link is: live, revoked, expired, or not_shown (made before links were derived). */
export type ResultLinkState = LinkState | "not_shown";

/** The path of a share link's page; its PDF is the same path plus /report.pdf. */
export const SHARE_PATH = "/share/";

/**
 * What a token that names no link may still be: a link whose record went with its result (an ATS's
 * profile link, kept elsewhere by its SHA-256). The sentence the share page shows (410 Gone), or null.
 */
export type GoneLinkCheck = (tokenHash: string) => Promise<string | null>;

/** 32 random bytes, base64url: 256 bits, unguessable, safe in a URL path. */
function shareToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Read-only links to one verification's report for people without a dashboard account (a hiring
 * manager, an ATS). Each link is unguessable (256 random bits; only its SHA-256 is stored), expires,
 * can be revoked, and records when it was opened. A link shows the report of its own verification and
 * nothing else.
 */
export class ReportLinks {
  private readonly store: ReportLinkStore;

  constructor(
    db: Queryable,
    private readonly clock: Clock,
    /** REPORT_LINK_TTL: how long a new link lives unless told otherwise */
    readonly defaultTtlMs: number = DEFAULT_LINK_TTL_MS,
    private readonly goneChecks: GoneLinkCheck[] = [],
  ) {
    this.store = new ReportLinkStore(db);
  }

  /** The same service writing inside a transaction (or savepoint): `tx`, its handle. */
  on(tx: Queryable): ReportLinks {
    return new ReportLinks(tx, this.clock, this.defaultTtlMs, this.goneChecks);
  }

  /** Ask `check` about a token that names no link before answering 404 (see GoneLinkCheck). */
  explainGone(check: GoneLinkCheck): void {
    this.goneChecks.push(check);
  }

  /**
   * A new link to the report of `trackingId`; the token is returned once and never stored. With `key` the
   * token is derived from the link's id (link-key.ts), so whoever holds the key can show it again.
   */
  async create(
    trackingId: string,
    createdBy: string,
    ttlMs: number | "retained" = this.defaultTtlMs,
    key: Uint8Array | null = null,
  ): Promise<{ token: string; link: ShareLink }> {
    if (ttlMs !== "retained" && !(ttlMs > 0 && ttlMs <= MAX_LINK_TTL_MS))
      throw new AppError("invalid_expiry", 400, "a share link lives from 1 hour to 365 days");
    const now = this.clock.now();
    const id = newId("lnk", now);
    const token = key ? derivedToken(key, id) : shareToken();
    const link: ShareLink = {
      id,
      trackingId,
      createdBy: createdBy.slice(0, 64),
      createdAt: now,
      expiresAt: ttlMs === "retained" ? UNTIL_PURGED : now + ttlMs,
      revokedAt: null,
      revokedBy: null,
      openedCount: 0,
      firstOpenedAt: null,
      lastOpenedAt: null,
      state: "live",
    };
    await this.store.insert({ ...link, tokenHash: sha256Hex(token) });
    return { token, link };
  }

  private view(link: StoredShareLink, now: number): ShareLink {
    const state: LinkState = link.revokedAt !== null ? "revoked" : link.expiresAt <= now ? "expired" : "live";
    return { ...link, state };
  }

  /** The link behind a token, with its state; null for a token that names no link. */
  async find(token: string): Promise<ShareLink | null> {
    if (!TOKEN.test(token)) return null;
    const row = await this.store.byTokenHash(sha256Hex(token));
    return row ? this.view(row, this.clock.now()) : null;
  }

  /**
   * Open a link: its verification's tracking id when it is live (and the open is recorded);
   * 404 for an unknown token, 410 Gone for an expired or revoked one.
   */
  async open(token: string, what: OpenKind): Promise<ShareLink> {
    const link = await this.find(token);
    if (!link) {
      for (const check of TOKEN.test(token) ? this.goneChecks : []) {
        const why = await check(sha256Hex(token));
        if (why) throw new AppError("link_gone", 410, why);
      }
      throw new AppError("link_not_found", 404, "There is no report at this address.");
    }
    if (link.state !== "live")
      throw new AppError(
        "link_gone",
        410,
        link.state === "revoked"
          ? "This report link was revoked. Ask the person who sent it for a new one."
          : "This report link has expired. Ask the person who sent it for a new one.",
      );
    await this.store.recordOpen(link.id, what, this.clock.now());
    return link;
  }

  /**
   * What a result says of its own link (`reportUrl`), from the newest link the API made for it: the live
   * link's token (derived again from `key`), or null with why (revoked, expired, or "not_shown": made
   * before links were derived, so its token cannot be shown again); null when the result has no link.
   */
  async resultLink(
    trackingId: string,
    key: Uint8Array,
  ): Promise<{ token: string | null; state: ResultLinkState } | null> {
    const row = await this.store.resultLink(trackingId);
    return row ? this.shown(row, key) : null;
  }

  /** The same for one link by its id (a link made with `key`, as an ATS's profile link is); null when it is gone. */
  async derivedLink(linkId: string, key: Uint8Array): Promise<{ token: string | null; state: ResultLinkState } | null> {
    const row = await this.store.byIdWithHash(linkId);
    return row ? this.shown(row, key) : null;
  }

  private shown(row: StoredShareLink & { tokenHash: string }, key: Uint8Array) {
    const { state } = this.view(row, this.clock.now());
    if (state !== "live") return { token: null, state };
    const token = derivedToken(key, row.id);
    return sha256Hex(token) === row.tokenHash
      ? { token, state }
      : { token: null, state: "not_shown" as ResultLinkState };
  }

  /** A verification's links, newest first, each with its state. */
  async forJob(trackingId: string): Promise<ShareLink[]> {
    const now = this.clock.now();
    return (await this.store.forJob(trackingId)).map((r) => this.view(r, now));
  }

  /** When a link was opened (the first RECORDED_OPENS), newest first. */
  opens(linkId: string): Promise<LinkOpen[]> {
    return this.store.opens(linkId);
  }

  /** Revoke one of a verification's links; 404 when the job has no such link. */
  async revoke(trackingId: string, linkId: string, by: string): Promise<ShareLink> {
    const link = await this.store.byId(linkId);
    if (!link || link.trackingId !== trackingId)
      throw new AppError("link_not_found", 404, "This job has no share link with that id.");
    await this.store.revoke(linkId, by.slice(0, 64), this.clock.now());
    return this.view((await this.store.byId(linkId))!, this.clock.now());
  }

  /** Housekeeping: links that expired more than LINK_RECORD_RETENTION_MS ago. */
  async purge(now: number): Promise<{ links: number }> {
    return { links: await this.store.purgeExpired(now - LINK_RECORD_RETENTION_MS) };
  }
}

/** The public address of a share link's page. */
export function shareUrl(base: string, token: string): string {
  return `${base.replace(/\/+$/, "")}${SHARE_PATH}${token}`;
}
