import type { ResumeLink } from "../types.ts";

/** The parts every link classifier shares: a link's path segments, and a repository link's shape. */

export type NormalizedLink = Pick<
  ResumeLink,
  "url" | "kind" | "owner" | "repo" | "repoUrl" | "host" | "subpath" | "impliedRepoUrl" | "packageRef"
>;

export function segmentsOf(u: URL): string[] {
  return u.pathname
    .split("/")
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
}

export function stripGit(name: string): string {
  return name.replace(/\.git$/i, "");
}

export function repository(
  host: string,
  owner: string,
  repo: string,
  rest: string[],
  display = `${host}/${owner}/${repo}`,
): NormalizedLink {
  return {
    url: `https://${display}`,
    kind: "repository",
    owner,
    repo,
    repoUrl: display,
    host,
    ...(rest.length ? { subpath: `/${rest.join("/")}` } : {}),
  };
}
