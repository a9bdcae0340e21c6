/** The key a result's share link is derived from lives outside the database (report/link-key.ts). */
import { expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { derivedToken, LINK_KEY_FILE, reportLinkKey } from "../../src/report/link-key.ts";
import { tempDir } from "../support/harness.ts";

test("REPORT_LINK_KEY wins; one process keeps a 0600 key file in DATA_DIR; replicas without the setting get none", () => {
  const tmp = tempDir();
  try {
    const given = reportLinkKey({ configured: "k".repeat(40), dataDir: tmp.dir, sharedDatabase: true });
    expect(new TextDecoder().decode(given!)).toBe("k".repeat(40));
    expect(reportLinkKey({ configured: null, dataDir: tmp.dir, sharedDatabase: true })).toBeNull();
    const first = reportLinkKey({ configured: null, dataDir: tmp.dir, sharedDatabase: false })!;
    expect(statSync(join(tmp.dir, LINK_KEY_FILE)).mode & 0o777).toBe(0o600);
    // the next start reads the same key, so links made before show again
    expect(reportLinkKey({ configured: null, dataDir: tmp.dir, sharedDatabase: false })).toEqual(first);
    expect(derivedToken(first, "lnk_1")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(derivedToken(first, "lnk_1")).toBe(derivedToken(first, "lnk_1"));
    expect(derivedToken(first, "lnk_2")).not.toBe(derivedToken(first, "lnk_1"));
    expect(reportLinkKey({ configured: null, dataDir: join(tmp.dir, "missing"), sharedDatabase: false })).toBeNull();
  } finally {
    tmp.cleanup();
  }
});
