import { errorMessage } from "../lib/index.ts";
import { resolveTarget, systemResolver } from "../webhooks/index.ts";

/** Name resolution (the webhooks' resolver: the system's in production, a table in tests). */
export type Resolve = (hostname: string) => Promise<string[]>;

/**
 * The outbound policy of calls to an ATS and of resume downloads: every address is resolved and checked
 * like a webhook's (cloud metadata, link-local and reserved addresses are never called), private and
 * loopback ones too unless `allowPrivate` (an ATS inside the network, or a simulator in tests); the
 * connection goes to the checked address; redirects are followed a few times, each one checked again;
 * the whole call, body included, has `timeoutMs`; a body larger than `maxBytes` is refused.
 */
export interface OutboundPolicy {
  timeoutMs: number;
  allowPrivate: boolean;
  resolve?: Resolve;
}

export class OutboundError extends Error {}

export interface OutboundAnswer {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

const MAX_REDIRECTS = 3;

export async function outboundFetch(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
  policy: OutboundPolicy,
  maxBytes: number,
): Promise<OutboundAnswer> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), policy.timeoutMs);
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      const target = await resolveTarget(current, {
        resolve: policy.resolve ?? systemResolver,
        blockPrivate: !policy.allowPrivate,
      });
      if (!target.ok) throw new OutboundError(target.error.replace(/the webhook URL/g, "the URL"));
      const res = await fetch(target.fetchUrl, {
        method: init.method,
        headers: { ...(init.headers ?? {}), host: target.hostHeader, "accept-encoding": "identity" },
        body: init.body,
        redirect: "manual",
        signal: ctrl.signal,
        proxy: false,
        tls: target.serverName ? { serverName: target.serverName } : undefined,
      } as RequestInit);
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location && init.method === "GET") {
        await res.body?.cancel().catch(() => {});
        if (hop >= MAX_REDIRECTS) throw new OutboundError(`more than ${MAX_REDIRECTS} redirects from ${url}`);
        current = new URL(location, current).toString();
        continue;
      }
      const declared = Number(res.headers.get("content-length") ?? "0");
      if (declared > maxBytes) {
        await res.body?.cancel().catch(() => {});
        throw new OutboundError(`the answer is ${declared} bytes, more than the ${maxBytes} allowed`);
      }
      return { status: res.status, headers: res.headers, body: await readLimited(res, maxBytes) };
    }
  } catch (err) {
    if (err instanceof OutboundError) throw err;
    if (ctrl.signal.aborted) throw new OutboundError(`no complete answer within ${policy.timeoutMs} ms`);
    throw new OutboundError(errorMessage(err));
  } finally {
    clearTimeout(timer);
  }
}

async function readLimited(res: Response, maxBytes: number): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new OutboundError(`the answer is larger than the ${maxBytes} bytes allowed`);
    parts.push(chunk);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** `Authorization: Basic` for a key as username and an empty password (Greenhouse's and Ashby's form). */
export const basicAuth = (key: string): string => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;

/** The username of an `Authorization: Basic` header, or null when it is not one. */
export function basicUser(header: string | null): string | null {
  const m = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const user = colon < 0 ? decoded : decoded.slice(0, colon);
  return user || null;
}
