import { git } from "../github-sim/git-writer.ts";

/** One file of a commit's patch, as a host's diff endpoint shows it. */
export interface FilePatch {
  oldPath: string;
  newPath: string;
  newFile: boolean;
  deletedFile: boolean;
  aMode: string;
  bMode: string;
  /** the hunks ("@@ ..." onwards), without the diff --git / index / --- / +++ header */
  diff: string;
  additions: number;
  deletions: number;
}

/** A commit's patch against its first parent (or the empty tree for a root commit), file by file. */
export async function readPatch(dir: string, sha: string, firstParent?: string): Promise<FilePatch[]> {
  const args = ["diff-tree", "-p", "-r", "--root", "--no-commit-id", "--no-renames", "--full-index"];
  const out = await git(firstParent ? [...args, firstParent, sha] : [...args, sha], { cwd: dir });
  const files: FilePatch[] = [];
  for (const block of out.split(/^diff --git /m).slice(1)) {
    const lines = block.split("\n");
    const m = lines[0]!.match(/^a\/(.*) b\/(.*)$/);
    const file: FilePatch = {
      oldPath: m?.[1] ?? "",
      newPath: m?.[2] ?? "",
      newFile: false,
      deletedFile: false,
      aMode: "100644",
      bMode: "100644",
      diff: "",
      additions: 0,
      deletions: 0,
    };
    const hunks: string[] = [];
    let inHunks = false;
    for (const line of lines.slice(1)) {
      if (!inHunks) {
        const mode = line.match(/^(new|deleted) file mode (\d+)/);
        if (mode?.[1] === "new") {
          file.newFile = true;
          file.aMode = "0";
          file.bMode = mode[2]!;
        } else if (mode?.[1] === "deleted") {
          file.deletedFile = true;
          file.aMode = mode[2]!;
          file.bMode = "0";
        }
        if (line.startsWith("@@") || line.startsWith("Binary files")) inHunks = true;
        else continue;
      }
      hunks.push(line);
      if (line.startsWith("+")) file.additions++;
      else if (line.startsWith("-")) file.deletions++;
    }
    file.diff = hunks.join("\n").replace(/\n+$/, "\n");
    files.push(file);
  }
  return files;
}
