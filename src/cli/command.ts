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

export const processIO: CliIO = {
  out: (l) => process.stdout.write(`${l}\n`),
  err: (l) => process.stderr.write(`${l}\n`),
  env: process.env,
};

/** Thrown by a command for a usage problem: printed to stderr with exit code 2. */
export class UsageError extends Error {}
