import type { Clock } from "../lib/index.ts";
import { AppError, newId } from "../lib/index.ts";
import type { Queryable } from "../storage/index.ts";
import type { AccountStore } from "./account-store.ts";
import type { ApiKey, ApiKeyListing, Client } from "./accounts.ts";
import { generateApiKey, hashApiKey, looksLikeApiKey } from "./api-keys.ts";

export const DEFAULT_CLIENT = "default";
/** How long the previous webhook secret keeps signing after a rotation. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;
/** A key's last use is refreshed at most this often. */
export const KEY_TOUCH_INTERVAL_MS = 60_000;

export interface Principal {
  keyId: string;
  client: Client;
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
  async ensureDefaultClient(): Promise<Client> {
    const now = this.clock.now();
    await this.store.ensureClient(
      {
        id: newId("cli", now),
        name: DEFAULT_CLIENT,
        monthlyQuota: this.defaults.monthlyQuota,
        rateLimitPerMinute: this.defaults.rateLimitPerMinute,
      },
      now,
    );
    return (await this.store.clientByName(DEFAULT_CLIENT))!;
  }

  async addClient(name: string, limits: { monthlyQuota?: number; rateLimitPerMinute?: number } = {}): Promise<Client> {
    if (!CLIENT_NAME.test(name))
      throw new AppError("invalid_client_name", 400, "a client name is 1-63 letters, digits, '.', '_' or '-'");
    if (await this.store.clientByName(name))
      throw new AppError("client_exists", 409, `a client named ${name} already exists`);
    const now = this.clock.now();
    await this.store.insertClient(
      {
        id: newId("cli", now),
        name,
        monthlyQuota: limits.monthlyQuota ?? this.defaults.monthlyQuota,
        rateLimitPerMinute: limits.rateLimitPerMinute ?? this.defaults.rateLimitPerMinute,
      },
      now,
    );
    return (await this.store.clientByName(name))!;
  }

  listClients(): Promise<Client[]> {
    return this.store.listClients();
  }

  /** How many active API keys each client has, by client id. */
  activeKeyCounts(): Promise<Map<string, number>> {
    return this.store.activeKeyCounts();
  }

  /** A client by name; the default client is created on first use. */
  async client(name: string): Promise<Client> {
    if (name === DEFAULT_CLIENT) return this.ensureDefaultClient();
    const c = await this.store.clientByName(name);
    if (!c) throw new AppError("client_not_found", 404, `no client named ${name} (see: claimcheck clients list)`);
    return c;
  }

  /** A client by id; read on `q` (a transaction's handle) when given. */
  clientById(id: string, q?: Queryable): Promise<Client | null> {
    return (q ? this.store.on(q) : this.store).clientById(id);
  }

  async setLimits(name: string, limits: { monthlyQuota?: number; rateLimitPerMinute?: number }): Promise<Client> {
    const c = await this.client(name);
    await this.store.updateLimits(
      c.id,
      { monthlyQuota: limits.monthlyQuota, rateLimitPerMinute: limits.rateLimitPerMinute },
      this.clock.now(),
    );
    return (await this.store.clientById(c.id))!;
  }

  /** A new key for the client; the plain key is returned once and never stored. */
  async createKey(name: string, clientName = DEFAULT_CLIENT): Promise<{ key: string; apiKey: ApiKey }> {
    if (!name.trim()) throw new AppError("invalid_key_name", 400, "a key needs a name");
    const client = await this.client(clientName);
    return this.insertNewKey(this.store, client.id, name.trim());
  }

  /** A fresh key for the client, stored by its hash; the plain key is returned once. */
  private async insertNewKey(
    store: AccountStore,
    clientId: string,
    name: string,
  ): Promise<{ key: string; apiKey: ApiKey }> {
    const { key, hash, displayPrefix } = generateApiKey();
    const now = this.clock.now();
    const apiKey: ApiKey = {
      id: newId("key", now),
      clientId,
      name,
      displayPrefix,
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    };
    await store.insertKey({ ...apiKey, keyHash: hash });
    return { key, apiKey };
  }

  /**
   * The client's key with this label, made on first use, or null when every key with the label is revoked
   * (revoking it turns off what it stands for). Two callers at once, on any replica, get the same key.
   */
  async labelledKey(label: string, clientName: string): Promise<ApiKey | null> {
    const client = await this.client(clientName);
    return this.store.transaction(`claimcheck:labelled-key:${client.id}`, async (store) => {
      const keys = (await store.listKeys(client.id)).filter((k) => k.name === label);
      const live = keys.find((k) => k.revokedAt === null);
      if (live || keys.length) return live ?? null;
      return (await this.insertNewKey(store, client.id, label)).apiKey;
    });
  }

  async listKeys(clientName?: string): Promise<ApiKeyListing[]> {
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
    if (found.lastUsedAt === null || now - found.lastUsedAt >= KEY_TOUCH_INTERVAL_MS)
      await this.store.touchKey(found.id, now);
    return { keyId: found.id, client: found.client };
  }

  /** Set the client's webhook URL; a new secret is generated unless one is given. Returns the secret in force. */
  async setWebhook(
    clientName: string,
    url: string,
    secret?: string,
  ): Promise<{ client: Client; secret: string; generated: boolean }> {
    const problem = validateWebhookUrl(url);
    if (problem) throw new AppError("invalid_webhook_url", 400, problem);
    if (secret !== undefined && secret.length < 16)
      throw new AppError("weak_webhook_secret", 400, "a webhook secret needs at least 16 characters");
    const c = await this.client(clientName);
    const generated = secret === undefined && !c.webhookSecret;
    const next = secret ?? c.webhookSecret ?? generateWebhookSecret();
    const rotating = c.webhookSecret !== null && next !== c.webhookSecret;
    const now = this.clock.now();
    await this.store.setWebhook(
      c.id,
      {
        url,
        secret: next,
        previousSecret: rotating ? c.webhookSecret : c.webhookSecretPrevious,
        previousUntil: rotating ? now + SECRET_OVERLAP_MS : c.webhookSecretPreviousUntil,
      },
      now,
    );
    return { client: (await this.store.clientById(c.id))!, secret: next, generated };
  }

  /** Replace the secret; the old one keeps signing (as a second signature) for `overlapMs`. */
  async rotateWebhookSecret(
    clientName: string,
    overlapMs = SECRET_OVERLAP_MS,
  ): Promise<{ client: Client; secret: string }> {
    const c = await this.client(clientName);
    const secret = generateWebhookSecret();
    const now = this.clock.now();
    await this.store.setWebhook(
      c.id,
      {
        url: c.webhookUrl,
        secret,
        previousSecret: c.webhookSecret,
        previousUntil: c.webhookSecret ? now + overlapMs : null,
      },
      now,
    );
    return { client: (await this.store.clientById(c.id))!, secret };
  }
}
