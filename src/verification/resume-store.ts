import { existsSync } from "node:fs";
import type { Database, Queryable } from "../storage/index.ts";
import { ResumeFiles, type StagedFile } from "./resume-files.ts";

/** Where uploaded PDFs live: files in DATA_DIR/resumes (SQLite), or the database (PostgreSQL). */
export type ResumeStore = Pick<
  ResumeFiles,
  "writeDurable" | "read" | "remove" | "removeNow" | "sweepOrphans" | "stage"
> & {
  /** a staged upload becomes the job's PDF (file stores; required unless `writeInTransaction`) */
  adopt?(staged: StagedFile, trackingId: string): Promise<void>;
  /** when present, the PDF is written inside the acceptance transaction (`tx`) instead of before it */
  writeInTransaction?(tx: Queryable, trackingId: string, bytes: Uint8Array): Promise<unknown>;
};

/**
 * Uploaded PDFs in PostgreSQL (table resume_files), so that whichever replica works a job can read it.
 * The same rules as ResumeFiles: no acknowledged job without its whole PDF (here the PDF commits in the
 * acceptance transaction itself), deleted by retention or an admin, and rows no verification claims
 * (none should remain: a failed acceptance rolls its PDF back) are swept after a grace period.
 */
export class PostgresResumeFiles implements ResumeStore {
  private staging: ResumeFiles | null = null;

  /** `stagingDir`: where uploads are streamed (0600) before their bytes go into the acceptance transaction */
  constructor(
    private readonly db: Database,
    private readonly stagingDir: string,
  ) {}

  /** Staged uploads only (never a job's PDF here): created on first use, so DATA_DIR holds no data. */
  private staged(): ResumeFiles {
    this.staging ??= new ResumeFiles(this.stagingDir, { fsync: false });
    return this.staging;
  }

  /** A new upload file to stream into; `VerificationService.submitUpload` reads it into the transaction. */
  stage(): Promise<StagedFile> {
    return this.staged().stage();
  }

  async writeDurable(trackingId: string, bytes: Uint8Array): Promise<void> {
    await this.writeInTransaction(this.db, trackingId, bytes);
  }

  /** Inside the acceptance transaction: the PDF and the row that promises it commit together. */
  writeInTransaction(tx: Queryable, trackingId: string, bytes: Uint8Array): Promise<unknown> {
    return tx
      .query("INSERT INTO resume_files (tracking_id, body, created_at) VALUES (?, ?, ?)")
      .run(trackingId, bytes, Date.now());
  }

  async read(trackingId: string): Promise<Uint8Array | null> {
    const row = await this.db
      .query<{ body: Uint8Array }, [string]>("SELECT body FROM resume_files WHERE tracking_id = ?")
      .get(trackingId);
    return row ? new Uint8Array(row.body) : null;
  }

  async remove(trackingId: string): Promise<void> {
    await this.removeNow(trackingId);
  }

  async removeNow(trackingId: string): Promise<boolean> {
    return (await this.db.query("DELETE FROM resume_files WHERE tracking_id = ?").run(trackingId)).changes === 1;
  }

  /**
   * One statement instead of a `keep` call per stored PDF: the rows no verification claims any more
   * (`keep` says the same for the file store: a verification row with resume_stored = 1).
   */
  async sweepOrphans(before: number, _keep: (trackingId: string) => Promise<boolean>): Promise<number> {
    // uploads staged before `before` and left by a crash (no PDF is ever kept in the staging directory)
    const staged = existsSync(this.stagingDir) ? await this.staged().sweepOrphans(before, () => true) : 0;
    const swept = await this.db
      .query(
        `DELETE FROM resume_files r WHERE r.created_at < ? AND NOT EXISTS
         (SELECT 1 FROM verifications v WHERE v.tracking_id = r.tracking_id AND v.resume_stored = 1)`,
      )
      .run(before);
    return staged + swept.changes;
  }
}

/** The PDF store that goes with `db`: its own table on PostgreSQL, files under `dir` on SQLite. */
export function openResumeStore(db: Database, dir: string, opts: { fsync: boolean } = { fsync: true }): ResumeStore {
  return db.dialect === "postgres" ? new PostgresResumeFiles(db, dir) : new ResumeFiles(dir, opts);
}
