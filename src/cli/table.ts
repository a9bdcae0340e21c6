import type { Command } from "./command.ts";

/**
 * The command table: every `claimcheck <command>` module in help order, keyed by the first word of its
 * commands. A run loads only the modules of the word it was given, so `serve` never evaluates the
 * one-shot commands and the PDF reader child (`extract --worker`) never evaluates the server; help and
 * an unknown word load them all. Each module exports its Commands; nothing runs on import.
 */
export const COMMAND_MODULES: ReadonlyArray<{ word: string; load: () => Promise<{ commands: Command[] }> }> = [
  { word: "serve", load: () => import("./commands/serve.ts") },
  { word: "keys", load: () => import("./commands/keys.ts") },
  { word: "clients", load: () => import("./commands/clients.ts") },
  { word: "webhook", load: () => import("./commands/webhook.ts") },
  { word: "webhook", load: () => import("./commands/webhook-deliveries.ts") },
  { word: "integrations", load: () => import("./commands/integrations.ts") },
  { word: "jobs", load: () => import("./commands/jobs.ts") },
  { word: "healthcheck", load: () => import("./commands/healthcheck.ts") },
  { word: "backup", load: () => import("./commands/backup.ts") },
  { word: "migrate", load: () => import("./commands/migrate.ts") },
  { word: "admin", load: () => import("./commands/admin.ts") },
  { word: "extract", load: () => import("./commands/extract.ts") },
  { word: "verify", load: () => import("./commands/verify.ts") },
  { word: "rules", load: () => import("./commands/rules.ts") },
];

async function load(modules: typeof COMMAND_MODULES): Promise<Command[]> {
  const mods = await Promise.all(modules.map((m) => m.load()));
  return mods.flatMap((m) => m.commands);
}

/** Every command, in help order. */
export function loadCommands(): Promise<Command[]> {
  return load(COMMAND_MODULES);
}

/** The commands whose first word is `word` (none for a word no command starts with). */
export function loadCommandsOf(word: string): Promise<Command[]> {
  return load(COMMAND_MODULES.filter((m) => m.word === word));
}
