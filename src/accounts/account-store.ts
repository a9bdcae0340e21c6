import type { Database, Queryable } from "../storage/index.ts";
import type { ApiKey, ApiKeyListing, Client, ClientLimits } from "./accounts.ts";

/** A clients row as SQL returns it; it stays behind the store. */
interface ClientRow {
  id: string;
  name: string;
  webhook_url: string | null;
  webhook_secret: string | null;
  webhook_secret_previous: string | null;
  webhook_secret_previous_until: number | null;
  monthly_quota: number;
  rate_limit_per_minute: number;
  created_at: number;
  updated_at: number;
}

interface ApiKeyRow {
  id: string;
  client_id: string;
  name: string;
  display_prefix: string;
  key_hash: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

function toClient(r: ClientRow): Client {
  return {
    id: r.id,
    name: r.name,
    webhookUrl: r.webhook_url,
    webhookSecret: r.webhook_secret,
    webhookSecretPrevious: r.webhook_secret_previous,
    webhookSecretPreviousUntil: r.webhook_secret_previous_until,
    monthlyQuota: r.monthly_quota,
    rateLimitPerMinute: r.rate_limit_per_minute,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function toApiKey(r: ApiKeyRow): ApiKey {
  return {
    id: r.id,
    clientId: r.client_id,
    name: r.name,
    displayPrefix: r.display_prefix,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
  };
}

/** A new client: its id, name and limits. */
export type NewClient = Pick<Client, "id" | "name"> & ClientLimits;

/** A new key as it is stored: only the hash of the key. */
export type NewApiKey = Pick<ApiKey, "id" | "clientId" | "name" | "displayPrefix" | "createdAt"> & { keyHash: string };

/** A key's own columns beside its client's, as activeKeyByHash reads them in one statement. */
interface KeyColumns {
  key_id: string;
  key_name: string;
  key_display_prefix: string;
  key_created_at: number;
  key_last_used_at: number | null;
}

/** Every SQL statement about clients and API keys. */
export class AccountStore {
  constructor(private readonly db: Queryable) {}

  /** The same statements inside a transaction (or savepoint). */
  on(q: Queryable): AccountStore {
    return q === this.db ? this : new AccountStore(q);
  }

  /**
   * Run `fn` with this store inside one transaction serialised, on every replica, with every other that
   * locks `name` (a decision read and then written, such as "make this key unless one exists").
   */
  transaction<T>(name: string, fn: (store: AccountStore) => Promise<T>): Promise<T> {
    return (this.db as Database).transaction((tx) => fn(new AccountStore(tx)), { locks: [name] });
  }

  async insertClient(c: NewClient, now: number): Promise<void> {
    await this.db
      .query(
        `INSERT INTO clients (id, name, monthly_quota, rate_limit_per_minute, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(c.id, c.name, c.monthlyQuota, c.rateLimitPerMinute, now, now);
  }

  /** Insert the client unless one with that name exists (idempotent start-up). */
  async ensureClient(c: NewClient, now: number): Promise<void> {
    await this.db
      .query(
        `INSERT INTO clients (id, name, monthly_quota, rate_limit_per_minute, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(name) DO NOTHING`,
      )
      .run(c.id, c.name, c.monthlyQuota, c.rateLimitPerMinute, now, now);
  }

  async clientByName(name: string): Promise<Client | null> {
    const row = await this.db.query<ClientRow, [string]>("SELECT * FROM clients WHERE name = ?").get(name);
    return row && toClient(row);
  }

  async clientById(id: string): Promise<Client | null> {
    const row = await this.db.query<ClientRow, [string]>("SELECT * FROM clients WHERE id = ?").get(id);
    return row && toClient(row);
  }

  async listClients(): Promise<Client[]> {
    const rows = await this.db.query<ClientRow, []>("SELECT * FROM clients ORDER BY created_at, name").all();
    return rows.map(toClient);
  }

  async updateLimits(id: string, limits: Partial<ClientLimits>, now: number): Promise<void> {
    await this.db
      .query(
        `UPDATE clients SET monthly_quota = coalesce(?, monthly_quota),
                rate_limit_per_minute = coalesce(?, rate_limit_per_minute), updated_at = ? WHERE id = ?`,
      )
      .run(limits.monthlyQuota ?? null, limits.rateLimitPerMinute ?? null, now, id);
  }

  /** Set the webhook URL and secret; the old secret stays valid until `previousUntil` (rotation overlap). */
  async setWebhook(
    id: string,
    w: { url: string | null; secret: string | null; previousSecret: string | null; previousUntil: number | null },
    now: number,
  ): Promise<void> {
    await this.db
      .query(
        `UPDATE clients SET webhook_url = ?, webhook_secret = ?, webhook_secret_previous = ?,
                webhook_secret_previous_until = ?, updated_at = ? WHERE id = ?`,
      )
      .run(w.url, w.secret, w.previousSecret, w.previousUntil, now, id);
  }

  async insertKey(k: NewApiKey): Promise<void> {
    await this.db
      .query(
        `INSERT INTO api_keys (id, client_id, name, display_prefix, key_hash, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(k.id, k.clientId, k.name, k.displayPrefix, k.keyHash, k.createdAt);
  }

  /**
   * The active key with this hash, with its client; null when unknown or revoked. One statement: it runs
   * on every API request (a round trip each on PostgreSQL).
   */
  async activeKeyByHash(hash: string): Promise<(ApiKey & { client: Client }) | null> {
    const row = await this.db
      .query<ClientRow & KeyColumns, [string]>(
        `SELECT c.*, k.id AS key_id, k.name AS key_name, k.display_prefix AS key_display_prefix,
                k.created_at AS key_created_at, k.last_used_at AS key_last_used_at
           FROM api_keys k JOIN clients c ON c.id = k.client_id
          WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
      )
      .get(hash);
    if (!row) return null;
    const { key_id, key_name, key_display_prefix, key_created_at, key_last_used_at, ...client } = row;
    return {
      id: key_id,
      clientId: client.id,
      name: key_name,
      displayPrefix: key_display_prefix,
      createdAt: key_created_at,
      lastUsedAt: key_last_used_at,
      revokedAt: null,
      client: toClient(client),
    };
  }

  async touchKey(id: string, now: number): Promise<void> {
    await this.db.query("UPDATE api_keys SET last_used_at = ? WHERE id = ?").run(now, id);
  }

  async listKeys(clientId?: string): Promise<ApiKeyListing[]> {
    const sql = `SELECT k.*, c.name AS client_name FROM api_keys k JOIN clients c ON c.id = k.client_id
                 ${clientId ? "WHERE k.client_id = ?" : ""} ORDER BY k.created_at, k.id`;
    const q = this.db.query<ApiKeyRow & { client_name: string }, string[]>(sql);
    const rows = await (clientId ? q.all(clientId) : q.all());
    return rows.map((r) => ({ ...toApiKey(r), clientName: r.client_name }));
  }

  /** How many active (unrevoked) API keys each client has; clients without any are absent. */
  async activeKeyCounts(): Promise<Map<string, number>> {
    const rows = await this.db
      .query<{ client_id: string; n: number }, []>(
        "SELECT client_id, count(*) AS n FROM api_keys WHERE revoked_at IS NULL GROUP BY client_id",
      )
      .all();
    return new Map(rows.map((r) => [r.client_id, r.n]));
  }

  async keyById(id: string): Promise<ApiKey | null> {
    const row = await this.db.query<ApiKeyRow, [string]>("SELECT * FROM api_keys WHERE id = ?").get(id);
    return row && toApiKey(row);
  }

  async revokeKey(id: string, now: number): Promise<boolean> {
    const r = await this.db
      .query("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")
      .run(now, id);
    return r.changes === 1;
  }
}
