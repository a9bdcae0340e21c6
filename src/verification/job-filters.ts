/**
 * The jobs list's query string, parsed and validated without IO: filters by state, client, username and
 * creation date (UTC days), and a keyset cursor. Invalid values are dropped and reported, never passed on.
 */
export const JOB_STATES = ["queued", "processing", "COMPLETED", "FAILED", "webhook_failed"] as const;
export type JobStateFilter = (typeof JOB_STATES)[number];

export const PAGE_SIZE = 25;

/** A position in the list, newest first: rows strictly older (`before`) or newer (`after`) than it. */
export interface Cursor {
  createdAt: number;
  trackingId: string;
}

export interface JobFilter {
  state: JobStateFilter | null;
  /** client name */
  client: string | null;
  /** case-insensitive prefix of the GitHub username */
  username: string | null;
  /** inclusive UTC day, YYYY-MM-DD */
  from: string | null;
  to: string | null;
  before: Cursor | null;
  after: Cursor | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CURSOR = /^(\d{1,15})\.([A-Za-z0-9_]{1,64})$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
const USERNAME_PREFIX = /^[A-Za-z0-9-]{1,39}$/;

/** Epoch ms of 00:00 UTC of a valid YYYY-MM-DD, else null (2026-02-30 is invalid). */
export function dayStartUtc(day: string): number | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === day ? t : null;
}

export function encodeCursor(c: Cursor): string {
  return `${c.createdAt}.${c.trackingId}`;
}

export function decodeCursor(s: string): Cursor | null {
  const m = CURSOR.exec(s);
  return m ? { createdAt: Number(m[1]), trackingId: m[2]! } : null;
}

/** The filter in the query string, and a message for each value that was not understood. */
export function parseJobFilter(q: Record<string, string | undefined>): { filter: JobFilter; problems: string[] } {
  const problems: string[] = [];
  const text = (k: string) => {
    const v = q[k]?.trim();
    return v ? v : null;
  };
  const pick = <T>(k: string, ok: (v: string) => T | null, what: string): T | null => {
    const v = text(k);
    if (v === null) return null;
    const r = ok(v);
    if (r === null) problems.push(`${k}: ${what}`);
    return r;
  };
  const filter: JobFilter = {
    state: pick(
      "state",
      (v) => ((JOB_STATES as readonly string[]).includes(v) ? (v as JobStateFilter) : null),
      `one of ${JOB_STATES.join(", ")}`,
    ),
    client: pick("client", (v) => (NAME.test(v) ? v : null), "a client name"),
    username: pick(
      "username",
      (v) => (USERNAME_PREFIX.test(v) ? v : null),
      "letters, digits and hyphens (a GitHub login or its start)",
    ),
    from: pick("from", (v) => (dayStartUtc(v) !== null ? v : null), "a date like 2026-01-31"),
    to: pick("to", (v) => (dayStartUtc(v) !== null ? v : null), "a date like 2026-01-31"),
    before: pick("before", decodeCursor, "a list position"),
    after: pick("after", decodeCursor, "a list position"),
  };
  if (filter.before && filter.after) {
    problems.push("before and after: give one");
    filter.after = null;
  }
  if (filter.from && filter.to && filter.from > filter.to) problems.push("from is after to: no job can match");
  return { filter, problems };
}

/** The filter's own query parameters (no cursor), for links that keep the filter and change the page. */
export function filterParams(f: JobFilter): Record<string, string | null> {
  return { state: f.state, client: f.client, username: f.username, from: f.from, to: f.to };
}
