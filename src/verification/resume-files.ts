import { readdirSync, statSync, unlinkSync } from "node:fs";
import { open, unlink } from "node:fs/promises";
import { join } from "node:path";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "../storage/private-files.ts";

const NAME = /^(vrf_[0-9a-z]{26})\.pdf$/;

/**
 * Uploaded PDFs, one file each under DATA_DIR/resumes, kept out of the database so that 10 MB blobs
 * never pass through the WAL. A file is written under its final name, fsynced, and its directory fsynced
 * before the job's row is committed: an acknowledged job always finds its whole PDF, and a crash before
 * the commit leaves only a file no row claims (possibly partial), which the sweep removes.
 */
export class ResumeFiles {
  /** `fsync: false` (DB_SYNCHRONOUS=NORMAL) leaves flushing to the OS, like the database's commits then. */
  constructor(
    readonly dir: string,
    private readonly opts: { fsync: boolean } = { fsync: true },
  ) {
    ensurePrivateDir(dir);
  }

  private path(trackingId: string): string {
    if (!/^vrf_[0-9a-z]{26}$/.test(trackingId)) throw new Error(`not a tracking id: ${trackingId}`);
    return join(this.dir, `${trackingId}.pdf`);
  }

  async writeDurable(trackingId: string, bytes: Uint8Array): Promise<void> {
    const fh = await open(this.path(trackingId), "wx", PRIVATE_FILE_MODE);
    try {
      await fh.chmod(PRIVATE_FILE_MODE); // whatever the umask
      await fh.writeFile(bytes);
      if (this.opts.fsync) await fh.datasync();
    } finally {
      await fh.close();
    }
    if (!this.opts.fsync) return;
    const dir = await open(this.dir, "r");
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }

  /** The PDF, or null when it was never stored or has been purged. */
  async read(trackingId: string): Promise<Uint8Array | null> {
    const f = Bun.file(this.path(trackingId));
    return (await f.exists()) ? new Uint8Array(await f.arrayBuffer()) : null;
  }

  async remove(trackingId: string): Promise<void> {
    await unlink(this.path(trackingId)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== "ENOENT") throw err;
    });
  }

  removeSync(trackingId: string): boolean {
    try {
      unlinkSync(this.path(trackingId));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw err;
    }
  }

  /** Delete files older than `before` (epoch ms) that `keep` does not claim: leftovers of crashes and refusals. */
  sweepOrphans(before: number, keep: (trackingId: string) => boolean): number {
    let removed = 0;
    for (const name of readdirSync(this.dir)) {
      const m = NAME.exec(name);
      if (!m) continue;
      const full = join(this.dir, name);
      let mtime: number;
      try {
        mtime = statSync(full).mtimeMs;
      } catch {
        continue;
      }
      if (mtime >= before || keep(m[1]!)) continue;
      try {
        unlinkSync(full);
        removed++;
      } catch {
        // gone meanwhile
      }
    }
    return removed;
  }
}
