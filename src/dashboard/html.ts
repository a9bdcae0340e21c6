/**
 * HTML built by tagged templates that escape every interpolated value unless it is already `Html`.
 * Escaping is the default, so a value from the database, a receiver's response or a query string can
 * never become markup by forgetting a call.
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe inside element content and quoted attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function render(p: Part): string {
  if (p === null || p === undefined || p === false) return "";
  if (p instanceof Html) return p.value;
  if (Array.isArray(p)) return p.map(render).join("");
  return escapeHtml(String(p));
}

/** The template tag: `html\`<td>${name}</td>\``; arrays are concatenated, null/undefined/false render nothing. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new Html(out);
}

/** Trusted markup produced by this program (an SVG drawn here); never pass outside input. */
export function trusted(markup: string): Html {
  return new Html(markup);
}

/** A query string from the non-empty entries, `?a=1&b=2`, or "" when there are none. */
export function queryString(params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}
