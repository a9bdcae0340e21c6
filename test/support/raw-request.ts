/** A request written on a raw client socket, so a test controls when (and whether) each byte is sent. */
export interface RawRequest {
  /** everything the server answered so far, as latin1 text */
  readonly received: string;
  /** the server (or the network) closed the connection */
  readonly closed: boolean;
  /** send more bytes (nothing once closed) */
  send(bytes: Uint8Array): void;
  /** the status line's code once an answer arrived, else 0 */
  status(): number;
  /** close the client's side */
  end(): void;
}

/**
 * Connect to `url`, write `head` and then `body` (waiting for the socket to drain, without copying the
 * body), and keep the connection open: the caller sends more with `send`, or nothing, and watches what
 * comes back.
 */
export async function rawRequest(url: string, head: string, body: Uint8Array = new Uint8Array(0)): Promise<RawRequest> {
  const { hostname, port } = new URL(url);
  let received = "";
  let closed = false;
  let drained: (() => void) | null = null;
  const socket = await Bun.connect({
    hostname,
    port: Number(port),
    socket: {
      data: (_s, d) => {
        received += Buffer.from(d).toString("latin1");
      },
      drain: () => {
        drained?.();
        drained = null;
      },
      close: () => {
        closed = true;
        drained?.();
      },
      error: () => {
        closed = true;
        drained?.();
      },
    },
  });
  for (const part of [Buffer.from(head, "latin1"), body]) {
    let off = 0;
    while (off < part.length && !closed) {
      off += Math.max(0, socket.write(part.subarray(off)));
      if (off < part.length && !closed) await new Promise<void>((r) => (drained = r));
    }
  }
  return {
    get received() {
      return received;
    },
    get closed() {
      return closed;
    },
    send: (bytes) => {
      if (!closed) socket.write(bytes);
    },
    status: () => Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0),
    end: () => socket.end(),
  };
}

/** The head of a POST /v1/verify with a declared length, for a multipart body with boundary `boundary`. */
export function uploadHead(url: string, key: string, declared: number, boundary = "stall"): string {
  return [
    "POST /v1/verify HTTP/1.1",
    `Host: ${new URL(url).host}`,
    `Authorization: Bearer ${key}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    `Content-Length: ${declared}`,
    "",
    "",
  ].join("\r\n");
}

/** A whole multipart upload body for `uploadHead`: the username and a `fileBytes` PDF (it starts with %PDF-). */
export function uploadBody(fileBytes: number, boundary = "stall", hostUsername = "octocat"): Uint8Array {
  const pre =
    `--${boundary}\r\nContent-Disposition: form-data; name="hostUsername"\r\n\r\n${hostUsername}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
  const head = Buffer.from(pre);
  const fill = Math.max(0, fileBytes - "%PDF-1.4\n".length);
  return Buffer.concat([head, Buffer.alloc(fill, 0x41), Buffer.from(`\r\n--${boundary}--\r\n`)]);
}

/**
 * Send `body` on `r` steadily, `bytesPerSecond` in slices every `everyMs`, until it is all sent or the
 * connection closes; resolves with the bytes sent.
 */
export function sendSteadily(r: RawRequest, body: Uint8Array, bytesPerSecond: number, everyMs = 100): Promise<number> {
  const slice = Math.max(1, Math.round((bytesPerSecond * everyMs) / 1000));
  let sent = 0;
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (r.closed || sent >= body.length) {
        clearInterval(timer);
        resolve(sent);
        return;
      }
      const next = body.subarray(sent, Math.min(body.length, sent + slice));
      r.send(next);
      sent += next.length;
    }, everyMs);
  });
}
