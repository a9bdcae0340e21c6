import { ApiErrors, hostAccountOf } from "../lib/index.ts";

/**
 * The `accounts` field of a verification: the candidate's accounts on hosts other than GitHub, as
 * "host:username" values (the field repeated, or values separated by commas), e.g.
 * "gitlab.com:alice", "codeberg.org:alice", "git.example.com:alice". A host is one the service reads:
 * gitlab.com and codeberg.org, or one the operator configured in FORGE_HOSTS. One account per host.
 */

/** An account on another host, as the verification stores and the analysis reads it. */
export interface HostAccountRef {
  /** lowercase, with the port when the host has one ("gitlab.com", "10.0.0.5:3000") */
  host: string;
  username: string;
}

/** At most this many accounts per verification (one per host). */
export const MAX_ACCOUNTS = 8;

/**
 * A username every supported host could have: GitLab's (letters, digits, "_", "-", "." up to 255, not
 * starting with "-" or ".") and Gitea/Forgejo's (up to 40 of the same) both fit.
 */
const USERNAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}$/;

const refused = (message: string) => ApiErrors.missingFields(["accounts"], message);

/**
 * Reads the field's values into accounts, in the order given. Throws missing_fields naming `accounts`
 * with what is wrong and how to fix it: a value not of the form host:username, a username no host allows,
 * GitHub (its account goes in hostUsername), a host the service does not read (configure it in
 * FORGE_HOSTS), a host named twice, too many accounts.
 */
export function parseAccounts(values: readonly string[], hosts: readonly { host: string }[]): HostAccountRef[] {
  const items = values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
  if (items.length > MAX_ACCOUNTS) throw refused(`accounts names ${items.length} accounts; at most ${MAX_ACCOUNTS}`);
  const known = new Map(hosts.map((h) => [h.host.toLowerCase(), h.host.toLowerCase()]));
  const out: HostAccountRef[] = [];
  for (const item of items) {
    const colon = item.lastIndexOf(":");
    const rawHost = colon > 0 ? item.slice(0, colon).trim() : "";
    const username = colon > 0 ? item.slice(colon + 1).trim() : "";
    if (!rawHost || !username)
      throw refused(`"${item}" in accounts is not host:username (e.g. gitlab.com:alice, codeberg.org:alice)`);
    const host = rawHost
      .toLowerCase()
      .replace(/^https?:\/\//, "")
      .replace(/\/+$/, "")
      .replace(/^www\./, "");
    if (host === "github.com")
      throw refused("the GitHub account goes in hostUsername; accounts names accounts on other hosts");
    if (!USERNAME.test(username))
      throw refused(
        `"${username}" (${host}) is not a username: letters, digits, "_", "-" and "." only, not starting with "-" or "."`,
      );
    if (!known.has(host))
      throw refused(
        // the configured hosts are the operator's (internal ones among them): none is named to a client
        `${host} is not a host this service reads; ask its operator which hosts it reads. An operator adds a GitLab, Gitea or Forgejo host with FORGE_HOSTS (${host}=gitlab|gitea|forgejo[,token])`,
      );
    if (out.some((a) => a.host === host)) throw refused(`accounts names ${host} twice; give one account per host`);
    out.push({ host, username });
  }
  return out;
}

/**
 * The accounts a verification reads, from what was submitted: `hostUsername` is the candidate's GitHub
 * login, or (written host:username) their main account on another host; `accounts` adds accounts on
 * other hosts. The GitHub login is "" when the candidate gave none.
 */
export function accountsToRead(
  hostUsername: string,
  accounts: readonly HostAccountRef[],
): { githubLogin: string; accounts: HostAccountRef[] } {
  const main = hostAccountOf(hostUsername);
  if (!main) return { githubLogin: hostUsername, accounts: [...accounts] };
  return { githubLogin: "", accounts: [main, ...accounts.filter((a) => a.host !== main.host)] };
}

/** "host:username" values, as stored with the job and shown in results. */
export const accountText = (a: HostAccountRef): string => `${a.host}:${a.username}`;

/** The stored form (the accounts column, a JSON array of host:username) read back; [] when none. */
export function storedAccounts(column: string | null | undefined): HostAccountRef[] {
  if (!column) return [];
  try {
    const list = JSON.parse(column) as unknown;
    if (!Array.isArray(list)) return [];
    return list.flatMap((v) => {
      if (typeof v !== "string" || v.lastIndexOf(":") <= 0) return [];
      const i = v.lastIndexOf(":");
      return [{ host: v.slice(0, i), username: v.slice(i + 1) }];
    });
  } catch {
    return [];
  }
}
