/**
 * What forgers do to a real history, done with the git CLI on a bare repository: a clone rewritten through
 * `git fast-export | git fast-import` (what git filter-repo does) keeps every tree and blob, so content
 * hashes stay the original's, while every commit SHA changes. The result is a bare repository the simulator imports
 * (RepoSpec.importFrom) exactly as written.
 */
import type { GitIdentity } from "./git-writer.ts";
import { hermeticGitEnv } from "./git-writer.ts";

async function run(args: string[], cwd?: string, env: Record<string, string> = {}, input?: Buffer): Promise<string> {
  const proc = Bun.spawn(["git", ...args], {
    cwd,
    stdin: input ?? "ignore",
    stdout: "pipe",
    stderr: "pipe",
    env: {
      ...hermeticGitEnv(),
      ...env,
    },
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (code !== 0) throw new Error(`git ${args.join(" ")} failed (${code}): ${err.trim()}`);
  return out;
}

/**
 * A bare clone of `src` at `dst` whose branch went through `git fast-export | <edit> | git fast-import`, the
 * way git filter-repo rewrites: `edit` sees each author and committer line ("author Name <email> <epoch>
 * <tz>"); blobs are exported by SHA (--no-data) so every file and tree is kept byte for byte.
 */
async function rewritten(src: string, dst: string, edit: (line: string) => string, branch = "main") {
  await run(["clone", "--bare", "-q", src, dst]);
  const stream = Buffer.from(
    await run(["fast-export", "--no-data", "--signed-tags=strip", `refs/heads/${branch}`], dst),
  );
  const out: Buffer[] = [];
  let i = 0;
  while (i < stream.length) {
    const end = stream.indexOf(10, i);
    const line = stream.subarray(i, end < 0 ? stream.length : end).toString("utf8");
    i = end < 0 ? stream.length : end + 1;
    const data = line.match(/^data (\d+)$/);
    if (data) {
      // a message: copied verbatim, whatever it holds
      const n = Number(data[1]);
      out.push(Buffer.from(`${line}\n`), stream.subarray(i, i + n));
      i += n;
      continue;
    }
    out.push(Buffer.from(`${/^(author|committer) /.test(line) ? edit(line) : line}\n`));
  }
  await run(["fast-import", "--quiet", "--force"], dst, {}, Buffer.concat(out));
}

const IDENT = /^(author|committer) (.*) <([^>]*)> (-?\d+) ([+-]\d{4})$/;

/** Every author and committer rewritten to `who`, dates kept: a re-upload under another name. */
export function rewriteIdentities(src: string, dst: string, who: GitIdentity): Promise<void> {
  return rewritten(src, dst, (line) =>
    line.replace(IDENT, (_, role, _n, _e, t, tz) => `${role} ${who.name} <${who.email}> ${t} ${tz}`),
  );
}

/** Both dates of every commit moved `seconds` back, identities kept: a history shifted in time by a script. */
export function shiftDates(src: string, dst: string, seconds: number): Promise<void> {
  return rewritten(src, dst, (line) =>
    line.replace(IDENT, (_, role, n, e, t, tz) => `${role} ${n} <${e}> ${Number(t) - seconds} ${tz}`),
  );
}
/** The commit SHAs and tree SHAs of a branch, newest first. */
export async function commitsAndTrees(dir: string, branch = "main"): Promise<Array<{ sha: string; tree: string }>> {
  const out = await run(["log", "--format=%H %T", branch], dir);
  return out
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const [sha, tree] = l.split(" ");
      return { sha: sha!, tree: tree! };
    });
}
