import type { CommitIdentity, PushEvent } from "../types.ts";

/**
 * GitLab's commit API names no account: which commit emails are the candidate's is decided here, from
 * what GitLab does show, strongest first:
 *   public-email  the address the profile shows;
 *   noreply       GitLab's private commit address, <id>-<username>@users.noreply.<host>;
 *   pushed        the author email of a commit the account itself pushed as a branch head, when that
 *                 commit's author and committer are the same person (a pushed upstream commit is not);
 *   name          only when none of the above found any email in this repository: commits whose author
 *                 name is the account's name or username (weak; recorded so a rule can weigh it).
 */
export function gitlabIdentity(input: {
  login: string;
  name: string | null;
  publicEmail: string | null;
  host: string;
  pushes: readonly PushEvent[];
  /** listed commits by sha: author and committer emails and the author name */
  commits: ReadonlyMap<string, { authorEmail: string; committerEmail: string; authorName: string }>;
}): CommitIdentity & { accountOf(email: string, name: string): string | null } {
  const emails = new Set<string>();
  const basis: CommitIdentity["basis"] = [];
  const add = (e: string, why: CommitIdentity["basis"][number]) => {
    const k = e.trim().toLowerCase();
    if (!k || emails.has(k)) return;
    emails.add(k);
    if (!basis.includes(why)) basis.push(why);
  };
  if (input.publicEmail) add(input.publicEmail, "public-email");
  const domain = input.host.replace(/:\d+$/, "");
  const noreply = new RegExp(`^(\\d+-)?${escapeRegExp(input.login)}@users\\.noreply\\.${escapeRegExp(domain)}$`, "i");
  for (const c of input.commits.values()) if (noreply.test(c.authorEmail)) add(c.authorEmail, "noreply");
  for (const p of input.pushes) {
    if ((p.by ?? "").toLowerCase() !== input.login.toLowerCase()) continue;
    const head = input.commits.get(p.after);
    if (head && head.authorEmail.toLowerCase() === head.committerEmail.toLowerCase()) add(head.authorEmail, "pushed");
  }
  const names = new Set([input.login, input.name ?? ""].map((n) => n.trim().toLowerCase()).filter(Boolean));
  const byName = emails.size === 0;
  if (byName) {
    for (const c of input.commits.values())
      if (names.has(c.authorName.trim().toLowerCase())) add(c.authorEmail, "name");
  }
  return {
    emails: [...emails].sort(),
    basis,
    accountOf: (email, name) =>
      emails.has(email.trim().toLowerCase()) && (!byName || names.has(name.trim().toLowerCase())) ? input.login : null,
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
