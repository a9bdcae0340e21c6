/**
 * A full disk (found by the disk-pressure chaos run) is answered 503 storage_full with Retry-After,
 * never a 500: the request was not stored and can succeed once space returns.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { isStorageFull, renderError, STORAGE_FULL_RETRY_AFTER_S } from "../../src/http/error-handler.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { fixedSteps, makePdf, type RunningTestApp, startTestApp, submit } from "../support/harness.ts";

describe("renderError for storage errors", () => {
  test.each([
    ["SQLite's SQLITE_FULL", Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }), true],
    [
      "ENOSPC from a file write",
      Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }),
      true,
    ],
    ["EDQUOT (quota)", Object.assign(new Error("EDQUOT: disk quota exceeded"), { code: "EDQUOT" }), true],
    ["another SQLite error", Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }), false],
    ["a plain error", new Error("boom"), false],
    ["a thrown string", "boom", false],
  ])("%s", (_label, err, full) => {
    expect(isStorageFull(err)).toBe(full);
    const r = renderError(err, "UNKNOWN", silentLogger);
    if (full) {
      expect(r.status).toBe(503);
      expect(r.body.error).toBe("storage_full");
      expect(String(r.body.message)).toMatch(/disk space/);
      expect(r.headers["Retry-After"]).toBe(String(STORAGE_FULL_RETRY_AFTER_S));
    } else {
      expect(r.status).toBe(500);
      expect(r.body.error).toBe("internal_error");
    }
  });
});

describe("POST /v1/verify when the database cannot grow", () => {
  let t: RunningTestApp;
  beforeAll(async () => {
    t = await startTestApp({
      steps: fixedSteps(50),
      logger: (await import("../../src/lib/log.ts")).createLogger("error"),
    });
  });
  afterAll(() => t.stop());

  test("503 storage_full with Retry-After while full, 202 again once it may grow", async () => {
    const pdf = await makePdf();
    const pages = (await t.app.db.query<{ page_count: number }, []>("PRAGMA page_count").get())!.page_count;
    await t.app.db.exec(`PRAGMA max_page_count = ${pages}`); // SQLite answers SQLITE_FULL past this size
    let refused: Response | null = null;
    for (let i = 0; i < 200 && !refused; i++) {
      const res = await submit(t.url, t.key, { resume: pdf, hostUsername: `user-${i}` });
      if (res.status !== 202) refused = res;
      else await res.arrayBuffer();
    }
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get("retry-after")).toBe(String(STORAGE_FULL_RETRY_AFTER_S));
    expect(await refused!.json()).toMatchObject({ error: "storage_full" });
    await t.app.db.exec("PRAGMA max_page_count = 1073741823");
    expect((await submit(t.url, t.key, { resume: pdf, hostUsername: "after-space-returns" })).status).toBe(202);
  });
});
