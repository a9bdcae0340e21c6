import type { Command } from "./command.ts";

/**
 * The command table: every `claimcheck <command>` in one list, in help order.
 * Each module exports its Command; nothing runs on import.
 */
export async function loadCommands(): Promise<Command[]> {
  const mods = await Promise.all([
    import("./commands/serve.ts"),
    import("./commands/keys.ts"),
    import("./commands/clients.ts"),
    import("./commands/webhook.ts"),
    import("./commands/webhook-deliveries.ts"),
    import("./commands/integrations.ts"),
    import("./commands/jobs.ts"),
    import("./commands/healthcheck.ts"),
    import("./commands/backup.ts"),
    import("./commands/migrate.ts"),
    import("./commands/admin.ts"),
    import("./commands/extract.ts"),
    import("./commands/verify.ts"),
    import("./commands/rules.ts"),
  ]);
  return mods.flatMap((m) => m.commands);
}
