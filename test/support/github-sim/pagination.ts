/** A route's answer before the transport adds ETag, rate-limit and content headers. */
export interface SimAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** per_page / page as GitHub reads them: per_page default 30 (max 100), page default 1. */
export function pageParams(
  query: URLSearchParams,
  defaultPerPage = 30,
  maxPerPage = 100,
): { perPage: number; page: number } {
  const pp = Number.parseInt(query.get("per_page") ?? "", 10);
  const p = Number.parseInt(query.get("page") ?? "", 10);
  return {
    perPage: Number.isFinite(pp) && pp > 0 ? Math.min(pp, maxPerPage) : defaultPerPage,
    page: Number.isFinite(p) && p > 0 ? p : 1,
  };
}

/**
 * One page of `items` plus GitHub's Link header (prev, next, last, first; absent for a single page).
 * `linkBase` is the URL links point at (GitHub uses /repositories/{id}/... and /user/{id}/...).
 */
export function paginate<T>(
  items: readonly T[],
  query: URLSearchParams,
  linkBase: string,
  defaultPerPage = 30,
): { page: T[]; link?: string } {
  const { perPage, page } = pageParams(query, defaultPerPage);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  if (last === 1 && page === 1) return { page: slice };
  const at = (n: number) => {
    const q = new URLSearchParams(query);
    q.set("per_page", String(perPage));
    q.set("page", String(n));
    return `<${linkBase}?${q.toString()}>`;
  };
  const rels: string[] = [];
  if (page > 1) rels.push(`${at(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) rels.push(`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`);
  if (page > 1) rels.push(`${at(1)}; rel="first"`);
  return { page: slice, link: rels.join(", ") };
}
