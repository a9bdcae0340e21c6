import { describe, expect, test } from "bun:test";
import { HELD_BACK_COUNT, heldBackFiles } from "./support/held-back.ts";

describe("heldBackFiles", () => {
  const manifest = [
    ...Array.from({ length: 20 }, (_, i) => ({ file: `old-${i}.pdf`, batch: 2 })),
    ...Array.from({ length: 20 }, (_, i) => ({ file: `new-${i}.pdf`, batch: 3 })),
  ];

  test("takes a fixed number of files from the newest batch only", () => {
    const slice = heldBackFiles(manifest);
    expect(slice.size).toBe(HELD_BACK_COUNT);
    for (const f of slice) expect(f.startsWith("new-")).toBe(true);
  });

  test("depends on the file names only, not on their order in the manifest", () => {
    const reversed = [...manifest].reverse();
    expect([...heldBackFiles(reversed)].sort()).toEqual([...heldBackFiles(manifest)].sort());
  });

  test("a manifest without the batch holds nothing back", () => {
    expect(heldBackFiles(manifest.filter((e) => e.batch === 2)).size).toBe(0);
  });
});
