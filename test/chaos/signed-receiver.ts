/**
 * A webhook receiver on 127.0.0.1 that speaks HTTP/1.1 over raw TCP, so it can fail in every way a
 * real receiver does: a 500, a redirect, an answer that never comes (hang), a connection reset before
 * any answer, or one cut off mid-body. Every request is recorded with whether its X-Service-Signature
 * verifies (HMAC-SHA-256 of the raw body, constant-time compare, as docs/webhooks.md says).
 */

import { createHmac, timingSafeEqual } from "node:crypto";
import type { Socket, TCPSocketListener } from "bun";

export type ReceiverAnswer = "ok" | "500" | "redirect" | "hang" | "reset" | "cut";
export const FAILING_ANSWERS: readonly ReceiverAnswer[] = ["500", "redirect", "hang", "reset", "cut"];

export interface ReceivedRequest {
  /** the `webhook-id` header: the delivery id, stable across retries */
  webhookId: string;
  trackingId: string | null;
  event: string | null;
  status: string | null;
  signatureOk: boolean;
  /** Date.now() when the whole request had arrived */
  at: number;
  /** how this receiver answered it */
  answer: ReceiverAnswer | "bad-signature";
}

/** Decides each answer; `seen` counts earlier requests with the same webhook-id (0 on the first). */
export type AnswerPlan = (r: { webhookId: string; trackingId: string | null; seen: number }) => ReceiverAnswer;

interface Conn {
  buf: Buffer;
  hung: boolean;
}

function signatureOk(raw: Buffer, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice("sha256=".length), "utf8");
  const expected = Buffer.from(createHmac("sha256", secret).update(raw).digest("hex"), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function parseHead(head: string): { headers: Map<string, string> } {
  const headers = new Map<string, string>();
  for (const line of head.split("\r\n").slice(1)) {
    const i = line.indexOf(":");
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers };
}

export interface SignedReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** valid-signature requests that were answered 2xx, by trackingId */
  delivered(): Map<string, ReceivedRequest[]>;
  setPlan(plan: AnswerPlan): void;
  /** resolves once `pred` holds (checked on every request), rejects after `timeoutMs` */
  waitFor(pred: () => boolean, timeoutMs: number, what: string): Promise<void>;
  stop(): void;
}

/** Start the receiver. `secret` is the client's webhook secret; the default plan answers 204 to everything. */
export function startSignedReceiver(secret: string, plan: AnswerPlan = () => "ok"): SignedReceiver {
  const requests: ReceivedRequest[] = [];
  const seen = new Map<string, number>();
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket<Conn>>();
  let current = plan;

  const answer = (s: Socket<Conn>, a: ReceivedRequest["answer"]) => {
    switch (a) {
      case "ok":
        s.write("HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n");
        return;
      case "bad-signature":
        s.write("HTTP/1.1 401 Unauthorized\r\nContent-Length: 13\r\nContent-Type: text/plain\r\n\r\nbad signature");
        return;
      case "500":
        s.write(
          "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 16\r\nContent-Type: text/plain\r\n\r\nreceiver crashed",
        );
        return;
      case "redirect":
        s.write("HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:9/moved\r\nContent-Length: 0\r\n\r\n");
        return;
      case "hang":
        s.data.hung = true; // never answer; the service must give up at WEBHOOK_TIMEOUT
        return;
      case "reset":
        s.terminate();
        return;
      case "cut":
        s.write("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\nContent-Type: text/plain\r\n\r\nonly the first bytes");
        s.terminate();
        return;
    }
  };

  const onData = (s: Socket<Conn>, chunk: Buffer) => {
    if (s.data.hung) return;
    s.data.buf = Buffer.concat([s.data.buf, chunk]);
    for (;;) {
      const end = s.data.buf.indexOf("\r\n\r\n");
      if (end < 0) return;
      const { headers } = parseHead(s.data.buf.subarray(0, end).toString("latin1"));
      const length = Number(headers.get("content-length") ?? "0");
      if (s.data.buf.length < end + 4 + length) return;
      const raw = s.data.buf.subarray(end + 4, end + 4 + length);
      s.data.buf = s.data.buf.subarray(end + 4 + length);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
      } catch {
        // recorded with nulls below
      }
      const webhookId = headers.get("webhook-id") ?? "";
      const trackingId = typeof body.trackingId === "string" ? body.trackingId : null;
      const ok = signatureOk(raw, headers.get("x-service-signature"), secret);
      const n = seen.get(webhookId) ?? 0;
      seen.set(webhookId, n + 1);
      const a: ReceivedRequest["answer"] = ok ? current({ webhookId, trackingId, seen: n }) : "bad-signature";
      requests.push({
        webhookId,
        trackingId,
        event: typeof body.event === "string" ? body.event : null,
        status: typeof body.status === "string" ? body.status : null,
        signatureOk: ok,
        at: Date.now(),
        answer: a,
      });
      answer(s, a);
      for (const w of waiters) w();
      if (a === "hang" || a === "reset" || a === "cut") return;
    }
  };

  const server: TCPSocketListener<Conn> = Bun.listen<Conn>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(s) {
        s.data = { buf: Buffer.alloc(0), hung: false };
        sockets.add(s);
      },
      data: (s, chunk) => onData(s, Buffer.from(chunk)),
      close(s) {
        sockets.delete(s);
      },
      error(s) {
        sockets.delete(s);
      },
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}/hooks/claimcheck`,
    requests,
    delivered() {
      const out = new Map<string, ReceivedRequest[]>();
      for (const r of requests) {
        if (r.answer !== "ok" || !r.signatureOk || !r.trackingId) continue;
        const list = out.get(r.trackingId) ?? [];
        list.push(r);
        out.set(r.trackingId, list);
      }
      return out;
    },
    setPlan(p) {
      current = p;
    },
    waitFor(pred, timeoutMs, what) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pred()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop() {
      for (const s of sockets) s.terminate();
      server.stop(true);
    },
  };
}
