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

/** A reader that went away (`claimcheck jobs list | head`) ends the command quietly, as for any Unix tool. */
function writeOut(line: string): void {
  try {
    process.stdout.write(`${line}\n`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EPIPE") process.exit(0);
    throw err;
  }
}
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code === "EPIPE") process.exit(0);
  throw err;
});

export const processIO: CliIO = {
  out: writeOut,
  err: (l) => process.stderr.write(`${l}\n`),
  env: process.env,
};

/** Thrown by a command for a usage problem: printed to stderr with exit code 2. */
export class UsageError extends Error {}
