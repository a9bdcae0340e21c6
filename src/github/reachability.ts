import { errorMessage } from "../lib/index.ts";

/**
 * One quick request to the GitHub API's `/rate_limit` (free: it does not count against the budget), to
 * tell at once when GitHub cannot be reached at all (no network, DNS failure, refused, firewalled), instead
 * of letting the first real request retry with backoff for many seconds. Any HTTP answer counts as
 * reachable. Returns null when reachable, else why not.
 */
export async function githubUnreachable(
  baseUrl: string,
  opts: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<string | null> {
  const timeoutMs = opts.timeoutMs ?? 5_000;
  try {
    const res = await (opts.fetch ?? fetch)(`${baseUrl}/rate_limit`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: "application/vnd.github+json", "user-agent": "claimcheck" },
      redirect: "manual",
    });
    await res.body?.cancel();
    return null;
  } catch (err) {
    const e = err as { name?: string; code?: string };
    if (e?.name === "TimeoutError") return `no answer within ${timeoutMs / 1000} s`;
    return e?.code ? `${e.code}: ${errorMessage(err)}` : errorMessage(err);
  }
}
