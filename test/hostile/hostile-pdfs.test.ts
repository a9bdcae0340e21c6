/** The malformed-PDF generators behind the hostile campaign (the campaign itself: hostile-campaign.slow.test.ts). */
import { describe, expect, test } from "bun:test";
import { makePdf } from "../support/harness.ts";
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
