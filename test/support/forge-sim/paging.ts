/**
 * Each host's own pagination, over an already filtered and ordered list.
 *   GitLab offset: page / per_page (default 20, at most 100); x-page, x-per-page, x-next-page, x-prev-page,
 *     x-total, x-total-pages and Link (first, prev, next, last). Past 10,000 items GitLab leaves out the
 *     totals and rel="last".
 *   GitLab keyset (pagination=keyset, order_by=id): Link rel="next" only, carrying id_after / id_before.
 *   Gitea: page / limit (default 30, at most 50); Link (next, last, first, prev) and X-Total-Count.
 */

const int = (v: string | null, fallback: number) => {
  const n = Number.parseInt(v ?? "", 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

const linkTo = (base: string, query: URLSearchParams, set: Record<string, string>) => {
  const q = new URLSearchParams(query);
  for (const [k, v] of Object.entries(set)) q.set(k, v);
  return `<${base}?${q.toString()}>`;
};

/** GitLab stops counting past this many items (x-total and rel="last" are left out). */
export const GITLAB_COUNT_LIMIT = 10_000;

export function gitlabOffsetPage<T>(
  items: readonly T[],
  query: URLSearchParams,
  base: string,
): { page: T[]; headers: Record<string, string> } {
  const perPage = Math.min(100, int(query.get("per_page"), 20));
  const page = int(query.get("page"), 1);
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const counted = items.length <= GITLAB_COUNT_LIMIT;
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const next = page < last ? String(page + 1) : "";
  const prev = page > 1 ? String(page - 1) : "";
  const at = (n: number) => linkTo(base, query, { page: String(n), per_page: String(perPage) });
  const rels: string[] = [];
  if (prev) rels.push(`${at(page - 1)}; rel="prev"`);
  if (next) rels.push(`${at(page + 1)}; rel="next"`);
  rels.push(`${at(1)}; rel="first"`);
  if (counted) rels.push(`${at(last)}; rel="last"`);
  const headers: Record<string, string> = {
    "x-page": String(page),
    "x-per-page": String(perPage),
    "x-next-page": next,
    "x-prev-page": prev,
    link: rels.join(", "),
  };
  if (counted) {
    headers["x-total"] = String(items.length);
    headers["x-total-pages"] = String(last);
  }
  return { page: slice, headers };
}

/** GitLab keyset pagination by id: `items` must be sorted by `idOf` in the requested direction. */
export function gitlabKeysetPage<T>(
  items: readonly T[],
  idOf: (t: T) => number,
  query: URLSearchParams,
  base: string,
): { page: T[]; headers: Record<string, string> } {
  const perPage = Math.min(100, int(query.get("per_page"), 20));
  const desc = query.get("sort") === "desc";
  const after = Number.parseInt(query.get("id_after") ?? "", 10);
  const before = Number.parseInt(query.get("id_before") ?? "", 10);
  const rest = items.filter((t) =>
    desc ? !Number.isFinite(before) || idOf(t) < before : !Number.isFinite(after) || idOf(t) > after,
  );
  const page = rest.slice(0, perPage);
  const headers: Record<string, string> = {};
  if (rest.length > perPage) {
    const q = new URLSearchParams(query);
    q.delete("id_after");
    q.delete("id_before");
    headers.link = `${linkTo(base, q, { [desc ? "id_before" : "id_after"]: String(idOf(page[page.length - 1]!)) })}; rel="next"`;
  }
  return { page, headers };
}

export function giteaPage<T>(
  items: readonly T[],
  query: URLSearchParams,
  base: string,
): { page: T[]; headers: Record<string, string>; perPage: number; pageNo: number; last: number } {
  const perPage = Math.min(50, int(query.get("limit"), 30));
  const page = int(query.get("page"), 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const at = (n: number) => linkTo(base, query, { page: String(n), limit: String(perPage) });
  const rels: string[] = [];
  if (page < last) rels.push(`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`);
  if (page > 1) rels.push(`${at(1)}; rel="first"`, `${at(page - 1)}; rel="prev"`);
  const headers: Record<string, string> = { "x-total-count": String(items.length) };
  if (rels.length) headers.link = rels.join(",");
  return { page: items.slice((page - 1) * perPage, page * perPage), headers, perPage, pageNo: page, last };
}
