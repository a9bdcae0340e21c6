import type { GitHubClient } from "./github-client.ts";
import { searchMemo } from "./search-memo.ts";

/**
 * When GitHub issued an account ID. IDs are issued in increasing order, so every account the API has
 * returned (its id and created_at) bounds the others: an ID at least as large as a known account's was
 * issued no earlier than that account's creation. The table is per API origin (an Enterprise server has
 * its own IDs), kept for the life of the process; an exact date costs one GET /user/{id}, remembered.
 */

const tables = new Map<string, Array<{ id: number; at: number }>>();
const byLogin = new Map<string, string>();
const TABLE_MAX = 10_000;

/** Records an account the API returned (getUser, GET /user/{id}). */
export function noteAccount(scope: string, id: number, createdAt: string, login?: string): void {
  const at = Date.parse(createdAt);
  if (!Number.isSafeInteger(id) || id <= 0 || !Number.isFinite(at)) return;
  if (login) {
    if (byLogin.size >= TABLE_MAX) byLogin.delete(byLogin.keys().next().value!);
    byLogin.set(`${scope}|${login.toLowerCase()}`, createdAt);
  }
  const table = tables.get(scope) ?? [];
  if (!tables.has(scope)) tables.set(scope, table);
  if (table.some((e) => e.id === id)) return;
  if (table.length >= TABLE_MAX) table.shift();
  table.push({ id, at });
}

/** The creation date of an account the API returned by login, when one was. */
export function knownAccountCreated(scope: string, login: string): string | undefined {
  return byLogin.get(`${scope}|${login.toLowerCase()}`);
}

/** The latest creation date of a known account whose ID is <= `id`: the ID was issued no earlier. */
export function issuedNoEarlierThan(scope: string, id: number): { at: string; byId: number } | null {
  let best: { id: number; at: number } | null = null;
  for (const e of tables.get(scope) ?? []) if (e.id <= id && (!best || e.at > best.at)) best = e;
  return best ? { at: new Date(best.at).toISOString(), byId: best.id } : null;
}

const exact = searchMemo<string>();

/** The account's created_at by ID (GET /user/{id}), or undefined when there is no such account. */
export function accountCreatedAt(scope: string, client: GitHubClient, id: number): Promise<string | undefined> {
  return exact(`${scope}|${id}`, async () => {
    const res = await client.get<{ id?: unknown; created_at?: unknown }>(
      "/user/{account_id}",
      { account_id: id },
      [404],
    );
    const at = res.status === 200 ? res.data?.created_at : undefined;
    if (typeof at !== "string" || !Number.isFinite(Date.parse(at))) return undefined;
    noteAccount(scope, id, at);
    return at;
  });
}
