import type { AccountService, Principal } from "../accounts/index.ts";
import { ApiErrors } from "../lib/index.ts";

/** The caller behind `Authorization: Bearer <key>`; 401 unauthorized for a missing, unknown or revoked key. */
export async function requirePrincipal(accounts: AccountService, request: Request): Promise<Principal> {
  const p = await accounts.authenticate(request.headers.get("authorization"));
  if (!p) throw ApiErrors.unauthorized();
  return p;
}
