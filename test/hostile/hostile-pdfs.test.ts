/**
 * The malformed-PDF campaign in its short form (the full form: `bun test/hostile/campaign.ts --count N`):
 * every structural and label attack plus a few random mutants against one real service process.
 */
import { describe, expect, test } from "bun:test";
import { makePdf } from "../support/harness.ts";
import { runHostileCampaign } from "./hostile-campaign.ts";
import { labelMutants, MAX_UPLOAD_BYTES, randomMutants, structuralMutants } from "./pdf-mutations.ts";

describe("hostile PDF generators", () => {
  test("random mutants are reproducible from the seed and keep their promises", async () => {
    const base = await makePdf(["Jane Doe", "Projects", "tool - a CLI"]);
    const a = randomMutants(base, 12, 42);
    const b = randomMutants(base, 12, 42);
    expect(a.map((m) => Buffer.from(m.bytes).toString("base64"))).toEqual(
      b.map((m) => Buffer.from(m.bytes).toString("base64")),
    );
    expect(randomMutants(base, 12, 43).map((m) => m.name)).not.toEqual(a.map((m) => m.name));
    for (const m of a) {
      if (m.kind === "truncate") expect(m.bytes.length).toBeLessThan(base.length);
      else expect(Buffer.from(m.bytes.subarray(0, 5)).toString()).toBe("%PDF-"); // flips keep the magic
    }
    expect(a.filter((m) => m.kind === "truncate" && m.bytes.length < 5).every((m) => m.expect.kind === "refuse")).toBe(
      true,
    );
  });

  test("size and label cases sit exactly on the limits", async () => {
    const base = await makePdf();
    const byName = new Map(labelMutants(base).map((m) => [m.name, m]));
    expect(byName.get("exactly 10 MB (the limit) is accepted")!.bytes.length).toBe(MAX_UPLOAD_BYTES);
    expect(byName.get("10 MB + 1 byte")!.bytes.length).toBe(MAX_UPLOAD_BYTES + 1);
    expect(byName.get("zero-byte file")!.bytes.length).toBe(0);
    expect(structuralMutants(base, { saveDepth: 10 }).length).toBeGreaterThanOrEqual(15);
  });
});

describe("hostile PDF campaign (short form)", () => {
  test("every file is refused with the spec's error or ends FAILED with a reason; memory bounded; the service keeps serving", async () => {
    const r = await runHostileCampaign({ count: 12, seed: 20260101, saveDepth: 20_000 });
    expect(r.problems).toEqual([]);
    expect(r.survived).toBe(true);
    expect(r.afterwards).toBe("COMPLETED");
    expect(r.outcomes.length).toBeGreaterThan(35);
    // the service process holds at most one upload and one result at a time: it stays small
    expect(r.rss.peakKb).toBeLessThan(400 * 1024);
    // the PDF reader child is killed by its watchdog past 768 MB; sampling may see a little more
    expect(r.rss.peakChildrenKb).toBeLessThan(1024 * 1024);
  }, 120_000);
});
