import { Connections, IntegrationStore, TEST_PROFILES } from "../../integrations/index.ts";
import { isoOf, systemClock, textTable } from "../../lib/index.ts";
import type { CliIO, Command } from "../command.ts";
import { UsageError } from "../command.ts";
import { DATA_DIR_FLAG, parseFlags, type StorageFlags } from "../flags.ts";
import { withAccounts } from "../open-data.ts";

/** The connections of the data a command opens (a running server's, beside it). */
function withConnections<T>(io: CliIO, flags: StorageFlags, fn: (c: Connections) => Promise<T>): Promise<T> {
  return withAccounts(io, flags, (accounts, db) =>
    fn(new Connections(new IntegrationStore(db), accounts, systemClock)),
  );
}

const TESTS_HELP = `--tests        test profiles to offer, comma-separated (default: all: ${TEST_PROFILES.map((t) => t.id).join(", ")})`;

const create: Command = {
  name: "integrations create",
  summary: "connect a Greenhouse or Ashby account as an assessment partner for a client (prints its key once)",
  help: `usage: claimcheck integrations create greenhouse --client NAME [--name NAME] [--tests IDS] [--data-dir DIR [--create] | --database-url URL]
       claimcheck integrations create ashby --client NAME --ashby-key KEY [--ashby-api-url URL] [--name NAME] [--tests IDS] [...]

Creates the key the ATS sends (HTTP Basic username) and prints it as the only line on stdout (only its
hash is kept). Give it to the ATS with the endpoints: Greenhouse PUBLIC_URL/integrations/greenhouse/
{list_tests,send_test,test_status,response_error}; Ashby the base URL PUBLIC_URL/integrations/ashby
(assessment.list, assessment.start, assessment.cancel). Verifications it starts count against the
client's quota.

--client         the client whose verifications the ATS starts
--name           a label for the connection (default: the ATS's name)
${TESTS_HELP}
--ashby-key      Ashby: the customer's Ashby API key, with candidatesRead (the resume) and candidatesWrite (assessment.update)
--ashby-api-url  Ashby: its API (default: https://api.ashbyhq.com)`,
  async run(args, io) {
    const { values, positionals } = parseFlags(
      args,
      {
        client: { type: "string" },
        name: { type: "string" },
        tests: { type: "string" },
        "ashby-key": { type: "string" },
        "ashby-api-url": { type: "string" },
        ...DATA_DIR_FLAG,
      },
      1,
    );
    const kind = positionals[0];
    if (kind !== "greenhouse" && kind !== "ashby") throw new UsageError("name the ATS: greenhouse or ashby");
    if (!values.client) throw new UsageError("--client is required");
    if (kind === "ashby" && !values["ashby-key"]) throw new UsageError("--ashby-key is required for Ashby");
    if (kind === "greenhouse" && (values["ashby-key"] || values["ashby-api-url"]))
      throw new UsageError("--ashby-key and --ashby-api-url are for Ashby connections");
    const { connection, key } = await withConnections(io, values, (c) =>
      c.create({
        kind,
        client: values.client!,
        name: values.name,
        tests: values.tests?.split(","),
        ashbyApiKey: values["ashby-key"],
        ashbyApiUrl: values["ashby-api-url"],
      }),
    );
    io.out(key);
    io.err(
      `created ${kind} connection ${connection.id} for client ${values.client} (tests: ${connection.tests.join(", ")})`,
    );
    return 0;
  },
};

const list: Command = {
  name: "integrations list",
  summary: "list ATS connections (id, ATS, client, tests, state; never keys)",
  help: `usage: claimcheck integrations list [--json] [--data-dir DIR [--create] | --database-url URL]`,
  async run(args, io) {
    const { values } = parseFlags(args, { json: { type: "boolean" }, ...DATA_DIR_FLAG });
    const all = await withConnections(io, values, (c) => c.list());
    const rows = all.map((c) => ({
      id: c.id,
      ats: c.kind,
      name: c.name,
      client: c.clientName,
      tests: c.tests,
      ashbyApiUrl: c.ashbyApiUrl,
      createdAt: isoOf(c.createdAt),
      revokedAt: c.revokedAt ? isoOf(c.revokedAt) : null,
    }));
    if (values.json) io.out(JSON.stringify(rows, null, 2));
    else if (rows.length === 0)
      io.out("no ATS connections (create one: claimcheck integrations create greenhouse --client NAME)");
    else
      for (const line of textTable(
        [
          { header: "id", max: 40 },
          { header: "ats", max: 12 },
          { header: "client", max: 24 },
          { header: "name", max: 24 },
          { header: "tests", max: 32 },
          { header: "state", max: 0 },
        ],
        rows.map((r) => [
          r.id,
          r.ats,
          r.client,
          r.name,
          r.tests.join(","),
          r.revokedAt ? `revoked ${r.revokedAt}` : "live",
        ]),
      ))
        io.out(line);
    return 0;
  },
};

const revoke: Command = {
  name: "integrations revoke",
  summary: "revoke an ATS connection and its key (its calls are refused from then on)",
  help: `usage: claimcheck integrations revoke ID [--data-dir DIR [--create] | --database-url URL]`,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, { ...DATA_DIR_FLAG }, 1);
    if (!positionals[0]) throw new UsageError("the connection id is required (see: claimcheck integrations list)");
    const c = await withConnections(io, values, (s) => s.revoke(positionals[0]!));
    io.out(`revoked ${c.kind} connection ${c.id}`);
    return 0;
  },
};

export const commands: Command[] = [create, list, revoke];
