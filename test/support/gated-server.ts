/**
 * A real server process for crash and shutdown tests: the production app with analysis steps that
 * announce themselves (a `started-<login>` file in DATA_DIR) and then wait until a `release` file
 * appears. Every final event is recorded in a table inside the finishing transaction, so tests can
 * count exactly how many times each job was finished.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config/config.ts";
import { fixedSteps } from "./harness.ts";

const config = loadConfig(process.env);
const base = fixedSteps(66);
const app = await createApp(config, {
  steps: {
    extract: base.extract,
    async analyze(input) {
      writeFileSync(join(config.dataDir, `started-${input.hostUsername}`), String(process.pid));
      while (!existsSync(join(config.dataDir, "release"))) {
        if (input.signal.aborted) throw input.signal.reason;
        await Bun.sleep(25);
      }
      return base.analyze(input);
    },
  },
});
await app.db.exec("CREATE TABLE IF NOT EXISTS final_events (tracking_id TEXT NOT NULL, pid INTEGER NOT NULL)");
app.verifications.onFinal(async (tx, e) => {
  await tx.query("INSERT INTO final_events (tracking_id, pid) VALUES (?, ?)").run(e.result.trackingId, process.pid);
});
const url = await app.start();
process.stdout.write(`listening on ${url}\n`);
process.on("SIGTERM", () => {
  app.stop().then(() => {
    process.stdout.write("stopped\n");
    process.exit(0);
  });
});
