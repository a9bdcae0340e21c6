import { ConfigError } from "../config/index.ts";
import { type CliIO, type Command, UsageError } from "./command.ts";
import { forPerson } from "./program-name.ts";
import { loadCommands, loadCommandsOf } from "./table.ts";

function overview(cmds: Command[]): string {
  const width = Math.max(...cmds.map((c) => c.name.length)) + 2;
  return [
    "claimcheck: verify a resume's project claims against the candidate's public GitHub history",
    "",
    "usage: claimcheck <command> [options]     (no command = serve)",
    "",
    "commands:",
    ...cmds.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    "",
    "Run `claimcheck <command> --help` for a command's options. Commands other than serve work on the data of",
    "DATA_DIR (or DATABASE_URL) and never create a database there unless given --create.",
  ].join("\n");
}

/** Dispatch argv to the longest matching command name; returns the process exit code. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  if (argv.length === 0) argv = ["serve"];
  if (argv[0] === "--help" || argv[0] === "-h" || argv[0] === "help") {
    io.out(forPerson(io, overview(await loadCommands())));
    return 0;
  }
  if (argv[0] === "--version" || argv[0] === "version") {
    io.out(VERSION);
    return 0;
  }
  // only the modules of this word: a command never pays for evaluating the others (table.ts)
  const cmds = await loadCommandsOf(argv[0]!);
  let best: Command | undefined;
  for (const c of cmds) {
    const words = c.name.split(" ");
    if (words.every((w, i) => argv[i] === w) && (!best || words.length > best.name.split(" ").length)) best = c;
  }
  if (!best) {
    const group = cmds.filter((c) => c.name.startsWith(`${argv[0]} `));
    if (group.length > 0) {
      io.out(
        forPerson(
          io,
          [`claimcheck ${argv[0]} <subcommand>`, "", ...group.map((c) => `  ${c.name.padEnd(24)}${c.summary}`)].join(
            "\n",
          ),
        ),
      );
      return argv[1] === undefined || argv[1] === "--help" || argv[1] === "-h" ? 0 : 2;
    }
    io.err(`unknown command: ${argv.join(" ")}\n\n${forPerson(io, overview(await loadCommands()))}`);
    return 2;
  }
  const rest = argv.slice(best.name.split(" ").length);
  if (rest.includes("--help") || rest.includes("-h")) {
    io.out(forPerson(io, best.help));
    return 0;
  }
  try {
    return await best.run(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(forPerson(io, `claimcheck ${best.name}: ${err.message}\n\n${best.help}`));
      return 2;
    }
    if (err instanceof ConfigError) {
      io.err(forPerson(io, err.message));
      return 78; // EX_CONFIG, as serve
    }
    io.err(forPerson(io, `claimcheck ${best.name}: ${err instanceof Error ? err.message : String(err)}`));
    return 1;
  }
}

export const VERSION = "claimcheck 0.1.0";
