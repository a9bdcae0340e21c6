/** How the history derivations name people: the candidate, public bots, and everyone else as contrib-N. */

export const BOT = /\[bot\]|^(dependabot|renovate|github-actions|greenkeeper|snyk-bot|imgbot|allcontributors)/i;

/**
 * A function from an author's or committer's name and e-mail to the fixture's identity: "candidate" for
 * the named person, a public bot's name, "web-flow" for GitHub itself when `webFlow` is set, otherwise
 * "contrib-N" numbered in order of first appearance.
 */
export function identityMapper(named: ReadonlySet<string>, opts: { webFlow?: boolean } = {}) {
  const ids = new Map<string, string>();
  return (name: string, email: string): string => {
    if (named.has(name.toLowerCase())) return "candidate";
    if (opts.webFlow && email.toLowerCase() === "noreply@github.com") return "web-flow";
    if (BOT.test(name) || BOT.test(email))
      return /dependabot/i.test(name + email)
        ? "dependabot[bot]"
        : /github-actions/i.test(name + email)
          ? "github-actions[bot]"
          : "other-bot[bot]";
    const key = name.toLowerCase();
    if (!ids.has(key)) ids.set(key, `contrib-${ids.size + 1}`);
    return ids.get(key)!;
  };
}
