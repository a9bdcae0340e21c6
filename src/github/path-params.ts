import type { GitHubResponse } from "./github-response.ts";
import { GitHubUnavailableError } from "./types.ts";

/**
 * A REST path parameter of "." or ".." is a dot segment once it is in the URL, and URL resolution
 * removes it: `GET /repos/{owner}/{repo}` with a repository named ".." read from a resume would be sent
 * as `/repos/` and ask GitHub for something else. GitHub names no owner, repository or ref "." or "..",
 * so such a request is answered here as GitHub would answer a name that does not exist (404), without
 * being sent. (Other characters are safe: octokit percent-encodes them, "/" included.)
 */
export function dotSegmentParam(route: string, params: Record<string, unknown>): string | null {
  for (const m of route.matchAll(/\{(\w+)\}/g)) {
    const value = params[m[1]!];
    if (value === "." || value === "..") return m[1]!;
  }
  return null;
}

/** The answer to a request with a dot-segment parameter: 404 when the caller handles it, else the error a 404 would be. */
export function refuseDotSegments<T>(
  route: string,
  params: Record<string, unknown>,
  accept: readonly number[],
): GitHubResponse<T> | null {
  const name = dotSegmentParam(route, params);
  if (name === null) return null;
  const message = `GET ${route}: ${name} ${JSON.stringify(params[name])} is not a GitHub name (not sent)`;
  if (accept.includes(404)) return { status: 404, data: { message } as T, headers: {} };
  throw new GitHubUnavailableError(message, 404);
}
