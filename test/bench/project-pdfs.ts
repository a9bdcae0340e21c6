/**
 * Where the project's PDFs are: the real resumes in a `shared/resumes` folder next to the clone, the
 * three generated sets (when built into their cache directories) and the test fixtures. Read by the
 * checks that compare readers or reader versions over every PDF the project has.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { defaultCount, defaultSyntheticDir, type SyntheticSet } from "../fixtures/resume/synthetic/generate.ts";

const repoRoot = resolve(import.meta.dir, "..", "..");

/** Every PDF under `dir` (recursively, sorted by name in each folder); none when it does not exist. */
export function pdfsUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return pdfsUnder(path);
      return name.endsWith(".pdf") ? [path] : [];
    });
}

/** The directories of the project's PDFs, in the order they are read. */
export function projectPdfDirs(): string[] {
  const sets: SyntheticSet[] = ["first", "families", "structures"];
  return [
    join(repoRoot, "..", "shared", "resumes", "pdfs"),
    ...sets.map((s) => defaultSyntheticDir(defaultCount(s), s)),
    join(repoRoot, "test", "fixtures", "resume"),
  ];
}
