import { GITHUB_LOGIN } from "../lib/index.ts";
import type { ExtractedResume } from "../resume/index.ts";
import { type HostAccountRef, parseAccounts } from "../verification/index.ts";

/** The accounts a verification reads, as a submission names them. */
export interface AccountsToVerify {
  /** the GitHub login, "" when the resume names none */
  hostUsername: string;
  /** accounts on the other hosts this service reads (one per host) */
  accounts: HostAccountRef[];
}

/** "github.com:alice", "gitlab.com:alice": how an assessment lists the accounts it verified. */
export const accountList = (a: AccountsToVerify): string[] => [
  ...(a.hostUsername ? [`github.com:${a.hostUsername}`] : []),
  ...a.accounts.map((x) => `${x.host}:${x.username}`),
];

/**
 * An ATS sends a resume, not a login: the accounts come from the resume's profile links. The first
 * GitHub profile is the GitHub account; each other host the service reads (gitlab.com, codeberg.org and
 * FORGE_HOSTS) adds its first profile. A link to a host the service does not read is left out, as is a
 * name no host allows. None found: the recruiter adds one on the re-run page.
 */
export function accountsFromResume(resume: ExtractedResume, hosts: readonly { host: string }[]): AccountsToVerify {
  const github = resume.githubProfiles.map((p) => p.owner ?? "").find((o) => GITHUB_LOGIN.test(o)) ?? "";
  const accounts: HostAccountRef[] = [];
  for (const p of resume.forgeProfiles ?? []) {
    const host = (p.host ?? "").toLowerCase();
    if (!host || !p.owner || accounts.some((a) => a.host === host)) continue;
    try {
      accounts.push(...parseAccounts([`${host}:${p.owner}`], hosts));
    } catch {
      // not a host this service reads, or not a username: not an account to verify
    }
  }
  return { hostUsername: github, accounts: accounts.slice(0, 8) };
}

/**
 * What a recruiter types on the re-run page: a GitHub login, or host:username for another host (one or
 * several, separated by commas or spaces). Throws the submission's own message when it is not one.
 */
export function accountsFromInput(text: string, hosts: readonly { host: string }[]): AccountsToVerify {
  const items = text
    .split(/[\s,]+/)
    .map((s) => s.trim().replace(/^https?:\/\//, ""))
    .filter(Boolean);
  let hostUsername = "";
  const others: string[] = [];
  for (const item of items) {
    const gh = /^(?:www\.)?github\.com[/:]([^/]+)\/?$/i.exec(item);
    const login = gh ? gh[1]! : item.includes(":") || item.includes("/") ? null : item;
    if (login !== null) {
      if (!GITHUB_LOGIN.test(login)) throw new Error(`"${login}" is not a GitHub login`);
      if (hostUsername) throw new Error("name one GitHub account");
      hostUsername = login;
    } else others.push(item.replace("/", ":"));
  }
  const accounts = parseAccounts(others, hosts);
  if (!hostUsername && !accounts.length) throw new Error("name a GitHub login, or host:username on another host");
  return { hostUsername, accounts };
}
