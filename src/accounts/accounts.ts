/**
 * The accounts domain's types as its stores return them. Times are epoch milliseconds (UTC), like every domain
 * type's; the faces turn them into ISO text where they show or print them.
 */

/** A client (tenant): its limits and webhook settings. */
export interface Client {
  id: string;
  name: string;
  webhookUrl: string | null;
  webhookSecret: string | null;
  /** the secret before the last rotation, still signing (as a second signature) until `webhookSecretPreviousUntil` */
  webhookSecretPrevious: string | null;
  webhookSecretPreviousUntil: number | null;
  /** accepted verifications per UTC month; 0 = unlimited */
  monthlyQuota: number;
  /** accepted verifications per key per rolling minute; 0 = unlimited */
  rateLimitPerMinute: number;
  createdAt: number;
  updatedAt: number;
}

/** A client's limits as they are set. */
export type ClientLimits = Pick<Client, "monthlyQuota" | "rateLimitPerMinute">;

/** An API key as its owner may see it: never the key, nor its hash. */
export interface ApiKey {
  id: string;
  clientId: string;
  name: string;
  /** the key's first characters, to recognise it */
  displayPrefix: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

/** An API key in a listing, with its client's name. */
export interface ApiKeyListing extends ApiKey {
  clientName: string;
}
