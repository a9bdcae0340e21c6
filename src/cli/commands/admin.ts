import { ADMIN_ROLES, AdminAuth, type AdminRole, AdminStore, setupLink } from "../../admins/index.ts";
import { loadConfig } from "../../config/index.ts";
import { isoOf, systemClock } from "../../lib/index.ts";
import type { CliIO, Command } from "../command.ts";
import { UsageError } from "../command.ts";
import { DATA_DIR_FLAG, durationFlag, parseFlags, type StorageFlags } from "../flags.ts";
import { withDatabase } from "../open-data.ts";
import { forPerson } from "../program-name.ts";

/** Open the data directory's database for dashboard-administrator work (safe beside a running server). */
function withAdmins<T>(
  io: CliIO,
  flags: StorageFlags,
  fn: (auth: AdminAuth) => T | Promise<T>,
  setupTtlMs?: number,
): Promise<T> {
  return withDatabase(io, flags, (db) => fn(new AdminAuth(new AdminStore(db), systemClock, { setupTtlMs })));
}

/** The base URL people reach the server at: --url, else PUBLIC_URL, else http://HOST:PORT (loopback for a wildcard bind). */
function baseUrl(io: CliIO, flag: string | undefined): string {
  if (flag) {
    if (!/^https?:\/\/[^\s/]+/.test(flag))
      throw new UsageError("--url must be an http(s) URL such as https://claimcheck.example.com");
    return flag.replace(/\/+$/, "");
  }
  try {
    const c = loadConfig(io.env);
    if (c.publicUrl) return c.publicUrl;
    const host = c.host === "0.0.0.0" || c.host === "::" ? "127.0.0.1" : c.host;
    return `http://${host.includes(":") ? `[${host}]` : host}:${c.port}`;
  } catch {
    return "http://127.0.0.1:8080";
  }
}

const create: Command = {
  name: "admin create",
  summary: "print a one-time link that creates a dashboard administrator (or recruiter)",
  help: `usage: claimcheck admin create [--role admin|recruiter] [--url BASE_URL] [--ttl DURATION] [--data-dir DIR [--create] | --database-url URL]

Prints a setup link as the only line on stdout. Whoever opens it first (within --ttl, default 30m)
chooses a username and password for a new administrator; the link then stops working. Use it for the
first administrator, another one, or to get back in after a lost password (then remove the old
account with \`claimcheck admin remove\`). There is no default password.

--role  admin (default): everything; recruiter: reads results, submits resumes and shares reports,
        never sees API keys, webhook secrets or settings
--url   the address people reach the server at (default: PUBLIC_URL, else http://HOST:PORT)
--ttl   how long the link stays valid: 5m .. 7d (default 30m)`,
  async run(args, io) {
    const { values } = parseFlags(args, {
      url: { type: "string" },
      ttl: { type: "string" },
      role: { type: "string" },
      ...DATA_DIR_FLAG,
    });
    const ttl = durationFlag("ttl", values.ttl, {
      min: 5 * 60_000,
      max: 7 * 86_400_000,
      text: "a duration from 5m to 7d, e.g. 30m or 2h",
    });
    const role = (values.role ?? "admin") as AdminRole;
    if (!ADMIN_ROLES.includes(role)) throw new UsageError(`--role must be one of: ${ADMIN_ROLES.join(", ")}`);
    const base = baseUrl(io, values.url);
    const { token, expiresAt } = await withAdmins(io, values, (auth) => auth.createSetupToken(role), ttl);
    io.out(setupLink(base, token));
    io.err(
      `one-time setup link, valid until ${isoOf(expiresAt)}: open it in a browser to create ${role === "admin" ? "an administrator" : "a recruiter account"}`,
    );
    return 0;
  },
};

const list: Command = {
  name: "admin list",
  summary: "list dashboard administrators",
  help: `usage: claimcheck admin list [--json] [--data-dir DIR [--create] | --database-url URL]`,
  async run(args, io) {
    const { values } = parseFlags(args, { json: { type: "boolean" }, ...DATA_DIR_FLAG });
    const admins = await withAdmins(io, values, (auth) => auth.listAdmins());
    const rows = admins.map((a) => ({
      id: a.id,
      username: a.username,
      createdAt: isoOf(a.createdAt),
      lastLoginAt: a.lastLoginAt ? isoOf(a.lastLoginAt) : null,
      role: a.role,
    }));
    if (values.json) io.out(JSON.stringify(rows, null, 2));
    else if (rows.length === 0) io.out(forPerson(io, "no administrators (create one: claimcheck admin create)"));
    else
      for (const r of rows)
        io.out(
          `${r.username.padEnd(24)} created ${r.createdAt}  last login ${r.lastLoginAt ?? "never"}${r.role === "admin" ? "" : `  (${r.role})`}`,
        );
    return 0;
  },
};

const remove: Command = {
  name: "admin remove",
  summary: "remove a dashboard administrator and end their sessions",
  help: `usage: claimcheck admin remove USERNAME [--data-dir DIR [--create] | --database-url URL]`,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, { ...DATA_DIR_FLAG }, 1);
    if (!positionals[0]) throw new UsageError("the username is required (see: claimcheck admin list)");
    await withAdmins(io, values, (auth) => auth.removeAdmin(positionals[0]!));
    io.out(`removed ${positionals[0]}`);
    return 0;
  },
};

const unlock: Command = {
  name: "admin unlock",
  summary: "forget failed dashboard logins for a username (or from an address), lifting its throttle",
  help: `usage: claimcheck admin unlock USERNAME [--data-dir DIR [--create] | --database-url URL]
       claimcheck admin unlock --address ADDRESS [--data-dir DIR [--create] | --database-url URL]

Failed logins are throttled per username and address (5 in 15 minutes), per address (20), and, when a
username collects many failures from many addresses, each address that failed waits a growing backoff.
An address that has not failed is never held back, so an administrator normally gets in from another
one; this lifts the throttle at once, for USERNAME from every address, or for everything ADDRESS
tried. A running server applies it from its next login attempt.`,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, { address: { type: "string" }, ...DATA_DIR_FLAG }, 1);
    const username = positionals[0];
    if ((username === undefined) === (values.address === undefined))
      throw new UsageError("give a USERNAME or --address ADDRESS (one of the two)");
    const forgotten = await withAdmins(io, values, (auth) =>
      auth.unlock(username !== undefined ? { username } : { address: values.address! }),
    );
    const who = username !== undefined ? `username ${username}` : `address ${values.address}`;
    io.out(`unlocked ${who}: ${forgotten} failed login${forgotten === 1 ? "" : "s"} forgotten`);
    return 0;
  },
};

export const commands = [create, list, remove, unlock];
