/** The CLI command table's entry shape. Commands parse their own flags and return an exit code. */
export interface CliIO {
  out(line: string): void; // stdout
  err(line: string): void; // stderr
  env: Record<string, string | undefined>;
}

export interface Command {
  /** words after `claimcheck`, e.g. "serve" or "keys create" */
  name: string;
  summary: string;
  /** full --help text */
  help: string;
  run(args: string[], io: CliIO): Promise<number>;
}

/**
 * A command's lines go through the runtime's console writer, synchronously. A reader that went away
 * (`claimcheck jobs list | head`) costs nothing: the lines are dropped and the command ends as usual, exit
 * 0. process.stdout and process.stderr are node streams whose first use evaluates the stream modules
 * (100-300 ms of CPU and 2-3 MB on a loaded machine), which neither a server's start nor a PDF reader
 * child needs. "%s": a line is printed as it is, never read as a format.
 */
export const processIO: CliIO = {
  out: (l) => console.log("%s", l),
  err: (l) => console.error("%s", l),
  env: process.env,
};

/** Thrown by a command for a usage problem: printed to stderr with exit code 2. */
export class UsageError extends Error {}
