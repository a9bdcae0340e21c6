/**
 * The two servers the ingest benchmark compares, each run as its own process:
 *   claimcheck: the real app (auth, limits, idempotency, durable enqueue) with a no-op analysis
 *   bare:       Bun.serve that only parses the multipart body and writes the file (the stack's limit)
 * Usage: bun test/bench/ingest-servers.ts claimcheck|claimcheck-normal|bare DATA_DIR (DATABASE_URL: on PostgreSQL)
 */
import { join } from "node:path";
import { createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config/config.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { fixedSteps } from "../support/harness.ts";

const [kind, dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: ingest-servers.ts claimcheck|bare DATA_DIR");

if (kind === "bare") {
  let n = 0;
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    maxRequestBodySize: 11 * 1024 * 1024,
    async fetch(req) {
      const form = await req.formData();
      const file = form.get("resume") as File;
      await Bun.write(join(dataDir, `upload-${n++}.pdf`), file);
      return Response.json({ ok: true }, { status: 202 });
    },
  });
  process.stdout.write(`listening on http://127.0.0.1:${server.port}\n`);
} else {
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    DEFAULT_MONTHLY_QUOTA: "0",
    DEFAULT_RATE_LIMIT: "0",
    DB_SYNCHRONOUS: kind === "claimcheck-normal" ? "NORMAL" : "FULL",
    // ingest-replicas.ts: several of these on one PostgreSQL database
    DATABASE_URL: process.env.DATABASE_URL ?? "",
  });
  // analysis that takes as long as a small real one (GitHub answers), so the worker is not a DB hammer
  const base = fixedSteps();
  const steps = {
    ...base,
    analyze: async (i: Parameters<typeof base.analyze>[0]) => {
      await Bun.sleep(500);
      return base.analyze(i);
    },
  };
  const app = await createApp(config, { logger: silentLogger, steps });
  const url = await app.start();
  const { key } = await app.accounts.createKey("bench");
  process.stdout.write(`key ${key}\nlistening on ${url}\n`);
}
process.on("SIGTERM", () => process.exit(0));
