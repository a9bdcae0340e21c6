import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { importCycles } from "../support/import-cycles.ts";
import { type ImportEdge, scanImports } from "../support/import-rules.ts";

const ROOT = join(import.meta.dir, "..", "..");

describe("no import cycles in src/ (docs/ARCHITECTURE.md)", () => {
  test("no file of src/ reaches itself through its imports, type-only imports and re-exports included", () => {
    expect(importCycles(scanImports(ROOT))).toEqual([]);
  });
});

describe("the cycle finder", () => {
  const e = (file: string, target: string): ImportEdge => ({ file, target });

  test("names a cycle closed by a type-only back-edge as the path through it", () => {
    expect(importCycles([e("a.ts", "b.ts"), e("b.ts", "c.ts"), e("c.ts", "a.ts"), e("c.ts", "d.ts")])).toEqual([
      "a.ts -> b.ts -> c.ts -> a.ts",
    ]);
  });

  test("names each knot once, a file importing itself too, and nothing in a one-way graph", () => {
    expect(importCycles([e("x.ts", "y.ts"), e("y.ts", "x.ts"), e("p.ts", "p.ts"), e("x.ts", "p.ts")])).toEqual([
      "p.ts -> p.ts",
      "x.ts -> y.ts -> x.ts",
    ]);
    expect(importCycles([e("a.ts", "b.ts"), e("b.ts", "c.ts"), e("a.ts", "c.ts")])).toEqual([]);
  });

  test("reads type-only imports as edges (the scanner keeps them)", async () => {
    const { importsOf } = await import("../support/import-rules.ts");
    expect(importsOf('import type { A } from "./a.ts";\nimport { type B } from "./b.ts";')).toEqual([
      "./a.ts",
      "./b.ts",
    ]);
  });
});
