/** The accounts module's public surface: what other modules of src/ import from it (never the files behind it). */

export type { Principal } from "./account-service.ts";
export { AccountService } from "./account-service.ts";
export { AccountStore } from "./account-store.ts";
export type { ApiKeyListing, Client } from "./accounts.ts";
export { decideLimits, monthStartUtc, RATE_WINDOW_MS } from "./limits.ts";
