import { userCommand } from "../lib/index.ts";
import type { CliIO } from "./command.ts";

/** The first word of every command (the command table's; a test keeps the two the same). */
export const COMMAND_WORDS = [
  "serve",
  "keys",
  "clients",
  "webhook",
  "integrations",
  "jobs",
  "healthcheck",
  "backup",
  "migrate",
  "admin",
  "extract",
  "verify",
  "rules",
] as const;

const NAMED_COMMAND = new RegExp(
  `(^|[\\s\`(:'"])claimcheck(?= (?:${COMMAND_WORDS.join("|")}|<command>)(?![\\w-]))`,
  "gm",
);

/**
 * Texts for people (help, hints, error messages) name commands as `claimcheck keys list`; this puts
 * them in the form the person is running: `bun src/main.ts keys list` in a checkout, `dist/claimcheck
 * keys list` (or `claimcheck keys list` when on PATH) for the executable, so a hint can be pasted as it
 * is. Only `claimcheck` followed by a command's name (or `<command>`) is rewritten; data is never passed
 * through here.
 */
export function inThisForm(text: string, cmd: string): string {
  if (cmd === "claimcheck") return text;
  return text.replace(NAMED_COMMAND, `$1${cmd}`);
}

/** `text` in the form this program is run by the person at `io`'s shell. */
export function forPerson(io: CliIO, text: string): string {
  return inThisForm(text, userCommand(io.env));
}
