import type { AccountService } from "../accounts/account-service.ts";
import type { VerificationService } from "./verification-service.ts";

/** A client's limits beside its use of them: the overview's and the clients page's usage table. */
export interface ClientUsage {
  id: string;
  name: string;
  monthly_quota: number;
  rate_limit_per_minute: number;
  used_this_month: number;
  active_keys: number;
  webhook_url: string | null;
}

/** Every client, by name, with its verifications since `monthStart` and its active API keys. */
export async function clientUsage(
  accounts: AccountService,
  verifications: VerificationService,
  monthStart: number,
): Promise<ClientUsage[]> {
  const [used, keys, clients] = await Promise.all([
    verifications.countsByClientSince(monthStart),
    accounts.activeKeyCounts(),
    accounts.listClients(),
  ]);
  return clients
    .map((c) => ({
      id: c.id,
      name: c.name,
      monthly_quota: c.monthly_quota,
      rate_limit_per_minute: c.rate_limit_per_minute,
      webhook_url: c.webhook_url,
      used_this_month: used.get(c.id) ?? 0,
      active_keys: keys.get(c.id) ?? 0,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
