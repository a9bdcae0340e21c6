import type { Command } from "../command.ts";
import { parseFlags } from "../flags.ts";

const healthcheck: Command = {
  name: "healthcheck",
  summary: "exit 0 when the local server answers /readyz (for container HEALTHCHECKs)",
  help: `usage: claimcheck healthcheck [--url URL]

Asks http://127.0.0.1:$PORT/readyz (or --url) and exits 0 when it answers 200, 1 otherwise; a failure
names the URL it asked and what happened.`,
  async run(args, io) {
    const { values } = parseFlags(args, { url: { type: "string" } });
    const url = values.url ?? `http://127.0.0.1:${io.env.PORT ?? "8080"}/readyz`;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(4_000) });
      const body = await res.text();
      if (res.status === 200) {
        io.out(`${res.status} ${body}`);
        return 0;
      }
      io.err(`not ready: ${url} answered ${res.status} ${body}`);
      return 1;
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      const hint = values.url ? "" : " (is the server running on this machine, on PORT? --url asks another address)";
      io.err(`unreachable: ${url}: ${why}${hint}`);
      return 1;
    }
  },
};

export const commands = [healthcheck];
