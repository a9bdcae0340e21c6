import { loadConfig } from "../../config/index.ts";
import { checkSignature, resolveTarget, systemResolver } from "../../webhooks/index.ts";
import type { Command } from "../command.ts";
import { UsageError } from "../command.ts";
import { DATA_DIR_FLAG, durationFlag, parseFlags } from "../flags.ts";
import { withAccounts } from "../open-data.ts";

/**
 * What the outbound address policy will make of a webhook URL, said when it is set rather than first
 * seen as `blocked` attempts in the log: a cloud metadata, link-local or reserved address (or a private
 * one under WEBHOOK_BLOCK_PRIVATE=true) is never called. Null when deliveries may go there, or when the
 * name cannot be judged now (its DNS answer may come later): the URL is set either way.
 */
async function targetWarning(url: string, env: Record<string, string | undefined>): Promise<string | null> {
  let blockPrivate = false;
  try {
    blockPrivate = loadConfig(env).webhookBlockPrivate;
  } catch {
    // a configuration problem is serve's to report; judge with the defaults
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), 3_000);
  });
  try {
    const target = await Promise.race([resolveTarget(url, { resolve: systemResolver, blockPrivate }), late]);
    if (!target || target.ok) return null;
    if (target.outcome === "blocked")
      return `warning: deliveries to this URL will be refused by the outbound address policy: ${target.error}. Every attempt would be logged as blocked; set a URL that reaches the receiver at an allowed address.`;
    if (target.outcome === "dns") return `note: ${target.error}; deliveries fail (and are retried) until it resolves`;
    return null;
  } finally {
    clearTimeout(timer);
  }
}

const set: Command = {
  name: "webhook set",
  summary: "set a client's webhook URL (and secret; one is generated and printed when not given)",
  help: `usage: claimcheck webhook set --url URL [--secret SECRET] [--client NAME] [--data-dir DIR [--create] | --database-url URL]

Deliveries of verification.completed go to URL, signed with SECRET (X-Service-Signature and the
Standard Webhooks headers). Without --secret a secret is generated the first time and printed as the
only line on stdout; later calls keep the secret in force. Giving a different --secret rotates it:
the previous one keeps signing alongside for 24 hours. A URL whose addresses the outbound policy never
calls (a cloud metadata, link-local or reserved address; a private one with WEBHOOK_BLOCK_PRIVATE=true)
is set all the same, with a warning.`,
  async run(args, io) {
    const { values } = parseFlags(args, {
      url: { type: "string" },
      secret: { type: "string" },
      client: { type: "string" },
      ...DATA_DIR_FLAG,
    });
    if (!values.url) throw new UsageError("--url is required");
    const r = await withAccounts(io, values, (a) =>
      a.setWebhook(values.client ?? "default", values.url!, values.secret),
    );
    if (r.generated) io.out(r.secret);
    io.err(
      `webhook for client ${r.client.name}: ${r.client.webhookUrl}${r.generated ? " (new secret printed above; store it now)" : ""}`,
    );
    const warning = await targetWarning(values.url, io.env);
    if (warning) io.err(warning);
    return 0;
  },
};

const show: Command = {
  name: "webhook show",
  summary: "show a client's webhook URL and whether a secret is set",
  help: `usage: claimcheck webhook show [--client NAME] [--reveal] [--json] [--data-dir DIR [--create] | --database-url URL]

--reveal prints the secret itself.`,
  async run(args, io) {
    const { values } = parseFlags(args, {
      client: { type: "string" },
      reveal: { type: "boolean" },
      json: { type: "boolean" },
      ...DATA_DIR_FLAG,
    });
    const c = await withAccounts(io, values, (a) => a.client(values.client ?? "default"));
    const secret = c.webhookSecret
      ? values.reveal
        ? c.webhookSecret
        : `${c.webhookSecret.slice(0, 10)}… (--reveal to show)`
      : null;
    const prevActive = c.webhookSecretPrevious !== null && (c.webhookSecretPreviousUntil ?? 0) > Date.now();
    const out = {
      client: c.name,
      url: c.webhookUrl,
      secret,
      previousSecretValidUntil: prevActive ? new Date(c.webhookSecretPreviousUntil!).toISOString() : null,
    };
    if (values.json) io.out(JSON.stringify(out, null, 2));
    else {
      io.out(`client:  ${out.client}`);
      io.out(`url:     ${out.url ?? "(none: deliveries are skipped; poll GET /v1/jobs/:trackingId)"}`);
      io.out(`secret:  ${out.secret ?? "(none)"}`);
      if (out.previousSecretValidUntil) io.out(`previous secret still signs until ${out.previousSecretValidUntil}`);
    }
    return 0;
  },
};

const rotate: Command = {
  name: "webhook rotate",
  summary: "replace a client's webhook secret; the old one keeps signing alongside for a while",
  help: `usage: claimcheck webhook rotate [--client NAME] [--overlap DURATION] [--data-dir DIR [--create] | --database-url URL]

Generates a new secret and prints it as the only line on stdout. During the overlap (default 24h)
deliveries carry a webhook-signature for both secrets, so receivers can switch at their own pace;
X-Service-Signature uses the new secret at once.`,
  async run(args, io) {
    const { values } = parseFlags(args, { client: { type: "string" }, overlap: { type: "string" }, ...DATA_DIR_FLAG });
    const overlap = durationFlag("overlap", values.overlap);
    const r = await withAccounts(io, values, (a) => a.rotateWebhookSecret(values.client ?? "default", overlap));
    io.out(r.secret);
    io.err(
      `new secret for client ${r.client.name}${r.client.webhookSecretPreviousUntil ? `; the previous one signs until ${new Date(r.client.webhookSecretPreviousUntil).toISOString()}` : ""}`,
    );
    return 0;
  },
};

const check: Command = {
  name: "webhook check",
  summary: "check a delivery's X-Service-Signature against a client's secrets, and say why not",
  help: `usage: claimcheck webhook check --header "sha256=..." (--body-file FILE | --body TEXT) [--client NAME] [--data-dir DIR [--create] | --database-url URL]

Exit 0 when the signature verifies with the client's current (or still valid previous) secret, 1 when
it does not, with the most likely reason (body re-serialized, whitespace changed, wrong secret ...).`,
  async run(args, io) {
    const { values } = parseFlags(args, {
      header: { type: "string" },
      body: { type: "string" },
      "body-file": { type: "string" },
      client: { type: "string" },
      ...DATA_DIR_FLAG,
    });
    if (!values.header) throw new UsageError("--header is required");
    if ((values.body === undefined) === (values["body-file"] === undefined))
      throw new UsageError("give exactly one of --body or --body-file");
    const body = values.body ?? (await Bun.file(values["body-file"]!).text());
    const c = await withAccounts(io, values, (a) => a.client(values.client ?? "default"));
    const verdict = checkSignature({
      body,
      header: values.header,
      secrets: {
        current: c.webhookSecret,
        previous: c.webhookSecretPrevious,
        previousUntil: c.webhookSecretPreviousUntil,
      },
      now: Date.now(),
    });
    if (verdict.ok) io.out(verdict.message);
    else io.err(`invalid (${verdict.code}): ${verdict.message}`);
    return verdict.ok ? 0 : 1;
  },
};

export const commands = [set, show, rotate, check];
