import type { Clock } from "../../../src/lib/clock.ts";
import { sha256Hex } from "../../../src/lib/ids.ts";
import type { SimAnswer } from "../github-sim/pagination.ts";
import {
  ANONYMOUS,
  type CallLogEntry,
  FaultQueue,
  type FaultSpec,
  RateLimiter,
  type RateLimitOptions,
  type RateWindow,
} from "../github-sim/sim-controls.ts";

/** A route's answer, naming the operation of the host's API description it answers (for self-validation). */
export interface RouteAnswer extends SimAnswer {
  /** the path template of the host's description, e.g. "/projects/{id}"; absent for undescribed answers */
  op?: string;
}

/** Everything a simulator sent for one request, as the self-tests validate it. */
export interface ServedAnswer {
  method: string;
  path: string;
  query: Record<string, string>;
  op?: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
  cause?: CallLogEntry["cause"];
}

/** How one host speaks: tokens, error bodies, rate-limit headers, ETags. */
export interface HostProfile {
  /** "/api/v4" (GitLab) or "/api/v1" (Gitea) */
  apiPrefix: string;
  tokenOf(req: Request): string | null;
  errorBody(status: number, message: string): unknown;
  /** headers describing the window, sent on every counted answer (none for a host that sends none) */
  rateHeaders(w: RateWindow, now: number): Record<string, string>;
  /** the message of a spent budget's answer (status 429, Retry-After until the reset) */
  limitedMessage: string;
  /** weak ETags and 304s on GET 200s */
  etags: boolean;
}

/** Faults beyond FaultQueue's statuses and hangs: a reset cuts the answer off mid-body (truncated JSON). */
export interface ForgeFaultSpec extends Omit<FaultSpec, "kind"> {
  kind?: FaultSpec["kind"] | "reset";
}

export interface ForgeServerOptions {
  profile: HostProfile;
  clock: Clock;
  routes: (method: string, path: string, url: URL) => Promise<RouteAnswer>;
  tokens?: string[];
  rateLimits?: RateLimitOptions;
  /** called with every answer sent (self-tests validate them against the host's description) */
  onServe?: (answer: ServedAnswer) => void;
}

export interface ForgeServer {
  url: string;
  callLog: CallLogEntry[];
  calls(filter?: string | ((c: CallLogEntry) => boolean)): CallLogEntry[];
  resetCallLog(): void;
  setLatency(ms: number): void;
  injectFaults(spec: ForgeFaultSpec): void;
  clearFaults(): void;
  limiter: RateLimiter;
  stop(): Promise<void>;
}

const etagOf = (body: string) => `W/"${sha256Hex(body).slice(0, 32)}"`;
const etagMatches = (header: string | null, etag: string) =>
  !!header && header.split(",").some((t) => t.trim() === "*" || t.trim().replace(/^W\//, "") === etag.slice(2));

/** A loopback HTTP server (port 0) with a host's faults, latency, rate limits, ETags and call log. */
export function startForgeServer(o: ForgeServerOptions): ForgeServer {
  const limiter = new RateLimiter(o.clock, { status: 429, ...o.rateLimits });
  const faults = new FaultQueue();
  const resets = new FaultQueue();
  const callLog: CallLogEntry[] = [];
  const tokens = o.tokens ? new Set(o.tokens) : null;
  const pending = new Set<() => void>();
  let latencyMs = 0;
  let stopped = false;
  const p = o.profile;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pending.delete(done);
        resolve();
      };
      const timer = ms === Number.POSITIVE_INFINITY ? undefined : setTimeout(done, ms);
      pending.add(done);
    });

  const handle = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const token = p.tokenOf(req);
    const identity = token ?? ANONYMOUS;
    const entry: CallLogEntry = {
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      status: 0,
      authenticated: token !== null,
      conditional: req.headers.has("if-none-match"),
      at: o.clock.now(),
    };
    callLog.push(entry);
    const send = (answer: RouteAnswer, cause?: CallLogEntry["cause"], extra: Record<string, string> = {}) => {
      entry.status = answer.status;
      if (cause) entry.cause = cause;
      const headers: Record<string, string> = { ...extra, ...answer.headers };
      const body = answer.status === 304 || answer.status === 204 ? undefined : answer.body;
      if (body !== undefined) headers["content-type"] = "application/json";
      o.onServe?.({
        method: req.method,
        path: url.pathname,
        query: entry.query,
        op: answer.op,
        status: answer.status,
        headers,
        body,
        cause,
      });
      return new Response(body === undefined ? null : JSON.stringify(body), { status: answer.status, headers });
    };
    const error = (status: number, message: string): RouteAnswer => ({ status, body: p.errorBody(status, message) });

    if (latencyMs > 0) await pause(latencyMs);
    if (resets.take(url.pathname)) {
      entry.status = 200;
      entry.cause = "fault";
      // the connection dropped mid-answer: the client holds the first bytes of a JSON body, no more
      return new Response('{"id": 1, "na', { status: 200, headers: { "content-type": "application/json" } });
    }
    const fault = faults.take(url.pathname);
    if (fault?.kind === "hang") {
      await pause(Number.POSITIVE_INFINITY);
      return send(error(503, "Service Unavailable"), "fault");
    }
    if (fault) return send(error(fault.status, "Server Error"), "fault");
    if (stopped) return send(error(503, "Service Unavailable"), "fault");
    if (tokens && token !== null && !tokens.has(token)) return send(error(401, "401 Unauthorized"));

    const windowHeaders = () => p.rateHeaders(limiter.window(identity), o.clock.now());
    const secondary = limiter.takeSecondary();
    if (secondary)
      return send(error(429, p.limitedMessage), "secondary-rate-limit", {
        ...windowHeaders(),
        "retry-after": String(secondary.retryAfterSec),
      });
    if (!limiter.spend(identity)) {
      const w = limiter.window(identity);
      const wait = Math.max(1, Math.ceil((w.resetAt - o.clock.now()) / 1000));
      return send(error(429, p.limitedMessage), "rate-limit", { ...windowHeaders(), "retry-after": String(wait) });
    }
    const path = url.pathname.startsWith(p.apiPrefix) ? url.pathname.slice(p.apiPrefix.length) || "/" : null;
    if (path === null || (req.method !== "GET" && req.method !== "HEAD"))
      return send(error(404, "404 Not Found"), undefined, windowHeaders());
    const answer = await o.routes(req.method, path, url);
    if (answer.status === 200 && answer.body !== undefined && p.etags) {
      const etag = etagOf(JSON.stringify(answer.body));
      if (etagMatches(req.headers.get("if-none-match"), etag))
        return send({ status: 304, op: answer.op }, "not-modified", { ...windowHeaders(), etag });
      return send(answer, undefined, { ...windowHeaders(), etag });
    }
    return send(answer, undefined, windowHeaders());
  };

  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: handle });
  return {
    url: `http://127.0.0.1:${server.port}`,
    callLog,
    calls: (filter) =>
      callLog.filter((c) =>
        filter === undefined ? true : typeof filter === "string" ? c.path.includes(filter) : filter(c),
      ),
    resetCallLog: () => {
      callLog.length = 0;
    },
    setLatency: (ms) => {
      latencyMs = Math.max(0, ms);
    },
    injectFaults: (spec) =>
      spec.kind === "reset" ? resets.add({ ...spec, kind: "status" }) : faults.add(spec as FaultSpec),
    clearFaults: () => {
      faults.clear();
      resets.clear();
    },
    limiter,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      for (const release of [...pending]) release();
      await server.stop(true);
    },
  };
}
