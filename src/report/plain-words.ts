/** Small helpers that turn numbers and dates into the report's words. */

const DAY_MS = 86_400_000;

/** "1 commit", "3 commits". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** The calendar day of an ISO time, or null when it is not a date. */
export function day(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isFinite(t) ? new Date(t).toISOString().slice(0, 10) : null;
}

/** How long a span of work lasted, for "over 5 months": "on one day", "over 12 days", "over 2 years". */
export function spanWords(firstIso: string | null, lastIso: string | null): string | null {
  const a = firstIso ? Date.parse(firstIso) : Number.NaN;
  const b = lastIso ? Date.parse(lastIso) : Number.NaN;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  const days = Math.abs(b - a) / DAY_MS;
  if (day(firstIso) === day(lastIso)) return "on one day";
  if (days < 60) return `over ${plural(Math.max(2, Math.ceil(days)), "day")}`;
  if (days < 730) return `over ${plural(Math.round(days / 30.44), "month")}`;
  const years = Math.round((days / 365.25) * 10) / 10;
  return `over ${years} years`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthOf = (t: number) => `${MONTHS[new Date(t).getUTCMonth()]} ${new Date(t).getUTCFullYear()}`;

/** The months a span of work covers, for a table: "Mar 2024", "Mar 2024 – Jul 2025"; null without dates. */
export function monthSpan(firstIso: string | null, lastIso: string | null): string | null {
  const a = firstIso ? Date.parse(firstIso) : Number.NaN;
  const b = lastIso ? Date.parse(lastIso) : Number.NaN;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  const [from, to] = [monthOf(Math.min(a, b)), monthOf(Math.max(a, b))];
  return from === to ? from : `${from} – ${to}`;
}

/** "A", "A and B", "A, B and C". */
export function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** A number with at most `digits` decimals, as text. */
export function decimal(n: number, digits = 3): string {
  const f = 10 ** digits;
  return String(Math.round(n * f) / f);
}

/** "owner/name" of a "github.com/owner/name" address (or the text as it is: another host's keeps its host). */
export function repoName(url: string): string {
  return url.replace(/^(https?:\/\/)?(www\.)?github\.com\//i, "");
}

/** A repository label's first segment names its host when it holds a dot or a port (GitHub owners never do). */
const HOSTED = /^[^/]*[.:][^/]*\//;

/** The address of a repository as the results name it: "owner/name" is GitHub's, "host/owner/name" another host's. */
export function repoAddress(label: string): string {
  return HOSTED.test(label) ? label : `github.com/${label}`;
}

/** The host of a repository label or address ("github.com" for GitHub's "owner/name"). */
export function hostOfRepo(label: string): string {
  return repoAddress(label).split("/")[0]!.toLowerCase();
}

/** The host as the report names it: "GitHub", or the host itself ("gitlab.com", "codeberg.org"). */
export function hostWord(host: string): string {
  return host === "github.com" ? "GitHub" : host;
}

/** Sentence case: the first letter upper-cased. */
export function sentence(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
