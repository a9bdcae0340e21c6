import type { ForgeHostConfig } from "../config/index.ts";
import { createGiteaSource } from "./gitea/gitea-source.ts";
import { createGitLabSource } from "./gitlab/gitlab-source.ts";
import type { ForgeSourceOptions } from "./source-options.ts";
import type { ForgeSource } from "./types.ts";

/** The evidence source of a configured host (GitLab, or Gitea/Forgejo), for one verification. */
export function createForgeSource(o: ForgeSourceOptions): ForgeSource {
  return o.config.kind === "gitlab" ? createGitLabSource(o) : createGiteaSource(o);
}

/**
 * One source per configured host, built with the same transport options (the job's signal, the logger);
 * a source sends nothing until the analysis asks it for something.
 */
export function forgeSourcesFor(
  hosts: readonly ForgeHostConfig[],
  options: Omit<ForgeSourceOptions, "config"> = {},
): ForgeSource[] {
  return hosts.map((config) => createForgeSource({ ...options, config }));
}
