import type { ForgeSource } from "../forges/index.ts";
import type { GhRepo, GhUser } from "../github/index.ts";
import { hostName, isGitHub } from "./repo-hosts.ts";
import { AnalysisFailure } from "./types.ts";

/** An account the verification names, with the source of its host. */
export interface AccountSource {
  source: ForgeSource;
  login: string;
}

/** An account as the analysis reads it: its host, its source, the user and the repositories it owns. */
export interface HostAccount extends AccountSource {
  host: string;
  user: GhUser;
  listed: GhRepo[];
}

/**
 * Reads every account the verification names, all at once: the user and their repository list (the listing
 * does not wait for the user: a host resolves the login either way, an unknown one lists nothing). Keyed
 * by host, in the order given. Throws AnalysisFailure when a host has no such user: "github_user_not_found"
 * for GitHub (the hostUsername), "account_not_found" for another host's account.
 */
export async function openAccounts(accounts: readonly AccountSource[]): Promise<Map<string, HostAccount>> {
  const opened = await Promise.all(
    accounts.map(async ({ source, login }): Promise<HostAccount> => {
      const listing = source.listUserRepos(login);
      listing.catch(() => {}); // awaited below, unless the account lookup fails first
      const user = await source.getUser(login);
      if (!user) {
        if (isGitHub(source.host))
          throw new AnalysisFailure("github_user_not_found", `GitHub has no user named ${login}`);
        throw new AnalysisFailure(
          "account_not_found",
          `${source.host} has no user named ${login}; check the account given as ${source.host}:${login}`,
        );
      }
      return { source, login: user.login || login, host: source.host, user, listed: await listing };
    }),
  );
  return new Map(opened.map((a) => [a.host, a]));
}

/** The accounts searched, as an unmatched claim names them: "GitHub for hana or gitlab.com for hana2". */
export function searchedText(accounts: ReadonlyMap<string, HostAccount>): string {
  return [...accounts.values()].map((a) => `${hostName(a.host)} for ${a.login}`).join(" or ");
}

/**
 * The account whose age a claimed period is compared with: the oldest of them (work claimed before any
 * of the candidate's accounts existed is what the rule is about).
 */
export function oldestAccount(accounts: ReadonlyMap<string, HostAccount>): HostAccount {
  return [...accounts.values()].reduce((a, b) => (Date.parse(b.user.createdAt) < Date.parse(a.user.createdAt) ? b : a));
}
