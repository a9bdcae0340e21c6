import { isoOf, textTable } from "../../lib/index.ts";
import type { Command } from "../command.ts";
import { UsageError } from "../command.ts";
import { DATA_DIR_FLAG, parseFlags } from "../flags.ts";
import { storageWhere, withAccounts } from "../open-data.ts";
import { forPerson } from "../program-name.ts";

const create: Command = {
  name: "keys create",
  summary: "create an API key (printed once, as the only line on stdout)",
  help: `usage: claimcheck keys create --name NAME [--client NAME] [--data-dir DIR [--create] | --database-url URL]

Creates a bearer API key for the client (default: "default") and prints it as the only line on
stdout. Only its hash is stored: copy it now, it cannot be shown again.`,
  async run(args, io) {
    const { values } = parseFlags(args, { name: { type: "string" }, client: { type: "string" }, ...DATA_DIR_FLAG });
    if (!values.name) throw new UsageError("--name is required");
    const { key, apiKey: row } = await withAccounts(io, values, (a) =>
      a.createKey(values.name!, values.client ?? "default"),
    );
    io.out(key);
    io.err(`created key ${row.id} (${row.displayPrefix}…) for client ${values.client ?? "default"}`);
    return 0;
  },
};

const list: Command = {
  name: "keys list",
  summary: "list API keys (ids, prefixes, clients, state; never the keys)",
  help: `usage: claimcheck keys list [--client NAME] [--json] [--data-dir DIR [--create] | --database-url URL]`,
  async run(args, io) {
    const { values } = parseFlags(args, { client: { type: "string" }, json: { type: "boolean" }, ...DATA_DIR_FLAG });
    const keys = await withAccounts(io, values, (a) => a.listKeys(values.client));
    const rows = keys.map((k) => ({
      id: k.id,
      name: k.name,
      client: k.clientName,
      prefix: k.displayPrefix,
      createdAt: isoOf(k.createdAt),
      lastUsedAt: k.lastUsedAt ? isoOf(k.lastUsedAt) : null,
      revokedAt: k.revokedAt ? isoOf(k.revokedAt) : null,
    }));
    if (values.json) io.out(JSON.stringify(rows, null, 2));
    else if (rows.length === 0)
      io.out(
        forPerson(io, `no API keys in ${storageWhere(io, values)} (create one: claimcheck keys create --name NAME)`),
      );
    else
      for (const line of textTable(
        [
          { header: "id", max: 40 },
          { header: "prefix", max: 16 },
          { header: "client", max: 24 },
          { header: "name", max: 32 },
          { header: "last used", max: 20 },
          { header: "state", max: 0 },
        ],
        rows.map((r) => [
          r.id,
          `${r.prefix}…`,
          r.client,
          r.name,
          r.lastUsedAt ? `${r.lastUsedAt.slice(0, 19)}Z` : "never",
          r.revokedAt ? `revoked ${r.revokedAt.slice(0, 19)}Z` : "active",
        ]),
      ))
        io.out(line);
    return 0;
  },
};

const revoke: Command = {
  name: "keys revoke",
  summary: "revoke an API key by id; requests with it get 401 at once",
  help: `usage: claimcheck keys revoke KEY_ID [--data-dir DIR [--create] | --database-url URL]`,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, { ...DATA_DIR_FLAG }, 1);
    if (!positionals[0]) throw new UsageError("the key id is required (see: claimcheck keys list)");
    await withAccounts(io, values, (a) => a.revokeKey(positionals[0]!));
    io.out(`revoked ${positionals[0]}`);
    return 0;
  },
};

export const commands = [create, list, revoke];
