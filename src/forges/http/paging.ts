import { parseLinkHeader } from "../../github/index.ts";
import type { ForgeHttp, ForgeResponse } from "./forge-http.ts";

/**
 * Follows a listing page by page through the host's Link header (GitLab offset and keyset pages, Gitea
 * pages: all three send rel="next"), at most `maxPages`. Returns the items, whether more were left, and
 * the first page's answer (its headers carry the host's totals).
 */
export async function fetchPages<T>(
  http: ForgeHttp,
  path: string,
  params: Record<string, string | number | boolean | undefined>,
  maxPages: number,
  accept: readonly number[] = [],
): Promise<{ items: T[]; truncated: boolean; first: ForgeResponse<T[]> | null; status: number }> {
  const items: T[] = [];
  let first: ForgeResponse<T[]> | null = null;
  let next: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const res: ForgeResponse<T[]> = next ? await http.get<T[]>(next) : await http.get<T[]>(path, params, accept);
    if (res.status !== 200 || !Array.isArray(res.data)) return { items, truncated: false, first, status: res.status };
    first ??= res;
    items.push(...res.data);
    next = parseLinkHeader(res.headers.get("link")).next ?? null;
    if (!next) return { items, truncated: false, first, status: 200 };
  }
  return { items, truncated: next !== null, first, status: 200 };
}

/** A count header (x-total, X-Total-Count) as a number, or null when absent (GitLab past 10,000). */
export function countHeader(res: ForgeResponse<unknown> | null, name: string): number | null {
  const v = res?.headers.get(name);
  const n = v ? Number.parseInt(v, 10) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}
