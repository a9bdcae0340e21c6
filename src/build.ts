/**
 * `bun run build`: compiles src/main.ts into the single executable dist/claimcheck (`--outfile PATH` for
 * another path), as `bun build --compile --bytecode --format=esm --minify --splitting --sourcemap` would, plus
 * one plugin: the module that loads the rule specs from their directory at run time
 * (analysis/rules/spec-modules.ts) is served as one static import per file of that directory, so the binary
 * embeds every spec there is.
 *
 * Splitting: every dynamic `import()` (a CLI command, the PDF reader, the in-process extractor, the report's
 * PDF renderer) becomes a chunk of its own inside the executable, loaded when it is first imported. One
 * module holding everything made a started server map and decode what only `verify`, the reader child or a
 * report needs (docs/BENCHMARKS.md, "Idle RSS taken apart"). The source maps stay embedded for stack traces;
 * the per-chunk `.map` files the build also writes beside the binary are read by nobody and removed.
 */
import { readdirSync, rmSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { BunPlugin } from "bun";
import { specFileNames } from "./contract/index.ts";

const SRC = import.meta.dir;
const SPEC_MODULES = join(SRC, "analysis", "rules", "spec-modules.ts");
const SPEC_DIR = join(SRC, "analysis", "rules", "specs");

/** spec-modules.ts as static imports: the same files, in the same order, under the same export. */
export function staticSpecModules(dir: string): string {
  const files = specFileNames(readdirSync(dir));
  const imports = files.map((f, i) => `import * as spec${i} from ${JSON.stringify(join(dir, f))};`);
  const list = files.map((f, i) => `{ file: ${JSON.stringify(f)}, exports: spec${i} }`);
  return `${imports.join("\n")}\nexport const SPEC_MODULES = [${list.join(", ")}];\n`;
}

export const everySpecEmbedded: BunPlugin = {
  name: "every rule spec embedded",
  setup(build) {
    const filter = new RegExp(`^${SPEC_MODULES.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`);
    build.onLoad({ filter }, () => ({ loader: "ts", contents: staticSpecModules(SPEC_DIR) }));
  },
};

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { outfile: { type: "string", default: "dist/claimcheck" } } });
  const result = await Bun.build({
    entrypoints: [join(SRC, "main.ts")],
    compile: { outfile: resolve(values.outfile) },
    bytecode: true,
    format: "esm",
    minify: true,
    splitting: true,
    sourcemap: "linked",
    plugins: [everySpecEmbedded],
  });
  for (const log of result.logs) console.error(String(log));
  if (!result.success) return 1;
  for (const out of result.outputs)
    if (out.kind === "sourcemap" && basename(out.path).startsWith("chunk-")) rmSync(out.path, { force: true });
  console.log(`built ${resolve(values.outfile)}`);
  return 0;
}

if (import.meta.main) process.exitCode = await main();
