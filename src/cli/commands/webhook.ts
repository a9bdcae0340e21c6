import type { Command } from "../command.ts";
import { UsageError } from "../command.ts";
import { DATA_DIR_FLAG, parseFlags } from "../flags.ts";
import { withAccounts } from "../open-data.ts";

const set: Command = {
  name: "webhook set",
  summary: "set a client's webhook URL (and secret; one is generated and printed when not given)",
  help: `usage: claimcheck webhook set --url URL [--secret SECRET] [--client NAME] [--data-dir DIR]

Deliveries of verification.completed go to URL, signed with SECRET (X-Service-Signature and the
Standard Webhooks headers). Without --secret a secret is generated the first time and printed as the
only line on stdout; later calls keep the secret in force. Giving a different --secret rotates it:
the previous one keeps signing alongside for 24 hours.`,
  async run(args, io) {
    const { values } = parseFlags(args, { url: { type: "string" }, secret: { type: "string" }, client: { type: "string" }, ...DATA_DIR_FLAG });
    if (!values.url) throw new UsageError("--url is required");
    const r = withAccounts(io, values["data-dir"], (a) => a.setWebhook(values.client ?? "default", values.url!, values.secret));
    if (r.generated) io.out(r.secret);
    io.err(`webhook for client ${r.client.name}: ${r.client.webhook_url}${r.generated ? " (new secret printed above; store it now)" : ""}`);
    return 0;
  },
};

const show: Command = {
  name: "webhook show",
  summary: "show a client's webhook URL and whether a secret is set",
  help: `usage: claimcheck webhook show [--client NAME] [--reveal] [--json] [--data-dir DIR]

--reveal prints the secret itself.`,
  async run(args, io) {
    const { values } = parseFlags(args, { client: { type: "string" }, reveal: { type: "boolean" }, json: { type: "boolean" }, ...DATA_DIR_FLAG });
    const c = withAccounts(io, values["data-dir"], (a) => a.client(values.client ?? "default"));
    const secret = c.webhook_secret ? (values.reveal ? c.webhook_secret : `${c.webhook_secret.slice(0, 10)}… (--reveal to show)`) : null;
    const prevActive = c.webhook_secret_previous !== null && (c.webhook_secret_previous_until ?? 0) > Date.now();
    const out = {
      client: c.name,
      url: c.webhook_url,
      secret,
      previousSecretValidUntil: prevActive ? new Date(c.webhook_secret_previous_until!).toISOString() : null,
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

export const commands = [set, show];
