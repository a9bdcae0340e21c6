import type { GhRepo, RepoUnavailable } from "../../github/index.ts";
import { emptyEvidence } from "../../github/index.ts";
import type { Logger } from "../../lib/index.ts";
import { type ForgeEvidence, type ForgeRepoEvidence, ForgeUnavailableError } from "../types.ts";

/**
 * Failures that belong to one repository on a host (refused 403, gone 404/410, 5xx after retries): that
 * claim is reported unavailable and the verification goes on. Rate limits and token refusals (401) are
 * the host's, not the repository's: they propagate.
 */
export function forgeRepoFailure(err: unknown, host: string): RepoUnavailable | null {
  if (!(err instanceof ForgeUnavailableError) || err.status === undefined || err.status === 401) return null;
  const s = err.status;
  if (s === 403) return { status: s, reason: `${host} refuses access to it (403)` };
  if (s === 404 || s === 410)
    return {
      status: s,
      reason: `it was listed but ${host} no longer serves it (${s}: deleted, moved or made private)`,
    };
  if (s === 451) return { status: s, reason: `${host} blocks access to it (451)` };
  if (s >= 500) return { status: s, reason: `${host} kept failing on it (${s}) after several retries` };
  return null;
}

/** Evidence with nothing read (an empty or unavailable repository), with the host's record. */
export function bareForgeEvidence(
  repo: GhRepo,
  forge: ForgeEvidence,
  unavailable?: RepoUnavailable,
): ForgeRepoEvidence {
  return { ...emptyEvidence(repo), forge, ...(unavailable ? { unavailable } : {}) };
}

/**
 * Reads one repository's evidence; a failure that belongs to that repository (forgeRepoFailure) becomes
 * evidence marked unavailable, with `forge` as the host's record, and the verification goes on.
 */
export async function isolateRepo(
  repo: GhRepo,
  forge: ForgeEvidence,
  read: () => Promise<ForgeRepoEvidence>,
  logger?: Logger,
): Promise<ForgeRepoEvidence> {
  try {
    return await read();
  } catch (err) {
    const failure = forgeRepoFailure(err, forge.host);
    if (!failure) throw err;
    logger?.warn("repository unavailable; its claim is reported unverifiable", {
      host: forge.host,
      repo: repo.fullName,
      status: failure.status,
    });
    return bareForgeEvidence(repo, forge, failure);
  }
}
