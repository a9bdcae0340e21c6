import { readdirSync, statSync, unlinkSync, writeSync } from "node:fs";
import { type FileHandle, open, rename, unlink } from "node:fs/promises";
import { join } from "node:path";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "../storage/index.ts";

const NAME = /^(vrf_[0-9a-z]{26})\.pdf$/;
/** An upload being received, before it is a job's PDF. */
const STAGED = /^\.upload-[0-9a-f]{32}\.part$/;

/**
 * An upload streamed to disk as it arrives (0600, in the resumes directory so that adopting it is a
 * rename). It becomes a job's PDF with `ResumeFiles.adopt`, or is discarded.
 */
export class StagedFile {
  private closed = false;

  constructor(
    readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  /**
   * Append `bytes`. A synchronous write into the page cache (a chunk is at most ~128 KiB): measured with
   * 40 concurrent 2 MiB uploads, the asynchronous FileHandle.write held about 50 MiB more memory in
   * flight than reading alone, this about 4 MiB.
   */
  write(bytes: Uint8Array): void {
    let off = 0;
    while (off < bytes.byteLength) off += writeSync(this.handle.fd, bytes, off);
  }

  /** Close (after a datasync when `sync`). */
  async close(sync = false): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      if (sync) await this.handle.datasync();
    } finally {
      await this.handle.close();
    }
  }

  async discard(): Promise<void> {
    await this.close().catch(() => {});
    await unlink(this.path).catch(() => {});
  }
}

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

  /** A new, empty upload file to stream into. */
  async stage(): Promise<StagedFile> {
    const path = join(
      this.dir,
      `.upload-${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex")}.part`,
    );
    const fh = await open(path, "wx", PRIVATE_FILE_MODE);
    try {
      await fh.chmod(PRIVATE_FILE_MODE);
    } catch (err) {
      await fh.close();
      await unlink(path).catch(() => {});
      throw err;
    }
    return new StagedFile(path, fh);
  }

  /** Make a staged upload `trackingId`'s PDF: synced (FULL), renamed, the directory synced. */
  async adopt(staged: StagedFile, trackingId: string): Promise<void> {
    const target = this.path(trackingId);
    await staged.close(this.opts.fsync);
    await rename(staged.path, target);
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

  /** Delete the PDF now; whether there was one. */
  async removeNow(trackingId: string): Promise<boolean> {
    return this.removeSync(trackingId);
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

  /**
   * Delete files older than `before` (epoch ms) that `keep` does not claim, and uploads staged before
   * then: leftovers of crashes and refusals.
   */
  async sweepOrphans(before: number, keep: (trackingId: string) => boolean | Promise<boolean>): Promise<number> {
    let removed = 0;
    for (const name of readdirSync(this.dir)) {
      const m = NAME.exec(name);
      if (!m && !STAGED.test(name)) continue;
      const full = join(this.dir, name);
      let mtime: number;
      try {
        mtime = statSync(full).mtimeMs;
      } catch {
        continue;
      }
      if (mtime >= before || (m && (await keep(m[1]!)))) continue;
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
