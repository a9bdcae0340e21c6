import { mkdirSync } from "node:fs";

/** git's environment in tests: no user or system configuration, no prompt, one locale. */
export function hermeticGitEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: "/nonexistent",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    LC_ALL: "C",
  };
}

/** A person as git records them: name and email. GitHub links the email to an account (or not). */
export interface GitIdentity {
  name: string;
  email: string;
}

/**
 * One commit to write. Dates are client-written in git, so scenarios set both freely, exactly as a
 * forger would with GIT_AUTHOR_DATE / GIT_COMMITTER_DATE.
 */
export interface CommitSpec {
  author: GitIdentity;
  /** defaults to the author */
  committer?: GitIdentity;
  /** ISO 8601 or epoch ms */
  authorDate: string | number;
  /** defaults to authorDate */
  committerDate?: string | number;
  /** git timezone offset for both dates, e.g. "+0200"; default "+0000" */
  tz?: string;
  message: string;
  /** path -> new content, or null to delete the path; omitted or empty = an empty commit */
  files?: Record<string, string | null>;
  /** index (in the same batch) of an earlier commit merged in as a second parent: a merge commit */
  mergeOf?: number;
}

const epochSeconds = (d: string | number): number => {
  const ms = typeof d === "number" ? d : Date.parse(d);
  if (!Number.isFinite(ms)) throw new Error(`invalid commit date: ${String(d)}`);
  return Math.floor(ms / 1000);
};

const byteLen = (s: string): number => Buffer.byteLength(s, "utf8");

/** Run git with a fixed, hermetic environment (no user config, no hooks, no pager). */
export async function git(args: string[], opts: { cwd?: string; stdin?: string } = {}): Promise<string> {
  const proc = Bun.spawn(["git", ...args], {
    cwd: opts.cwd,
    stdin: opts.stdin === undefined ? "ignore" : new TextEncoder().encode(opts.stdin),
    stdout: "pipe",
    stderr: "pipe",
    env: { ...hermeticGitEnv() },
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (code !== 0) throw new Error(`git ${args.join(" ")} failed (${code}): ${err.trim()}`);
  return out;
}

/** Create an empty bare repository whose default branch is `branch`. */
export async function initBareRepo(dir: string, branch = "main"): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await git(["init", "--bare", "-q", `--initial-branch=${branch}`, dir]);
}

/**
 * A bare clone sharing the parent's objects (objects/info/alternates), the way GitHub keeps a fork
 * network: the fork sees every parent object, so cross-repository compares resolve.
 */
export async function forkBareRepo(parentDir: string, dir: string): Promise<void> {
  await git(["clone", "--bare", "--shared", "-q", parentDir, dir]);
}

/** The commit a branch points at, or null when the branch does not exist yet. */
export async function branchHead(dir: string, branch = "main"): Promise<string | null> {
  try {
    return (await git(["rev-parse", "--verify", "-q", `refs/heads/${branch}^{commit}`], { cwd: dir })).trim();
  } catch {
    return null;
  }
}

/**
 * Append commits to `branch` with one `git fast-import` run: thousands of commits in well under a
 * second, and byte-identical SHAs for identical specs (dates and content fully determine them).
 */
export async function appendCommits(
  dir: string,
  commits: readonly CommitSpec[],
  branch = "main",
): Promise<string | null> {
  if (commits.length === 0) return branchHead(dir, branch);
  const base = await branchHead(dir, branch);
  const parts: string[] = [];
  commits.forEach((c, i) => {
    const tz = c.tz ?? "+0000";
    const committer = c.committer ?? c.author;
    const msg = c.message.endsWith("\n") ? c.message : `${c.message}\n`;
    parts.push(`commit refs/heads/${branch}\n`);
    parts.push(`mark :${i + 1}\n`);
    parts.push(`author ${c.author.name} <${c.author.email}> ${epochSeconds(c.authorDate)} ${tz}\n`);
    parts.push(
      `committer ${committer.name} <${committer.email}> ${epochSeconds(c.committerDate ?? c.authorDate)} ${tz}\n`,
    );
    parts.push(`data ${byteLen(msg)}\n${msg}`);
    if (i === 0 && base) parts.push(`from ${base}\n`);
    if (c.mergeOf !== undefined && c.mergeOf < i) parts.push(`merge :${c.mergeOf + 1}\n`);
    for (const [path, content] of Object.entries(c.files ?? {})) {
      if (content === null) parts.push(`D ${path}\n`);
      else parts.push(`M 100644 inline ${path}\ndata ${byteLen(content)}\n${content}\n`);
    }
    parts.push("\n");
  });
  parts.push("done\n");
  await git(["fast-import", "--quiet", "--done"], { cwd: dir, stdin: parts.join("") });
  return branchHead(dir, branch);
}
