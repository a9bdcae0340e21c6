import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { PostgresResumeFiles } from "../../src/verification/resume-store.ts";
import { fixedSteps, makePdf, pollUntil, startTestApp, submit } from "../support/harness.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";

afterAll(() => stopSharedPostgres());

/** Uploaded PDFs in PostgreSQL: the same rules as the files in DATA_DIR/resumes. */
describe.skipIf(!postgresBinDir())("PostgresResumeFiles", () => {
  test("write, read, remove; retention deletes a finished job's PDF; the sweep drops unclaimed rows only", async () => {
    const t = await startTestApp({ steps: fixedSteps(70), env: { DATABASE_URL: await freshDatabaseUrl("pdfs") } });
    try {
      const files = new PostgresResumeFiles(t.app.db, join(t.app.config.dataDir, "resumes"));
      const pdf = await makePdf();
      const res = await submit(t.url, t.key, { resume: pdf, hostUsername: "octocat" });
      const { trackingId } = (await res.json()) as { trackingId: string };
      expect(await files.read(trackingId)).toEqual(pdf);
      await pollUntil(
        async () => (await t.app.verifications.get(trackingId))?.status === "COMPLETED",
        "the job to complete",
      );

      // a PDF no verification claims (a crash between the write and the commit), written long ago
      await files.writeDurable("vrf_00000000000000000000000000", new Uint8Array([1, 2, 3]));
      await t.app.db
        .query("UPDATE resume_files SET created_at = 0 WHERE tracking_id = ?")
        .run("vrf_00000000000000000000000000");
      const now = Date.now();
      expect(await t.app.verifications.purge(now, 3_600_000)).toMatchObject({ resumes: 0, orphans: 1 });
      expect(await files.read("vrf_00000000000000000000000000")).toBeNull();
      expect(await files.read(trackingId)).toEqual(pdf); // claimed and within retention: kept

      // retention: an hour later than a 1 ms retention, the finished job's PDF goes, its result stays
      expect(await t.app.verifications.purge(now + 3_600_000, 1)).toMatchObject({ resumes: 1 });
      expect(await files.read(trackingId)).toBeNull();
      expect(await t.app.verifications.resume(trackingId)).toBeNull();
      expect((await t.app.verifications.get(trackingId))?.status).toBe("COMPLETED");
      expect(await files.removeNow(trackingId)).toBe(false);
    } finally {
      await t.stop();
    }
  }, 60_000);
});
