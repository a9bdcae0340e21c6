import type { Command } from "./command.ts";

/**
 * The command table: every `claimcheck <command>` in one list, in help order.
 * Each module exports its Command; nothing runs on import.
 */
export async function loadCommands(): Promise<Command[]> {
  const mods = await Promise.all([
    // commands are registered here
  ]);
  return mods.flatMap((m) => m.commands);
}
