import type { Socket, TCPSocketListener } from "bun";

/**
 * A loopback TCP proxy in front of a server (PostgreSQL) that can stall: while paused it accepts
 * connections and keeps every socket open, but forwards no byte in either direction, as a network
 * partition does (no RST, no FIN: the peers just stop hearing from each other). On resume the bytes
 * held meanwhile go through in order, and the connections carry on.
 */
export interface StallProxy {
  port: number;
  pause(): void;
  resume(): void;
  /** close every socket and the listener */
  stop(): void;
}

interface Pipe {
  /** bytes waiting to be written to this socket (held while paused, or while the socket's buffer is full) */
  queue: Uint8Array[];
  socket: Socket<Side> | null;
}

interface Side {
  pair: { client: Pipe; server: Pipe };
  self: "client" | "server";
}

export async function startStallProxy(targetPort: number, targetHost = "127.0.0.1"): Promise<StallProxy> {
  let paused = false;
  const pairs = new Set<{ client: Pipe; server: Pipe }>();

  const flush = (pipe: Pipe) => {
    if (paused || !pipe.socket) return;
    while (pipe.queue.length > 0) {
      const chunk = pipe.queue[0]!;
      const n = pipe.socket.write(chunk);
      if (n < chunk.byteLength) {
        pipe.queue[0] = chunk.subarray(Math.max(0, n)); // the rest once the socket drains
        return;
      }
      pipe.queue.shift();
    }
  };
  const forward = (to: Pipe, chunk: Uint8Array) => {
    to.queue.push(new Uint8Array(chunk)); // copied: the runtime reuses its read buffer
    flush(to);
  };
  const close = (pair: { client: Pipe; server: Pipe }) => {
    pairs.delete(pair);
    pair.client.socket?.end();
    pair.server.socket?.end();
  };

  const handlers = {
    data(socket: Socket<Side>, chunk: Uint8Array) {
      const { pair, self } = socket.data;
      forward(self === "client" ? pair.server : pair.client, chunk);
    },
    drain(socket: Socket<Side>) {
      flush(socket.data.pair[socket.data.self]);
    },
    close(socket: Socket<Side>) {
      close(socket.data.pair);
    },
    error(socket: Socket<Side>) {
      close(socket.data.pair);
    },
  };

  const listener: TCPSocketListener<Side> = Bun.listen<Side>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      ...handlers,
      async open(client) {
        const pair = { client: { queue: [], socket: client } as Pipe, server: { queue: [], socket: null } as Pipe };
        client.data = { pair, self: "client" };
        pairs.add(pair);
        try {
          pair.server.socket = await Bun.connect<Side>({
            hostname: targetHost,
            port: targetPort,
            data: { pair, self: "server" },
            socket: handlers,
          });
          flush(pair.server);
        } catch {
          close(pair);
        }
      },
    },
  });

  return {
    port: listener.port,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const p of pairs) {
        flush(p.server);
        flush(p.client);
      }
    },
    stop() {
      for (const p of [...pairs]) close(p);
      listener.stop(true);
    },
  };
}
