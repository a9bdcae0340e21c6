import { AccountService, AccountStore } from "../../accounts/index.ts";
import { type Config, ConfigError, durationProblem, loadConfig, parseDuration } from "../../config/index.ts";
import { isoOf, systemClock } from "../../lib/index.ts";
import { VerificationStore } from "../../verification/index.ts";
import type { Delivery, DeliveryAttempt } from "../../webhooks/index.ts";
import {
  createHttpSender,
  DeliveryStore,
  finalResultOf,
  WebhookService,
  webhookStatusOf,
} from "../../webhooks/index.ts";
import type { CliIO, Command } from "../command.ts";
import { UsageError } from "../command.ts";
import { attemptJson, deliveryJson } from "../delivery-json.ts";
import { DATA_DIR_FLAG, parseFlags, type StorageFlags } from "../flags.ts";
import { clientDefaults, openCommandStorage } from "../open-data.ts";

/**
 * Open the DATA_DIR of a (possibly running) server for delivery admin. A running server notices
 * rescheduled deliveries within its poll interval (about a second); a stopped one at its next start.
 */
async function openWebhooks(io: CliIO, flags: StorageFlags) {
  const { db } = await openCommandStorage(io, flags);
  const accounts = new AccountService(new AccountStore(db), systemClock, clientDefaults(io.env));
  const verifications = new VerificationStore(db);
  const service = new WebhookService({
    db,
    store: new DeliveryStore(db),
    clients: accounts,
    finalResult: async (id, q) => finalResultOf(await verifications.on(q ?? db).get(id)),
    clock: systemClock,
  });
  return { db, accounts, service, close: () => db.close() };
}

/** `--since` as an ISO time, or a duration back from now (`24h`, `7d`). */
export function parseSince(text: string, now: number): number {
  const ago = parseDuration(text);
  if (ago !== null) return now - ago;
  const t = Date.parse(text);
  if (!Number.isFinite(t) || !/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const bare = /^\s*\d+(\.\d+)?\s*$/.test(text) ? ` (${durationProblem(text)})` : "";
    throw new UsageError(
      `--since must be an ISO time (2026-01-31T00:00:00Z) or a duration back from now (24h), got ${JSON.stringify(text)}${bare}`,
    );
  }
  return t;
}

/** Untrusted text (receiver answers) made safe for a terminal: quoted, control characters escaped, bounded. */
function shown(text: string | null, max = 160): string {
  if (text === null || text === "") return "";
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut);
}

function describeDelivery(d: Delivery): string {
  const next = d.nextAttemptAt !== null && d.leaseToken === null ? `, next attempt ${isoOf(d.nextAttemptAt)}` : "";
  return `${d.id}  ${d.trackingId ?? "(test)"}  ${webhookStatusOf(d.state)}  attempts ${d.attempts}${next}`;
}

const RESEND_HELP = `usage: claimcheck webhook resend ID [--data-dir DIR [--create] | --database-url URL]
       claimcheck webhook resend --failed --since TIME [--client NAME] [--data-dir DIR [--create] | --database-url URL]

Send a verification.completed event again, starting a fresh round of the retry schedule now: an
attempt at once, then WEBHOOK_RETRY_SCHEDULE. ID is a delivery id (msg_...) or a trackingId (vrf_...);
a finished verification that was never delivered (no URL back then) gets its first delivery. The event
keeps its webhook-id, so receivers that already processed it can drop the copy.

--failed resends every delivery that ended webhook_failed at or after TIME (an ISO time such as
2026-01-31T00:00:00Z, or a duration back from now such as 24h), for one client or (without --client)
all of them.

A running server sends within about a second; a stopped one at its next start.`;

const resend: Command = {
  name: "webhook resend",
  summary: "send an event again: one delivery, or every webhook_failed delivery since a time",
  help: RESEND_HELP,
  async run(args, io) {
    const { values, positionals } = parseFlags(
      args,
      { failed: { type: "boolean" }, since: { type: "string" }, client: { type: "string" }, ...DATA_DIR_FLAG },
      1,
    );
    const id = positionals[0];
    if (values.failed ? id !== undefined : id === undefined)
      throw new UsageError("give either one ID, or --failed --since TIME");
    if (!values.failed && (values.since || values.client))
      throw new UsageError("--since and --client go with --failed");
    const w = await openWebhooks(io, values);
    try {
      if (id !== undefined) {
        const r = await w.service.resend(id);
        io.out(describeDelivery(r.delivery));
        io.err(r.created ? "queued a first delivery for this verification" : "scheduled for an attempt now");
        return 0;
      }
      if (!values.since) throw new UsageError("--failed needs --since TIME (e.g. --since 24h)");
      const since = parseSince(values.since, Date.now());
      const clientId = values.client ? (await w.accounts.client(values.client)).id : null;
      const rows = await w.service.resendFailed(clientId, since);
      for (const d of rows) io.out(describeDelivery(d));
      io.err(
        `${rows.length} failed deliver${rows.length === 1 ? "y" : "ies"} since ${isoOf(since)} scheduled for an attempt now`,
      );
      return 0;
    } finally {
      await w.close();
    }
  },
};

const testCmd: Command = {
  name: "webhook test",
  summary: "send a signed webhook.test event to a client's URL now and show the answer",
  help: `usage: claimcheck webhook test [--client NAME] [--data-dir DIR [--create] | --database-url URL]

POSTs {"event":"webhook.test",...} to the client's webhook URL, signed exactly like real deliveries
(X-Service-Signature and the Standard Webhooks headers), with the same timeout and outbound-safety
settings as the server (WEBHOOK_TIMEOUT, WEBHOOK_BLOCK_PRIVATE). One attempt, no retries; it is
recorded in the attempt log. Exit code 0 when the receiver answered 2xx, 1 otherwise.`,
  async run(args, io) {
    const { values } = parseFlags(args, { client: { type: "string" }, ...DATA_DIR_FLAG });
    let config: Config;
    try {
      config = loadConfig(io.env, values["data-dir"] ? { "data-dir": values["data-dir"] } : {});
    } catch (err) {
      if (err instanceof ConfigError) {
        io.err(err.message);
        return 78;
      }
      throw err;
    }
    const w = await openWebhooks(io, values);
    try {
      const client = await w.accounts.client(values.client ?? "default");
      const sender = createHttpSender({ timeoutMs: config.webhookTimeoutMs, blockPrivate: config.webhookBlockPrivate });
      const { delivery, result } = await w.service.sendTest(client.id, sender);
      const status = result.statusCode === null ? "" : ` HTTP ${result.statusCode}`;
      io.out(
        `${result.outcome === "success" ? "delivered" : `failed (${result.outcome})`}:${status} in ${result.latencyMs} ms  ${delivery.id}`,
      );
      if (result.error) io.out(`error:    ${result.error}`);
      if (result.responseExcerpt) io.out(`response: ${shown(result.responseExcerpt, 400)}`);
      return result.outcome === "success" ? 0 : 1;
    } finally {
      await w.close();
    }
  },
};

function attemptLine(a: DeliveryAttempt): string {
  const what =
    a.outcome === "success" || a.outcome === "http" ? `${a.outcome} ${a.statusCode ?? ""}`.trim() : a.outcome;
  const latency = a.latencyMs === null ? "" : `${a.latencyMs} ms`;
  return [
    `#${a.attempt}`,
    isoOf(a.startedAt),
    what.padEnd(12),
    latency.padStart(8),
    a.error ? shown(a.error, 120) : "",
    shown(a.responseExcerpt),
  ]
    .filter(Boolean)
    .join("  ");
}

const log: Command = {
  name: "webhook log",
  summary: "show a delivery and every attempt: time, outcome, status, latency, first bytes of the answer",
  help: `usage: claimcheck webhook log ID [--json] [--data-dir DIR [--create] | --database-url URL]

ID is a delivery id (msg_...) or a trackingId (vrf_..., its newest delivery). Receiver answers are
untrusted: they are shown quoted with control characters escaped, and as JSON strings with --json.`,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, { json: { type: "boolean" }, ...DATA_DIR_FLAG }, 1);
    if (!positionals[0]) throw new UsageError("the delivery id or trackingId is required");
    const w = await openWebhooks(io, values);
    try {
      const d = await w.service.find(positionals[0]);
      if (!d) {
        io.err(`no delivery for ${positionals[0]} (a verification of a client without a webhook URL has none)`);
        return 1;
      }
      const attempts = await w.service.attempts(d.id);
      if (values.json) {
        const delivery = { ...deliveryJson(d), webhookStatus: webhookStatusOf(d.state) };
        io.out(JSON.stringify({ delivery, attempts: attempts.map(attemptJson) }, null, 2));
      } else {
        io.out(describeDelivery(d));
        for (const a of attempts) io.out(`  ${attemptLine(a)}`);
      }
      return 0;
    } finally {
      await w.close();
    }
  },
};

export const commands = [resend, testCmd, log];
