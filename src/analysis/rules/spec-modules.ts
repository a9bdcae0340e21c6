/**
 * Every rule spec module, one per .ts file of specs/, read from the directory as this module loads (`bun run`,
 * `bun test`): adding a spec file is all it takes to load it. A compiled binary has no directory to read, so
 * `bun run build` (src/build.ts) serves this module as one static import per file of the same directory and
 * the bundle embeds every spec; what either form exports is the same list.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { specFileNames } from "../../contract/index.ts";

/** A spec file's name and what it exports. */
export interface SpecModule {
  file: string;
  exports: Record<string, unknown>;
}

/** Every spec module of `dir`, by file name; a directory that cannot be read says which, and why it may be missing. */
export function loadSpecModules(dir: string): SpecModule[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch (e) {
    throw new Error(
      `the rule specs directory ${dir} cannot be read (${(e as Error).message}); a compiled binary embeds the specs only when built with \`bun run build\``,
    );
  }
  return specFileNames(entries).map((file) => ({ file, exports: require(join(dir, file)) as Record<string, unknown> }));
}

export const SPEC_MODULES: readonly SpecModule[] = loadSpecModules(join(import.meta.dir, "specs"));
