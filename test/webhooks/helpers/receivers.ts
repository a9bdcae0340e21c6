/**
 * Real webhook receivers on loopback (port 0) for delivery tests: a Bun.serve that records every
 * request byte for byte, a node:net server that resets mid-answer, and a port nobody listens on.
 */
import { readFileSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";

export interface Received {
  headers: Record<string, string>;
  body: Uint8Array;
  text: string;
  at: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** resolves when `n` requests have arrived (rejects after `timeoutMs`) */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  stop(): Promise<void>;
}

type Answer = (n: number, r: Received) => Response | Promise<Response>;

export const TLS = {
  cert: readFileSync(join(import.meta.dir, "..", "fixtures", "test-receiver.cert.pem"), "utf8"),
  key: readFileSync(join(import.meta.dir, "..", "fixtures", "test-receiver.key.pem"), "utf8"),
  /** the name in the fixture certificate */
  name: "hooks.example.test",
};

/** A receiver that answers request n (1-based) with `answer(n, request)`. */
export function startReceiver(
  answer: Answer = () => new Response("ok"),
  opts: { tls?: boolean; path?: string } = {},
): Receiver {
  const received: Received[] = [];
  const waiters: Array<{ n: number; resolve: (r: Received[]) => void }> = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 0,
    ...(opts.tls ? { tls: { cert: TLS.cert, key: TLS.key } } : {}),
    async fetch(req) {
      const body = new Uint8Array(await req.arrayBuffer());
      const r: Received = {
        headers: Object.fromEntries(req.headers),
        body,
        text: new TextDecoder().decode(body),
        at: Date.now(),
      };
      received.push(r);
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve(received.slice());
      return answer(received.length, r);
    },
  });
  const scheme = opts.tls ? "https" : "http";
  return {
    url: `${scheme}://127.0.0.1:${server.port}${opts.path ?? "/hook"}`,
    port: server.port!,
    received,
    waitFor(n, timeoutMs = 15_000) {
      if (received.length >= n) return Promise.resolve(received.slice());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${received.length} of ${n} requests within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          n,
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
        });
      });
    },
    async stop() {
      await server.stop(true);
    },
  };
}

/** An answer that never comes (until the server is stopped). */
export const never = (): Promise<Response> => new Promise(() => {});

/** Headers at once, then a body that never finishes. */
export function headersThenHang(): Response {
  return new Response(
    new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode("partial"));
      },
    }),
    { status: 200 },
  );
}

/** A raw TCP server that reads the request, writes part of a 200 answer, then resets the connection. */
export async function startResetServer(): Promise<{ url: string; hits: () => number; stop(): Promise<void> }> {
  let hits = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((sock) => {
    sockets.add(sock);
    sock.on("close", () => sockets.delete(sock));
    sock.on("error", () => {});
    sock.once("data", () => {
      hits++;
      sock.write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\nhalf an ans", () =>
        sock.resetAndDestroy(),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    hits: () => hits,
    stop: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** A loopback port that was just free: connecting to it is refused. */
export function deadPort(): number {
  const s = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = s.port;
  s.stop(true);
  return port;
}
