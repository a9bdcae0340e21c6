import type { AccountService, Client } from "../../accounts/index.ts";
import { AppError } from "../../lib/index.ts";

/** The client named in a dashboard URL; 404 when there is none (every client-scoped route starts here). */
export async function clientOr404(accounts: AccountService, name: string | undefined): Promise<Client> {
  const found = name ? (await accounts.listClients()).find((x) => x.name === name) : undefined;
  if (!found) throw new AppError("client_not_found", 404, "There is no client with that name.");
  return found;
}
