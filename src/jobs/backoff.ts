/**
 * Retry delay after the `attempt`-th failed attempt (1-based): exponential from `baseMs`, capped at
 * `maxMs`, with deterministic jitter of up to 20 % drawn from `jitter01` (0..1) so callers control randomness.
 */
export function retryDelayMs(attempt: number, jitter01: number, baseMs = 5_000, maxMs = 10 * 60_000): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp * (1 + 0.2 * Math.min(1, Math.max(0, jitter01))));
}
