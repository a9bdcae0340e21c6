import {
  type AttemptOutcome,
  type AttemptResult,
  classifyNetworkError,
  classifyStatus,
  describeError,
} from "./attempt-outcome.ts";
import { type Resolver, resolveTarget, systemResolver } from "./outbound-target.ts";

/** Bytes of the response body kept in the attempt log. */
export const RESPONSE_EXCERPT_BYTES = 2048;
/** Bytes of the response body read at most; the rest is not waited for (the answer is complete enough). */
export const RESPONSE_READ_LIMIT = 64 * 1024;

export interface SendRequest {
  url: string;
  /** lower-case header names; Host is set from the URL */
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
}

/** Outbound HTTP behind an interface: one POST, classified; never throws except when `signal` aborts it. */
export interface WebhookSender {
  send(req: SendRequest, signal?: AbortSignal): Promise<AttemptResult>;
}

export interface HttpSenderOptions {
  /** WEBHOOK_TIMEOUT: resolution, connection, answer and the read body together */
  timeoutMs: number;
  /** WEBHOOK_BLOCK_PRIVATE */
  blockPrivate: boolean;
  resolve?: Resolver;
  /** extra trusted CA certificates (PEM): tests, or receivers behind a private CA */
  ca?: string;
}

class Timeout extends Error {}

/**
 * The production sender: resolve and check the address, POST the exact body bytes to that address with
 * the original Host and TLS name, never follow redirects, never use a proxy, and give up when no complete
 * answer arrived within the timeout.
 */
export function createHttpSender(o: HttpSenderOptions): WebhookSender {
  const resolve = o.resolve ?? systemResolver;
  return {
    async send(req, external) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const result = (
        outcome: AttemptOutcome,
        statusCode: number | null,
        error: string | null,
        responseExcerpt: string | null,
      ): AttemptResult => ({
        outcome,
        statusCode,
        error,
        latencyMs: elapsed(),
        responseExcerpt,
      });
      if (external?.aborted) throw external.reason;
      const ctrl = new AbortController();
      const timer = setTimeout(() => ctrl.abort(new Timeout()), o.timeoutMs);
      const onExternal = () => ctrl.abort(external!.reason);
      external?.addEventListener("abort", onExternal, { once: true });
      const aborted = new Promise<never>((_, reject) => {
        if (ctrl.signal.aborted) reject(ctrl.signal.reason);
        ctrl.signal.addEventListener("abort", () => reject(ctrl.signal.reason), { once: true });
      });
      aborted.catch(() => {});
      let statusCode: number | null = null;
      try {
        const target = await Promise.race([resolveTarget(req.url, { resolve, blockPrivate: o.blockPrivate }), aborted]);
        if (!target.ok) return result(target.outcome, null, target.error, null);
        const res = await Promise.race([
          fetch(target.fetchUrl, {
            method: "POST",
            headers: { ...req.headers, host: target.hostHeader, "accept-encoding": "identity" },
            body: req.body,
            redirect: "manual",
            signal: ctrl.signal,
            proxy: false,
            tls: { ...(target.serverName ? { serverName: target.serverName } : {}), ...(o.ca ? { ca: o.ca } : {}) },
          }),
          aborted,
        ]);
        statusCode = res.status;
        const excerpt = await Promise.race([readExcerpt(res), aborted]);
        const c = classifyStatus(res.status, res.headers.get("location"));
        return result(c.outcome, res.status, c.error, excerpt);
      } catch (err) {
        if (ctrl.signal.reason instanceof Timeout) {
          const during = statusCode === null ? "no answer" : `HTTP ${statusCode} but the body did not finish`;
          return result("timeout", statusCode, `${during} within ${o.timeoutMs} ms`, null);
        }
        if (external?.aborted) throw external.reason;
        const during = statusCode === null ? "" : ` (after HTTP ${statusCode}, while reading the body)`;
        return result(classifyNetworkError(err), statusCode, describeError(err) + during, null);
      } finally {
        clearTimeout(timer);
        external?.removeEventListener("abort", onExternal);
      }
    },
  };
}

/** Read the body up to the limit (to see the whole answer arrive) and keep its first bytes as text. */
async function readExcerpt(res: Response): Promise<string | null> {
  if (!res.body) return null;
  const reader = res.body.getReader();
  const kept: Uint8Array[] = [];
  let keptBytes = 0;
  let total = 0;
  try {
    while (total < RESPONSE_READ_LIMIT) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (keptBytes < RESPONSE_EXCERPT_BYTES) {
        const part = value.subarray(0, RESPONSE_EXCERPT_BYTES - keptBytes);
        kept.push(part);
        keptBytes += part.byteLength;
      }
    }
  } finally {
    if (total >= RESPONSE_READ_LIMIT) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  if (keptBytes === 0) return null;
  const bytes = new Uint8Array(keptBytes);
  let at = 0;
  for (const k of kept) {
    bytes.set(k, at);
    at += k.byteLength;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL bytes are replaced so the excerpt stores as text
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes).replace(/\u0000/g, "\uFFFD");
}
