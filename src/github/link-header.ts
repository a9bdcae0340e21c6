/**
 * GitHub's `Link` header (RFC 8288 subset): `<url>; rel="next", <url>; rel="last"`. Pagination is read
 * from it, never guessed, because GitHub decides page boundaries.
 */
export function parseLinkHeader(header: string | null | undefined): Record<string, string> {
  const rels: Record<string, string> = {};
  if (!header) return rels;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = part.match(/<([^>]*)>\s*((?:;[^;]*)*)/);
    if (!m) continue;
    const rel = m[2]!.match(/;\s*rel\s*=\s*"?([^";]+)"?/i)?.[1];
    if (!rel) continue;
    for (const name of rel.trim().split(/\s+/)) rels[name.toLowerCase()] = m[1]!;
  }
  return rels;
}

/** The `page` number a Link relation points at (e.g. rel="last" of a per_page=1 listing = the item count). */
export function pageOf(header: string | null | undefined, rel: "last" | "next" | "prev" | "first"): number | null {
  const url = parseLinkHeader(header)[rel];
  if (!url) return null;
  const page = Number.parseInt(new URL(url, "http://link.invalid").searchParams.get("page") ?? "", 10);
  return Number.isFinite(page) && page > 0 ? page : null;
}
