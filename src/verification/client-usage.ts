import type { AccountService } from "../accounts/index.ts";
import type { VerificationService } from "./verification-service.ts";

/** A client's limits beside its use of them: the overview's and the clients page's usage table. */
export interface ClientUsage {
  id: string;
  name: string;
  monthlyQuota: number;
  rateLimitPerMinute: number;
  usedThisMonth: number;
  activeKeys: number;
  webhookUrl: string | null;
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
      monthlyQuota: c.monthlyQuota,
      rateLimitPerMinute: c.rateLimitPerMinute,
      webhookUrl: c.webhookUrl,
      usedThisMonth: used.get(c.id) ?? 0,
      activeKeys: keys.get(c.id) ?? 0,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
