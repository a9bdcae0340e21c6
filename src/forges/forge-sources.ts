import { createGiteaSource } from "./gitea/gitea-source.ts";
import { createGitLabSource } from "./gitlab/gitlab-source.ts";
import type { ForgeSourceOptions } from "./source-options.ts";
import type { ForgeSource } from "./types.ts";

/** The evidence source of a configured host (GitLab, or Gitea/Forgejo), for one verification. */
export function createForgeSource(o: ForgeSourceOptions): ForgeSource {
  return o.config.kind === "gitlab" ? createGitLabSource(o) : createGiteaSource(o);
}
