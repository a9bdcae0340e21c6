/**
 * Which GitLab and Gitea/Forgejo hosts a verification may read, and with which token.
 *
 *   GITLAB_TOKEN   token for gitlab.com (optional: without one gitlab.com allows less and hides more)
 *   FORGE_HOSTS    more hosts, entries separated by ";" or new lines: host=kind[,token]
 *                  kind: gitlab | gitea | forgejo (Forgejo serves Gitea's API)
 *                  host: a name (https is assumed) or an origin with scheme and port; "name@origin" when
 *                  the service reaches the host at another address than the name resumes use
 *                  e.g. "git.example.com=gitlab,glpat-xyz; codeberg.org=forgejo,abc123; http://10.0.0.5:3000=gitea;
 *                        git.corp.example@http://10.0.0.7:8080=gitlab,glpat-corp"
 *
 * gitlab.com (GitLab) and codeberg.org (Forgejo) are known without configuration; an entry for either
 * replaces the default. GitHub is configured on its own (GITHUB_TOKEN, GITHUB_API_URL).
 */

export interface ForgeHostConfig {
  /** the host as resumes and accounts name it, lowercase, e.g. "gitlab.com", "10.0.0.5:3000" */
  host: string;
  kind: "gitlab" | "gitea";
  /** the REST root: https://gitlab.com/api/v4, https://codeberg.org/api/v1 */
  apiBase: string;
  token: string | null;
}

/** A FORGE_HOSTS value that cannot be used: says which entry and why, so nothing is silently dropped. */
export class ForgeHostsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ForgeHostsError";
  }
}

const KINDS: Record<string, ForgeHostConfig["kind"]> = { gitlab: "gitlab", gitea: "gitea", forgejo: "gitea" };
const API_PATH: Record<ForgeHostConfig["kind"], string> = { gitlab: "/api/v4", gitea: "/api/v1" };

function hostEntry(origin: URL, kind: ForgeHostConfig["kind"], token: string | null, name?: string): ForgeHostConfig {
  return { host: name ?? origin.host.toLowerCase(), kind, apiBase: `${origin.origin}${API_PATH[kind]}`, token };
}

/** A host name as resumes write it: letters, digits, dots and hyphens, an optional port. */
const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/;

/**
 * A FORGE_HOSTS entry may hold a token anywhere a typo puts it ("git.x gitlab glpat-…" with no "=", a
 * token pasted as the kind), so a refusal names the entry's position and the reason, never a piece of it.
 */
function parseEntry(entry: string, n: number): ForgeHostConfig {
  const eq = entry.indexOf("=");
  const where = `FORGE_HOSTS entry ${n}`;
  if (eq <= 0) throw new ForgeHostsError(`${where}: expected host=kind[,token]`);
  const [rawName, rawOrigin] = entry.slice(0, eq).trim().split(/@(.*)/s);
  const named = rawOrigin !== undefined;
  const rawHost = (named ? rawOrigin : rawName)!.trim();
  const name = named ? rawName!.trim().toLowerCase() : undefined;
  if (name !== undefined && !HOST_NAME.test(name))
    throw new ForgeHostsError(`${where}: the name before "@" must be a host name (the one resumes and accounts use)`);
  const [rawKind = "", ...rest] = entry.slice(eq + 1).split(",");
  const kind = KINDS[rawKind.trim().toLowerCase()];
  if (!kind) throw new ForgeHostsError(`${where}: the kind after "=" is not gitlab, gitea or forgejo`);
  if (rest.length > 1) throw new ForgeHostsError(`${where}: a token cannot contain ","`);
  const token = rest[0]?.trim() || null;
  if (token && /\s/.test(token)) throw new ForgeHostsError(`${where}: the token contains spaces`);
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(rawHost) ? rawHost : `https://${rawHost}`;
  let origin: URL;
  try {
    origin = new URL(withScheme);
  } catch {
    throw new ForgeHostsError(`${where}: the part before "=" is not a host name or origin`);
  }
  if (!["http:", "https:"].includes(origin.protocol) || (origin.pathname !== "/" && origin.pathname !== ""))
    throw new ForgeHostsError(`${where}: the part before "=" must be a host or an http(s) origin, without a path`);
  return hostEntry(origin, kind, token, name);
}

/** The hosts to read: the defaults, then FORGE_HOSTS's entries (which replace a default of the same host). */
export function parseForgeHosts(env: { FORGE_HOSTS?: string; GITLAB_TOKEN?: string }): ForgeHostConfig[] {
  const hosts = new Map<string, ForgeHostConfig>();
  hosts.set("gitlab.com", hostEntry(new URL("https://gitlab.com"), "gitlab", env.GITLAB_TOKEN?.trim() || null));
  hosts.set("codeberg.org", hostEntry(new URL("https://codeberg.org"), "gitea", null));
  const seen = new Map<string, number>();
  const entries = (env.FORGE_HOSTS ?? "")
    .split(/[;\n]/)
    .map((e) => e.trim())
    .filter(Boolean);
  entries.forEach((entry, i) => {
    const h = parseEntry(entry, i + 1);
    const first = seen.get(h.host);
    if (first !== undefined)
      throw new ForgeHostsError(`FORGE_HOSTS entries ${first} and ${i + 1} name the same host twice`);
    if (h.host === "github.com")
      throw new ForgeHostsError(`FORGE_HOSTS entry ${i + 1}: github.com is configured by GITHUB_TOKEN`);
    seen.set(h.host, i + 1);
    hosts.set(h.host, h);
  });
  return [...hosts.values()];
}

/** The configuration of a host (as a URL's host names it), or null when it is not configured. */
export function forgeHostOf(hosts: readonly ForgeHostConfig[], host: string): ForgeHostConfig | null {
  const h = host.toLowerCase().replace(/^www\./, "");
  return hosts.find((c) => c.host === h) ?? null;
}
