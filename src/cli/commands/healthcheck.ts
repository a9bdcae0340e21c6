import type { Command } from "../command.ts";
import { parseFlags } from "../flags.ts";

const healthcheck: Command = {
  name: "healthcheck",
  summary: "exit 0 when the local server answers /readyz (for container HEALTHCHECKs)",
  help: `usage: claimcheck healthcheck [--url URL]

Asks http://127.0.0.1:$PORT/readyz (or --url) and exits 0 when it answers 200, 1 otherwise.`,
  async run(args, io) {
    const { values } = parseFlags(args, { url: { type: "string" } });
    const url = values.url ?? `http://127.0.0.1:${io.env.PORT ?? "8080"}/readyz`;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(4_000) });
      io.out(`${res.status} ${await res.text()}`);
      return res.status === 200 ? 0 : 1;
    } catch (err) {
      io.err(`unreachable: ${err instanceof Error ? err.message : String(err)}`);
      return 1;
    }
  },
};

export const commands = [healthcheck];
