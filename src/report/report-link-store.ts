import type { Database, Queryable } from "../storage/index.ts";
import type { LinkOpen, OpenKind, StoredShareLink } from "./share-link.ts";

/** A report_links row as SQL returns it; it stays behind the store. */
interface ReportLinkRow {
  id: string;
  tracking_id: string;
  token_hash: string;
  created_by: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoked_by: string | null;
  opened_count: number;
  first_opened_at: number | null;
  last_opened_at: number | null;
}

function toLink(r: ReportLinkRow): StoredShareLink {
  return {
    id: r.id,
    trackingId: r.tracking_id,
    createdBy: r.created_by,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
    revokedBy: r.revoked_by,
    openedCount: r.opened_count,
    firstOpenedAt: r.first_opened_at,
    lastOpenedAt: r.last_opened_at,
  };
}

/** Opens kept per link (when each was opened); later opens are still counted on the link. */
export const RECORDED_OPENS = 100;

/** Every SQL statement about report share links and when they were opened (SQLite and PostgreSQL alike). */
export class ReportLinkStore {
  constructor(private readonly db: Queryable) {}

  /** The same statements inside a transaction (or savepoint). */
  on(q: Queryable): ReportLinkStore {
    return new ReportLinkStore(q);
  }

  /** Run `fn` with this store inside one transaction (its argument: the store on the transaction's handle). */
  transaction<T>(fn: (store: ReportLinkStore) => Promise<T>): Promise<T> {
    return (this.db as Database).transaction((tx) => fn(new ReportLinkStore(tx)));
  }

  async insert(
    link: Pick<StoredShareLink, "id" | "trackingId" | "createdBy" | "createdAt" | "expiresAt"> & { tokenHash: string },
  ): Promise<void> {
    await this.db
      .query(
        `INSERT INTO report_links (id, tracking_id, token_hash, created_by, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(link.id, link.trackingId, link.tokenHash, link.createdBy, link.createdAt, link.expiresAt);
  }

  async byTokenHash(hash: string): Promise<StoredShareLink | null> {
    const row = await this.db
      .query<ReportLinkRow, [string]>("SELECT * FROM report_links WHERE token_hash = ?")
      .get(hash);
    return row && toLink(row);
  }

  async byId(id: string): Promise<StoredShareLink | null> {
    const row = await this.db.query<ReportLinkRow, [string]>("SELECT * FROM report_links WHERE id = ?").get(id);
    return row && toLink(row);
  }

  /** One link with its token's hash (to check a token derived again). */
  async byIdWithHash(id: string): Promise<(StoredShareLink & { tokenHash: string }) | null> {
    const row = await this.db.query<ReportLinkRow, [string]>("SELECT * FROM report_links WHERE id = ?").get(id);
    return row && { ...toLink(row), tokenHash: row.token_hash };
  }

  /** The newest link a verification's result carries (made by the API, "api" or "api:<key id>"), with its token's hash. */
  async resultLink(trackingId: string): Promise<(StoredShareLink & { tokenHash: string }) | null> {
    const row = await this.db
      .query<ReportLinkRow, [string]>(
        `SELECT * FROM report_links WHERE tracking_id = ? AND (created_by = 'api' OR created_by LIKE 'api:%')
          ORDER BY created_at DESC, id DESC LIMIT 1`,
      )
      .get(trackingId);
    return row && { ...toLink(row), tokenHash: row.token_hash };
  }

  /** A verification's links, newest first. */
  async forJob(trackingId: string): Promise<StoredShareLink[]> {
    const rows = await this.db
      .query<ReportLinkRow, [string]>(
        "SELECT * FROM report_links WHERE tracking_id = ? ORDER BY created_at DESC, id DESC",
      )
      .all(trackingId);
    return rows.map(toLink);
  }

  /** Revoke a live link; false when it was already revoked (the first revocation is kept). */
  async revoke(id: string, by: string, now: number): Promise<boolean> {
    const r = await this.db
      .query("UPDATE report_links SET revoked_at = ?, revoked_by = ? WHERE id = ? AND revoked_at IS NULL")
      .run(now, by, id);
    return r.changes === 1;
  }

  /**
   * Count an open; the first RECORDED_OPENS of a link are kept with their time. One transaction: the
   * count's row lock orders concurrent opens of a link, so exactly the first RECORDED_OPENS are kept.
   */
  recordOpen(id: string, what: OpenKind, now: number): Promise<void> {
    return this.transaction(async (store) => {
      const row = await store.db
        .query<{ n: number }, [number, number, string]>(
          `UPDATE report_links SET opened_count = opened_count + 1, last_opened_at = ?,
             first_opened_at = COALESCE(first_opened_at, ?) WHERE id = ? RETURNING opened_count AS n`,
        )
        .get(now, now, id);
      if (row && row.n <= RECORDED_OPENS)
        await store.db
          .query("INSERT INTO report_link_opens (link_id, opened_at, what) VALUES (?, ?, ?)")
          .run(id, now, what);
    });
  }

  /** The recorded opens of a link, newest first. */
  async opens(id: string, limit = RECORDED_OPENS): Promise<LinkOpen[]> {
    const rows = await this.db
      .query<{ opened_at: number; what: OpenKind }, [string, number]>(
        "SELECT opened_at, what FROM report_link_opens WHERE link_id = ? ORDER BY opened_at DESC LIMIT ?",
      )
      .all(id, limit);
    return rows.map((r) => ({ openedAt: r.opened_at, what: r.what }));
  }

  /** Housekeeping: links (and their opens) that expired before `before`. */
  purgeExpired(before: number): Promise<number> {
    return this.transaction(async (store) => {
      await store.db
        .query("DELETE FROM report_link_opens WHERE link_id IN (SELECT id FROM report_links WHERE expires_at < ?)")
        .run(before);
      return (await store.db.query("DELETE FROM report_links WHERE expires_at < ?").run(before)).changes;
    });
  }
}
