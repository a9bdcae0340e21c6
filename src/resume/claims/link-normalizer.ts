import { classifyGitea, classifyGitLab, type ForgeLinkHost, KNOWN_FORGE_HOSTS } from "./forge-links.ts";
import { type NormalizedLink, repository, segmentsOf, stripGit } from "./link-paths.ts";

/**
 * URL normalization and classification, pure. Resumes carry links in every odd form: no scheme
 * ("github.com/x/y"), doubled prefixes from template misuse ("https://github.com/https://github.com/x"),
 * deep links (/tree/main, /pull/41/files, /commits?author=x, commit searches), GitHub Pages sites,
 * package registry pages and other forges. Each becomes one canonical URL plus what it points at.
 */

export type { NormalizedLink } from "./link-paths.ts";

/** GitHub first path segments that are site pages, not users. */
const GITHUB_RESERVED = new Set([
  "about",
  "actions",
  "codespaces",
  "copilot",
  "discussions",
  "packages",
  "pages",
  "trending",
  "apps",
  "collections",
  "contact",
  "customer-stories",
  "enterprise",
  "events",
  "explore",
  "features",
  "issues",
  "join",
  "login",
  "marketplace",
  "new",
  "notifications",
  "pricing",
  "pulls",
  "readme",
  "security",
  "settings",
  "site",
  "sponsors",
  "team",
  "topics",
  "trending",
]);

/** Hosts whose /owner/repo paths are source repositories (the forges below are read more closely). */
const FORGES = new Set(["bitbucket.org", "gitee.com", "sr.ht", "git.sr.ht", "sourcehut.org"]);

const TRAILING_JUNK = /[.,;:!?'"»›>|\]}]+$/;

/** Strip what a sentence wraps around a URL: trailing punctuation, unbalanced closing brackets. */
export function trimUrlPunctuation(raw: string): string {
  let s = raw.trim().replace(/^[<(["'«‹]+/, "");
  for (;;) {
    const before = s;
    s = s.replace(TRAILING_JUNK, "");
    if (s.endsWith(")") && (s.match(/\(/g)?.length ?? 0) < (s.match(/\)/g)?.length ?? 0)) s = s.slice(0, -1);
    if (s === before) return s;
  }
}

/**
 * Repair template mistakes: "https://github.com/https://github.com/x" and "github.com/github.com/x"
 * keep the last complete URL; "https//x" and "https:/x" get their missing characters back.
 */
export function repairDoubledPrefix(raw: string): string {
  let s = raw.replace(/\s+/g, "");
  s = s.replace(/^(https?):\/(?!\/)/i, "$1://").replace(/^(https?)\/\//i, "$1://");
  const schemes = [...s.matchAll(/https?:\/\//gi)];
  if (schemes.length > 1) s = s.slice(schemes[schemes.length - 1]!.index);
  // "github.com/github.com/x" or "https://github.com/www.github.com/x"
  const dup = /^(https?:\/\/)?(www\.)?([a-z0-9.-]+\.[a-z]{2,})\/(?:https?:\/\/)?(?:www\.)?\3(\/|$)/i.exec(s);
  if (dup) s = (dup[1] ?? "") + dup[3] + s.slice(dup[0].length - dup[4]!.length);
  return s;
}

function withScheme(s: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) return s;
  return `https://${s.replace(/^\/+/, "")}`;
}

function classifyGithub(u: URL): NormalizedLink {
  const host = "github.com";
  const seg = segmentsOf(u);
  const first = seg[0]?.toLowerCase();
  if (!first) return { url: "https://github.com", kind: "other", host };
  if (first === "search") {
    const q = u.searchParams.get("q") ?? "";
    const m = /repo:([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)/.exec(q);
    if (m) return { ...repository(host, m[1]!, stripGit(m[2]!), []), subpath: `/search?${u.searchParams.toString()}` };
    const user = /(?:user|org|author):([A-Za-z0-9-]+)/.exec(q);
    if (user) return { url: `https://github.com/${user[1]}`, kind: "profile", owner: user[1]!, host };
    return { url: u.href, kind: "other", host };
  }
  if (first === "orgs" && seg[1])
    return { url: `https://github.com/${seg[1]}`, kind: "organisation", owner: seg[1], host };
  if (first === "users" && seg[1]) return { url: `https://github.com/${seg[1]}`, kind: "profile", owner: seg[1], host };
  if (GITHUB_RESERVED.has(first)) return { url: u.href, kind: "other", host };
  const owner = seg[0]!;
  if (seg.length === 1) return { url: `https://github.com/${owner}`, kind: "profile", owner, host };
  const repo = stripGit(seg[1]!);
  const rest = seg.slice(2);
  const link = repository(host, owner, repo, rest);
  if (u.search) link.subpath = (link.subpath ?? "") + u.search;
  return link;
}

function classifyForge(u: URL, host: string): NormalizedLink | null {
  const seg = segmentsOf(u);
  if (host === "git.kernel.org" || /^(git|cgit)\./.test(host)) {
    // cgit: /pub/scm/.../name.git/log/... : the repository is the path up to the ".git" segment,
    // and there the ".git" is part of the repository's published name
    const i = seg.findIndex((p) => /\.git$/i.test(p));
    if (i < 0) return null;
    const repo = stripGit(seg[i]!);
    const owner = i > 0 ? seg[i - 1]! : host;
    const display = [host, ...seg.slice(0, i + 1)].join("/");
    const link = repository(host, owner, repo, seg.slice(i + 1), display);
    if (u.search) link.subpath = (link.subpath ?? "") + u.search;
    return link;
  }
  if (!FORGES.has(host) || seg.length < 2) return null;
  // GitLab marks the end of a (possibly nested) project path with "/-/"
  const dash = seg.indexOf("-");
  const path = dash > 0 ? seg.slice(0, dash) : seg.slice(0, 2);
  const rest = dash > 0 ? seg.slice(dash) : seg.slice(2);
  const repo = stripGit(path[path.length - 1]!);
  const owner = path.slice(0, -1).join("/");
  return repository(host, owner, repo, rest, [host, ...path.slice(0, -1), repo].join("/"));
}

function packageRefOf(u: URL, host: string): string | undefined {
  const seg = segmentsOf(u);
  if ((host === "npmjs.com" || host === "npmjs.org") && seg[0] === "package" && seg[1]) {
    return `npm:${seg[1].startsWith("@") && seg[2] ? `${seg[1]}/${seg[2]}` : seg[1]}`;
  }
  if (host === "pypi.org" && seg[0] === "project" && seg[1]) return `pypi:${seg[1]}`;
  if (host === "crates.io" && seg[0] === "crates" && seg[1]) return `crates:${seg[1]}`;
  if (host === "pkg.go.dev" && seg.length) return `go:${seg.join("/")}`;
  if (host === "rubygems.org" && seg[0] === "gems" && seg[1]) return `gem:${seg[1]}`;
  return undefined;
}

/**
 * Normalize and classify one link as found (annotation URI or visible text). Returns null for
 * things that are not web links worth keeping (mailto:, tel:, e-mail addresses, fragments).
 * `forges`: the GitLab and Gitea/Forgejo hosts whose repositories and profiles are recognised
 * (gitlab.com and codeberg.org unless told; a configured host is matched with its port).
 */
export function normalizeLink(
  raw: string,
  forges: readonly ForgeLinkHost[] = KNOWN_FORGE_HOSTS,
): NormalizedLink | null {
  const trimmed = trimUrlPunctuation(raw);
  if (!trimmed || /^(mailto|tel|sms|javascript|file|data):/i.test(trimmed) || trimmed.startsWith("#")) return null;
  if (/^[^/\s:]+@[^/\s]+\.[a-z]{2,}$/i.test(trimmed)) return null; // bare e-mail address
  const repaired = repairDoubledPrefix(trimmed);
  let u: URL;
  try {
    u = new URL(withScheme(repaired));
  } catch {
    return null;
  }
  if (!/^https?:$/.test(u.protocol) || !u.hostname.includes(".")) return null;
  const host = u.hostname.toLowerCase().replace(/^(www\d?|m)\./, "");
  if (host === "github.com") return classifyGithub(u);
  if (host === "raw.githubusercontent.com") {
    const seg = segmentsOf(u);
    if (seg.length >= 2) return repository("github.com", seg[0]!, stripGit(seg[1]!), ["raw", ...seg.slice(2)]);
  }
  const pages = /^([a-z0-9-]+)\.github\.io$/.exec(host);
  if (pages) {
    const owner = pages[1]!;
    const site = segmentsOf(u)[0];
    return {
      url: `https://${host}${u.pathname.replace(/\/+$/, "")}`,
      kind: "other",
      owner,
      host,
      impliedRepoUrl: site ? `github.com/${owner}/${site}` : `github.com/${owner}/${owner}.github.io`,
    };
  }
  if (host === "gist.github.com") {
    const owner = segmentsOf(u)[0];
    return { url: u.href, kind: "other", host, ...(owner ? { owner } : {}) };
  }
  const withPort = u.port ? `${host}:${u.port}` : host;
  const known =
    forges.find((f) => f.host.toLowerCase() === withPort) ?? forges.find((f) => f.host.toLowerCase() === host);
  if (known)
    return known.kind === "gitlab"
      ? classifyGitLab(u, known.host.toLowerCase())
      : classifyGitea(u, known.host.toLowerCase());
  const forge = classifyForge(u, host);
  if (forge) return forge;
  const packageRef = packageRefOf(u, host);
  const path = u.pathname.replace(/\/+$/, "");
  return { url: `https://${host}${path}${u.search}`, kind: "other", host, ...(packageRef ? { packageRef } : {}) };
}
