import { join } from "node:path";

/**
 * The argv that runs this very program again with other arguments: the compiled executable itself,
 * or `bun src/main.ts` in a checkout. Used to isolate risky work (PDF parsing) in a child process.
 */
export function selfCommand(args: string[]): string[] {
  const compiled = import.meta.dir.startsWith("/$bunfs") || import.meta.dir.includes("~BUN");
  if (compiled) return [process.execPath, ...args];
  return [process.execPath, join(import.meta.dir, "..", "main.ts"), ...args];
}
