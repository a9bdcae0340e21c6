/**
 * The dashboard's cookies. The session cookie is HttpOnly (no script reads it), SameSite=Strict (no
 * other site's page sends it) and Secure behind HTTPS, where it also takes the `__Host-` prefix so a
 * sibling subdomain cannot plant one. The login CSRF cookie protects the two forms used before a session.
 */
export const SESSION_COOKIE = "cc_session";
export const LOGIN_CSRF_COOKIE = "cc_login_csrf";
const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

/** Whether this request reached us over HTTPS (directly, by the configured public URL, or via a proxy that says so). */
export function isSecureRequest(request: Request, publicUrl: string | null): boolean {
  if (publicUrl?.startsWith("https:")) return true;
  if (new URL(request.url).protocol === "https:") return true;
  return request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

function cookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

/**
 * A cookie's value from the Cookie header, or null; only token-shaped values are accepted. Behind HTTPS
 * only the `__Host-` name counts (a sibling subdomain or a plain-HTTP page can plant the bare name, and
 * it would come first: session fixation by cookie tossing); over plain HTTP only the bare name is set.
 */
export function readCookie(request: Request, base: string, secure: boolean): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const wanted = cookieName(base, secure);
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== wanted) continue;
    const value = part.slice(eq + 1).trim();
    if (TOKEN.test(value)) return value;
  }
  return null;
}

/**
 * Set-Cookie for `value`, living `maxAgeSeconds` (0 deletes it; null makes a browser-session cookie,
 * used for the session itself: the server decides when it expires).
 */
export function setCookie(base: string, value: string, maxAgeSeconds: number | null, secure: boolean): string {
  const attrs = [
    `${cookieName(base, secure)}=${value}`,
    secure ? "Path=/" : "Path=/dashboard",
    "HttpOnly",
    "SameSite=Strict",
  ];
  if (maxAgeSeconds !== null) attrs.push(`Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
  if (secure) attrs.push("Secure");
  return attrs.join("; ");
}

export function clearCookie(base: string, secure: boolean): string {
  return setCookie(base, "", 0, secure);
}
