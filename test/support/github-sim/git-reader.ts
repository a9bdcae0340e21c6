import { git } from "./git-writer.ts";

/** A commit as read back from the object store (dates in epoch seconds, UTC). */
export interface GitCommitRecord {
  sha: string;
  tree: string;
  parents: string[];
  authorName: string;
  authorEmail: string;
  authorDate: number;
  committerName: string;
  committerEmail: string;
  committerDate: number;
  message: string;
}

/** One changed path of a commit, against its first parent (or the empty tree for a root commit). */
export interface GitFileChange {
  filename: string;
  status: "added" | "removed" | "modified" | "renamed" | "copied" | "changed";
  /** blob sha after the change (the old one for a removal) */
  blobSha: string;
  additions: number;
  deletions: number;
  binary: boolean;
}

export interface GitTreeEntry {
  name: string;
  type: "blob" | "tree" | "commit";
  mode: string;
  sha: string;
  size: number;
}

const FIELD = "\x1f";
const RECORD = "\x1e";
const FORMAT = `${["%H", "%T", "%P", "%an", "%ae", "%at", "%cn", "%ce", "%ct", "%B"].join("%x1f")}%x1e`;

/**
 * Commits selected by `revs` (a ref, or a range such as "a..b"), in `git log` order: newest first, as
 * GitHub lists them. `max` bounds the count.
 */
export async function readCommits(dir: string, revs: string | string[], max?: number): Promise<GitCommitRecord[]> {
  const args = ["log", `--format=${FORMAT}`, ...(max === undefined ? [] : [`--max-count=${max}`])];
  const out = await git([...args, ...(Array.isArray(revs) ? revs : [revs]), "--"], { cwd: dir });
  const records: GitCommitRecord[] = [];
  for (const raw of out.split(RECORD)) {
    const rec = raw.replace(/^\n/, "");
    if (!rec) continue;
    const [sha, tree, parents, an, ae, at, cn, ce, ct, ...msg] = rec.split(FIELD);
    records.push({
      sha: sha!,
      tree: tree!,
      parents: parents ? parents.split(" ").filter(Boolean) : [],
      authorName: an!,
      authorEmail: ae!,
      authorDate: Number(at),
      committerName: cn!,
      committerEmail: ce!,
      committerDate: Number(ct),
      message: msg.join(FIELD).replace(/\n+$/, ""),
    });
  }
  return records;
}

/** The commit a ref (branch, tag, full or abbreviated sha) names, or null. */
export async function resolveCommit(dir: string, ref: string): Promise<string | null> {
  // a name or SHA, then any ancestry steps git's rev-parse reads (~N first parents, ^N the Nth parent)
  if (!/^[\w./-]+(?:[~^]\d*)*$/.test(ref) || ref.startsWith("-")) return null;
  try {
    return (await git(["rev-parse", "--verify", "-q", `${ref}^{commit}`], { cwd: dir })).trim() || null;
  } catch {
    return null;
  }
}

const STATUS: Record<string, GitFileChange["status"]> = {
  A: "added",
  D: "removed",
  M: "modified",
  R: "renamed",
  C: "copied",
  T: "changed",
};

/** Files changed by a commit against its first parent, with line counts (diff-tree --raw --numstat). */
export async function readChanges(dir: string, sha: string, firstParent?: string): Promise<GitFileChange[]> {
  const args = ["diff-tree", "-r", "--root", "--no-commit-id", "--no-renames", "--raw", "--numstat"];
  const out = await git(firstParent ? [...args, firstParent, sha] : [...args, sha], { cwd: dir });
  const raw = new Map<string, { status: GitFileChange["status"]; blobSha: string }>();
  const changes: GitFileChange[] = [];
  for (const line of out.split("\n")) {
    if (!line) continue;
    if (line.startsWith(":")) {
      const [meta, path] = line.split("\t");
      const [, , oldSha, newSha, code] = meta!.split(" ");
      const status = STATUS[code!.charAt(0)] ?? "changed";
      raw.set(path!, { status, blobSha: status === "removed" ? oldSha! : newSha! });
    } else {
      const [add, del, path] = line.split("\t");
      const info = raw.get(path!);
      const binary = add === "-";
      changes.push({
        filename: path!,
        status: info?.status ?? "modified",
        blobSha: info?.blobSha ?? "",
        additions: binary ? 0 : Number(add),
        deletions: binary ? 0 : Number(del),
        binary,
      });
    }
  }
  return changes;
}

/** The entries `git ls-tree -l` prints, one a line: "<mode> <type> <sha> <size>\t<name>". */
function parseLsTree(out: string): GitTreeEntry[] {
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [meta, name] = line.split("\t");
      const [mode, type, sha, size] = meta!.split(/\s+/);
      return {
        name: name!,
        type: type as GitTreeEntry["type"],
        mode: mode!,
        sha: sha!,
        size: size === "-" ? 0 : Number(size),
      };
    });
}

/** The entries of one directory of a commit's tree ("" = the root). */
export async function readTree(dir: string, commit: string, path: string): Promise<GitTreeEntry[] | null> {
  const spec = path ? `${commit}:${path}` : `${commit}^{tree}`;
  try {
    const out = await git(["ls-tree", "-l", spec], { cwd: dir });
    return parseLsTree(out);
  } catch {
    return null;
  }
}

/** Every file of a commit's tree with its size, recursively. */
export async function readAllFiles(
  dir: string,
  commit: string,
): Promise<Array<{ path: string; sha: string; size: number }>> {
  const out = await git(["ls-tree", "-r", "-l", commit], { cwd: dir });
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = line.split("\t");
      const [, , sha, size] = meta!.split(/\s+/);
      return { path: path!, sha: sha!, size: size === "-" ? 0 : Number(size) };
    });
}

/** The type of the object at `path` in a commit's tree (blob, tree) with its sha, or null. */
export async function readPathObject(
  dir: string,
  commit: string,
  path: string,
): Promise<{ type: string; sha: string; size: number } | null> {
  const parent = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
  const name = path.slice(path.lastIndexOf("/") + 1);
  const entries = await readTree(dir, commit, parent);
  const hit = entries?.find((e) => e.name === name);
  return hit ? { type: hit.type, sha: hit.sha, size: hit.size } : null;
}

/** The raw bytes of a blob. */
export async function readBlob(dir: string, sha: string): Promise<Uint8Array> {
  const proc = Bun.spawn(["git", "cat-file", "blob", sha], { cwd: dir, stdout: "pipe", stderr: "ignore" });
  const bytes = new Uint8Array(await new Response(proc.stdout).arrayBuffer());
  if ((await proc.exited) !== 0) throw new Error(`git cat-file blob ${sha} failed`);
  return bytes;
}

/** Commits in `head` not reachable from `base`, oldest first (the order GitHub's compare lists them). */
export async function commitsBetween(dir: string, base: string, head: string): Promise<string[]> {
  const out = await git(["rev-list", "--reverse", `${base}..${head}`], { cwd: dir });
  return out.split("\n").filter(Boolean);
}

/** The best common ancestor of two commits, or null when the histories are unrelated. */
export async function mergeBase(dir: string, a: string, b: string): Promise<string | null> {
  try {
    return (await git(["merge-base", a, b], { cwd: dir })).trim() || null;
  } catch {
    return null;
  }
}

/** Lines added and deleted per commit reachable from `ref` (one `git log --numstat`). */
export async function readLineCounts(
  dir: string,
  ref: string,
): Promise<Map<string, { additions: number; deletions: number }>> {
  const out = await git(["log", "--format=%x1e%H", "--numstat", ref, "--"], { cwd: dir });
  const counts = new Map<string, { additions: number; deletions: number }>();
  for (const block of out.split(RECORD)) {
    const lines = block.split("\n").filter(Boolean);
    const sha = lines.shift();
    if (!sha) continue;
    let additions = 0;
    let deletions = 0;
    for (const l of lines) {
      const [a, d] = l.split("\t");
      if (a !== "-") additions += Number(a);
      if (d !== "-") deletions += Number(d);
    }
    counts.set(sha, { additions, deletions });
  }
  return counts;
}

/** Every blob of a tree, recursively (git ls-tree -r -l), as GitHub's recursive tree lists them; null if absent. */
export async function readTreeRecursive(dir: string, tree: string): Promise<GitTreeEntry[] | null> {
  if (!/^[0-9a-f]{40}$/i.test(tree)) return null;
  try {
    const out = await git(["ls-tree", "-r", "-l", tree], { cwd: dir });
    return parseLsTree(out);
  } catch {
    return null;
  }
}
