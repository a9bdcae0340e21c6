/**
 * How one delivery attempt ended. `success` is a 2xx; every other value is a failure class: an answer
 * that was not 2xx (`http`, redirects included: they are never followed), no complete answer in time
 * (`timeout`), name resolution (`dns`), the connection (`connect`: refused, reset, closed mid-answer),
 * certificates and handshakes (`tls`), the outbound-safety policy (`blocked`), or an unusable webhook
 * setting (`config`: no URL or secret any more).
 */
export type FailureClass = "http" | "timeout" | "dns" | "connect" | "tls" | "blocked" | "config";
export type AttemptOutcome = "success" | FailureClass;

export interface AttemptResult {
  outcome: AttemptOutcome;
  /** the receiver's HTTP status, when it answered */
  statusCode: number | null;
  /** a short description for operators; null on success */
  error: string | null;
  /** wall time from the start of the attempt (name resolution included) to its end */
  latencyMs: number;
  /** the first bytes of the response body as text: untrusted, stored as is, always escaped when shown */
  responseExcerpt: string | null;
}

const TLS_CODE = /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ALTNAME|HOSTNAME_MISMATCH|HANDSHAKE|CHAIN/i;
const DNS_CODE = /^(ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NONAME|EAI_NODATA|ENODATA|DNSException)$/i;

/** The failure class of an error thrown by fetch or the resolver (pure; table-tested). */
export function classifyNetworkError(err: unknown): "tls" | "dns" | "connect" {
  const e = (err ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  const message = typeof e.message === "string" ? e.message : "";
  if (TLS_CODE.test(code) || /certificate|\btls\b|\bssl\b|handshake/i.test(message)) return "tls";
  if (DNS_CODE.test(code) || e.name === "DNSException") return "dns";
  return "connect";
}

/** A one-line, bounded description of a thrown value, for the attempt log. */
export function describeError(err: unknown): string {
  const e = (err ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof e.code === "string" || typeof e.code === "number" ? String(e.code) : "";
  const message = (typeof e.message === "string" ? e.message : String(err)).replace(
    /\s*For more information, pass `verbose: true`.*$/s,
    "",
  );
  const text = code && !message.startsWith(code) ? `${code}: ${message}` : message;
  return text.replace(/\s+/g, " ").slice(0, 300);
}

/** The outcome of an HTTP answer: 2xx succeeds; a redirect or any other status fails (never followed). */
export function classifyStatus(
  status: number,
  location: string | null,
): { outcome: AttemptOutcome; error: string | null } {
  if (status >= 200 && status < 300) return { outcome: "success", error: null };
  if (status >= 300 && status < 400) {
    const to = location ? ` to ${JSON.stringify(location.slice(0, 200))}` : "";
    return { outcome: "http", error: `HTTP ${status}: redirect${to} not followed` };
  }
  return { outcome: "http", error: `HTTP ${status}` };
}
