/**
 * Path segments of a forge's REST API. A name goes into a path as one whole segment, percent-encoded
 * ("/" included), never split; a segment that is "." or ".." (also percent-encoded: URL resolution
 * decodes "%2e" before it removes dot segments) would address another resource, so no request holding
 * one is sent (forge-http.ts answers it as the 404 it would be).
 */

/** One path segment: the whole value percent-encoded. */
export const segment = (value: string): string => encodeURIComponent(value);

/** `/repos/{owner}/{name}` from "owner/name": the owner is what precedes the first "/", the rest the name, each one segment. */
export function ownerNamePath(prefix: string, fullName: string): string {
  const slash = fullName.indexOf("/");
  const owner = slash < 0 ? fullName : fullName.slice(0, slash);
  const name = slash < 0 ? "" : fullName.slice(slash + 1);
  return `${prefix}/${segment(owner)}/${segment(name)}`;
}

const DOT = /^(?:\.|%2e){1,2}$/i;

/** The raw path (before any query) holds a dot segment, or an empty one after the first character. */
export function holdsDotSegment(path: string): boolean {
  const bare = path.replace(/^https?:\/\/[^/]*/i, "").replace(/[?#].*$/, "");
  return bare.split("/").some((s) => DOT.test(s));
}
