import { delimiter, dirname, join, relative, resolve } from "node:path";

/** True when this is the compiled single executable (dist/claimcheck), not `bun src/main.ts`. */
export function isCompiled(): boolean {
  return import.meta.dir.startsWith("/$bunfs") || import.meta.dir.includes("~BUN");
}

/**
 * The argv that runs this very program again with other arguments: the compiled executable itself,
 * or `bun src/main.ts` in a checkout. Used to isolate risky work (PDF parsing) in a child process.
 */
export function selfCommand(args: string[]): string[] {
  if (isCompiled()) return [process.execPath, ...args];
  return [process.execPath, join(import.meta.dir, "..", "main.ts"), ...args];
}

/**
 * How a person at this shell runs this program again, for hints printed to them: `claimcheck` when the
 * executable is on PATH, else its path (`dist/claimcheck`); `bun src/main.ts` in a checkout.
 */
export function userCommand(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
  compiled = isCompiled(),
): string {
  const shortPath = (p: string) => {
    const rel = relative(cwd, p);
    return rel.startsWith("..") || rel === "" ? p : rel.includes("/") ? rel : `./${rel}`;
  };
  if (compiled) {
    const exe = resolve(process.execPath);
    const onPath = (env.PATH ?? "").split(delimiter).some((d) => d !== "" && resolve(d) === dirname(exe));
    if (onPath) return exe.slice(dirname(exe).length + 1);
    return shortPath(exe);
  }
  return `bun ${shortPath(resolve(import.meta.dir, "..", "main.ts"))}`;
}
