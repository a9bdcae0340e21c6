/**
 * A verification's `hostUsername` is the candidate's GitHub login, or (written host:username) their main
 * account on another host ("gitlab.com:alice"). This reads it: null for a GitHub login. Every face (the
 * report, the dashboard, the CLI) and the job itself read it here, so they agree.
 */
export function hostAccountOf(hostUsername: string): { host: string; username: string } | null {
  const i = hostUsername.lastIndexOf(":");
  if (i <= 0) return null;
  return { host: hostUsername.slice(0, i).toLowerCase(), username: hostUsername.slice(i + 1) };
}
