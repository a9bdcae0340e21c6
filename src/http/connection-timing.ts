/**
 * The runtime's connection idle timeout, and when the service takes it over. Bun closes a connection
 * that stays silent for `idleTimeout` seconds, but while a request body arrives it counts the bytes only
 * when they come at 16 KB/s or more (it re-arms after idleTimeout x 16 KB): a slow but steady upload is
 * cut without an answer. An upload therefore reads its body with that timeout off, bounded by the
 * service's own timers instead, which answer 408 with a message (BODY_TIMEOUT between bytes,
 * UPLOAD_TIMEOUT for the whole body).
 */

/** Seconds of silence before the runtime closes a connection: later than BODY_TIMEOUT, so the 408 comes first. */
export function connectionIdleSeconds(bodyTimeoutMs: number): number {
  return Math.min(255, Math.max(10, Math.ceil(bodyTimeoutMs / 1000) + 5));
}

/** The part of Bun's server that sets one request's connection timeout (seconds; 0 = none). */
export type ConnectionTimer = { timeout(request: Request, seconds: number): void } | null | undefined;

/**
 * Run `read` (which reads the request body under the service's own timers) with the connection's idle
 * timeout off; set it back afterwards, whatever happens, so a kept-alive connection is closed when idle.
 */
export async function withServiceTimers<T>(
  server: ConnectionTimer,
  request: Request,
  idleSeconds: number,
  read: () => Promise<T>,
): Promise<T> {
  server?.timeout(request, 0);
  try {
    return await read();
  } finally {
    server?.timeout(request, idleSeconds);
  }
}
