import type { Client } from "../../accounts/index.ts";
import { textTable } from "../../lib/index.ts";
import type { Command } from "../command.ts";
import { UsageError } from "../command.ts";
import { DATA_DIR_FLAG, intFlag, parseFlags } from "../flags.ts";
import { withAccounts } from "../open-data.ts";

const LIMIT_FLAGS = { "monthly-quota": { type: "string" }, "rate-limit": { type: "string" } } as const;

function show(c: Client): string {
  const q = c.monthlyQuota === 0 ? "unlimited" : `${c.monthlyQuota}/month`;
  const r = c.rateLimitPerMinute === 0 ? "unlimited" : `${c.rateLimitPerMinute}/min per key`;
  return `${c.name.padEnd(16)} quota ${q.padEnd(14)} rate ${r.padEnd(18)} webhook ${c.webhookUrl ?? "(none)"}`;
}

const add: Command = {
  name: "clients add",
  summary: "add a client (tenant) with its own keys, webhook, quota and rate limit",
  help: `usage: claimcheck clients add NAME [--monthly-quota N] [--rate-limit N] [--data-dir DIR [--create] | --database-url URL]

--monthly-quota  accepted verifications per calendar month (UTC); 0 = unlimited
--rate-limit     accepted verifications per key per rolling minute; 0 = unlimited`,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, { ...LIMIT_FLAGS, ...DATA_DIR_FLAG }, 1);
    if (!positionals[0]) throw new UsageError("the client name is required");
    const c = await withAccounts(io, values, (a) =>
      a.addClient(positionals[0]!, {
        monthlyQuota: intFlag("monthly-quota", values["monthly-quota"]),
        rateLimitPerMinute: intFlag("rate-limit", values["rate-limit"]),
      }),
    );
    io.out(show(c));
    return 0;
  },
};

const list: Command = {
  name: "clients list",
  summary: "list clients with their limits and webhook URL",
  help: `usage: claimcheck clients list [--json] [--data-dir DIR [--create] | --database-url URL]`,
  async run(args, io) {
    const { values } = parseFlags(args, { json: { type: "boolean" }, ...DATA_DIR_FLAG });
    const clients = await withAccounts(io, values, async (a) => {
      await a.ensureDefaultClient();
      return a.listClients();
    });
    if (values.json)
      io.out(
        JSON.stringify(
          clients.map((c) => ({
            id: c.id,
            name: c.name,
            monthlyQuota: c.monthlyQuota,
            rateLimitPerMinute: c.rateLimitPerMinute,
            webhookUrl: c.webhookUrl,
          })),
          null,
          2,
        ),
      );
    else
      for (const line of textTable(
        [
          { header: "client", max: 32 },
          { header: "monthly quota", max: 16 },
          { header: "rate limit", max: 20 },
          { header: "webhook", max: 0 },
        ],
        clients.map((c) => [
          c.name,
          c.monthlyQuota === 0 ? "unlimited" : `${c.monthlyQuota}/month`,
          c.rateLimitPerMinute === 0 ? "unlimited" : `${c.rateLimitPerMinute}/min per key`,
          c.webhookUrl ?? "(none)",
        ]),
      ))
        io.out(line);
    return 0;
  },
};

const set: Command = {
  name: "clients set",
  summary: "change a client's monthly quota or rate limit",
  help: `usage: claimcheck clients set NAME [--monthly-quota N] [--rate-limit N] [--data-dir DIR [--create] | --database-url URL]`,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, { ...LIMIT_FLAGS, ...DATA_DIR_FLAG }, 1);
    if (!positionals[0]) throw new UsageError("the client name is required");
    const monthlyQuota = intFlag("monthly-quota", values["monthly-quota"]);
    const rateLimitPerMinute = intFlag("rate-limit", values["rate-limit"]);
    if (monthlyQuota === undefined && rateLimitPerMinute === undefined)
      throw new UsageError("give --monthly-quota and/or --rate-limit");
    const c = await withAccounts(io, values, (a) => a.setLimits(positionals[0]!, { monthlyQuota, rateLimitPerMinute }));
    io.out(show(c));
    return 0;
  },
};

export const commands = [add, list, set];
