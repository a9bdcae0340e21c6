import type { Clock } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { newId } from "../lib/ids.ts";
import type { Queryable } from "../storage/sql-database.ts";
import type { AccountStore, ApiKeyRow, ClientRow } from "./account-store.ts";
import { generateApiKey, hashApiKey, looksLikeApiKey } from "./api-keys.ts";

export const DEFAULT_CLIENT = "default";
/** How long the previous webhook secret keeps signing after a rotation. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;
/** A key's last_used_at is refreshed at most this often. */
export const KEY_TOUCH_INTERVAL_MS = 60_000;

export interface Principal {
  keyId: string;
  client: ClientRow;
}

/** `whsec_` + base64 of 32 random bytes: the Standard Webhooks secret format. */
export function generateWebhookSecret(): string {
  return `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}`;
}

export function validateWebhookUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "the webhook URL is not a valid absolute URL";
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return "the webhook URL must use http or https";
  if (u.username || u.password) return "the webhook URL must not carry credentials";
  return null;
}

const CLIENT_NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/i;

/** Clients, their API keys and webhook settings: used by the HTTP layer, the CLI and the dashboard alike. */
export class AccountService {
  constructor(
    private readonly store: AccountStore,
    private readonly clock: Clock,
    private readonly defaults: { monthlyQuota: number; rateLimitPerMinute: number },
  ) {}

  /** The `default` client exists so a single-tenant install needs no set-up. */
  async ensureDefaultClient(): Promise<ClientRow> {
    const now = this.clock.now();
    await this.store.ensureClient(
      {
        id: newId("cli", now),
        name: DEFAULT_CLIENT,
        monthly_quota: this.defaults.monthlyQuota,
        rate_limit_per_minute: this.defaults.rateLimitPerMinute,
      },
      now,
    );
    return (await this.store.clientByName(DEFAULT_CLIENT))!;
  }

  async addClient(
    name: string,
    limits: { monthlyQuota?: number; rateLimitPerMinute?: number } = {},
  ): Promise<ClientRow> {
    if (!CLIENT_NAME.test(name))
      throw new AppError("invalid_client_name", 400, "a client name is 1-63 letters, digits, '.', '_' or '-'");
    if (await this.store.clientByName(name))
      throw new AppError("client_exists", 409, `a client named ${name} already exists`);
    const now = this.clock.now();
    await this.store.insertClient(
      {
        id: newId("cli", now),
        name,
        monthly_quota: limits.monthlyQuota ?? this.defaults.monthlyQuota,
        rate_limit_per_minute: limits.rateLimitPerMinute ?? this.defaults.rateLimitPerMinute,
      },
      now,
    );
    return (await this.store.clientByName(name))!;
  }

  listClients(): Promise<ClientRow[]> {
    return this.store.listClients();
  }

  /** How many active API keys each client has, by client id. */
  activeKeyCounts(): Promise<Map<string, number>> {
    return this.store.activeKeyCounts();
  }

  /** A client by name; the default client is created on first use. */
  async client(name: string): Promise<ClientRow> {
    if (name === DEFAULT_CLIENT) return this.ensureDefaultClient();
    const c = await this.store.clientByName(name);
    if (!c) throw new AppError("client_not_found", 404, `no client named ${name} (see: claimcheck clients list)`);
    return c;
  }

  /** A client by id; read on `q` (a transaction's handle) when given. */
  clientById(id: string, q?: Queryable): Promise<ClientRow | null> {
    return (q ? this.store.on(q) : this.store).clientById(id);
  }

  async setLimits(name: string, limits: { monthlyQuota?: number; rateLimitPerMinute?: number }): Promise<ClientRow> {
    const c = await this.client(name);
    await this.store.updateLimits(
      c.id,
      { monthly_quota: limits.monthlyQuota, rate_limit_per_minute: limits.rateLimitPerMinute },
      this.clock.now(),
    );
    return (await this.store.clientById(c.id))!;
  }

  /** A new key for the client; the plain key is returned once and never stored. */
  async createKey(name: string, clientName = DEFAULT_CLIENT): Promise<{ key: string; row: ApiKeyRow }> {
    if (!name.trim()) throw new AppError("invalid_key_name", 400, "a key needs a name");
    const client = await this.client(clientName);
    const { key, hash, displayPrefix } = generateApiKey();
    const now = this.clock.now();
    const row = {
      id: newId("key", now),
      client_id: client.id,
      name: name.trim(),
      display_prefix: displayPrefix,
      key_hash: hash,
      created_at: now,
    };
    await this.store.insertKey(row);
    return { key, row: { ...row, last_used_at: null, revoked_at: null } };
  }

  async listKeys(clientName?: string): Promise<Array<ApiKeyRow & { client_name: string }>> {
    return this.store.listKeys(clientName ? (await this.client(clientName)).id : undefined);
  }

  async revokeKey(id: string): Promise<void> {
    const key = await this.store.keyById(id);
    if (!key) throw new AppError("key_not_found", 404, `no API key with id ${id} (see: claimcheck keys list)`);
    if (!(await this.store.revokeKey(id, this.clock.now())))
      throw new AppError("key_revoked", 409, `key ${id} is already revoked`);
  }

  /** The principal behind a bearer token, or null for a missing, malformed, unknown or revoked key. */
  async authenticate(authorization: string | null): Promise<Principal | null> {
    const m = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
    if (!m || !looksLikeApiKey(m[1]!)) return null;
    const found = await this.store.activeKeyByHash(hashApiKey(m[1]!));
    if (!found) return null;
    const now = this.clock.now();
    // last use is informational: record it at most once a minute per key, not one write per request
    if (found.last_used_at === null || now - found.last_used_at >= KEY_TOUCH_INTERVAL_MS)
      await this.store.touchKey(found.id, now);
    return { keyId: found.id, client: found.client };
  }

  /** Set the client's webhook URL; a new secret is generated unless one is given. Returns the secret in force. */
  async setWebhook(
    clientName: string,
    url: string,
    secret?: string,
  ): Promise<{ client: ClientRow; secret: string; generated: boolean }> {
    const problem = validateWebhookUrl(url);
    if (problem) throw new AppError("invalid_webhook_url", 400, problem);
    if (secret !== undefined && secret.length < 16)
      throw new AppError("weak_webhook_secret", 400, "a webhook secret needs at least 16 characters");
    const c = await this.client(clientName);
    const generated = secret === undefined && !c.webhook_secret;
    const next = secret ?? c.webhook_secret ?? generateWebhookSecret();
    const rotating = c.webhook_secret !== null && next !== c.webhook_secret;
    const now = this.clock.now();
    await this.store.setWebhook(
      c.id,
      {
        url,
        secret: next,
        previousSecret: rotating ? c.webhook_secret : c.webhook_secret_previous,
        previousUntil: rotating ? now + SECRET_OVERLAP_MS : c.webhook_secret_previous_until,
      },
      now,
    );
    return { client: (await this.store.clientById(c.id))!, secret: next, generated };
  }

  /** Replace the secret; the old one keeps signing (as a second signature) for `overlapMs`. */
  async rotateWebhookSecret(
    clientName: string,
    overlapMs = SECRET_OVERLAP_MS,
  ): Promise<{ client: ClientRow; secret: string }> {
    const c = await this.client(clientName);
    const secret = generateWebhookSecret();
    const now = this.clock.now();
    await this.store.setWebhook(
      c.id,
      {
        url: c.webhook_url,
        secret,
        previousSecret: c.webhook_secret,
        previousUntil: c.webhook_secret ? now + overlapMs : null,
      },
      now,
    );
    return { client: (await this.store.clientById(c.id))!, secret };
  }
}
