import { type App, createApp } from "../../app.ts";
import {
  type Config,
  ConfigError,
  databaseOpenError,
  ensureDataDir,
  loadConfig,
  postgresPlace,
  postgresStartError,
  SETTINGS,
  settingsHelp,
} from "../../config/index.ts";
import { errorMessage, userCommand } from "../../lib/index.ts";
import type { Command } from "../command.ts";
import { parseFlags } from "../flags.ts";
import { githubTokenNotice, serveCommand } from "../notices.ts";

const options = Object.fromEntries(Object.values(SETTINGS).map((s) => [s.flag, { type: "string" as const }]));

const serve: Command = {
  name: "serve",
  summary: "run the API server and the background workers (the default command)",
  help: `usage: claimcheck serve [options]

Runs the HTTP API, the verification worker and the webhook dispatcher in one process.
Every option can also be given as an environment variable; flags win over the environment.

${settingsHelp()}

Durations need a unit: 500ms, 10s, 5m, 2h, 1d (a bare number such as 10 is refused).
A configuration problem (a bad value, an unusable DATA_DIR, a port already in use) stops the start
with a message naming the setting and the cause, exit status 78.
SIGTERM or SIGINT stops gracefully: no new requests, in-flight verifications get SHUTDOWN_GRACE to
finish, the rest are released to be picked up at the next start.`,
  async run(args, io) {
    const { values } = parseFlags(args, options);
    let config: Readonly<Config>;
    let app: App;
    let url: string;
    try {
      config = loadConfig(io.env, values as Record<string, string>);
      ensureDataDir(config.dataDir);
      try {
        app = await createApp(config);
      } catch (err) {
        // a SQLite file that cannot be opened is a DATA_DIR problem, a PostgreSQL that cannot be used a DATABASE_URL one
        if (config.databaseUrl) throw postgresStartError(config.databaseUrl, err);
        throw err instanceof Error && /sqlite|database/i.test(`${err.name} ${err.message}`)
          ? databaseOpenError(config.dataDir, config.dbPath, err)
          : err;
      }
      url = await app.start();
    } catch (err) {
      if (err instanceof ConfigError) {
        io.err(err.message);
        return 78; // EX_CONFIG
      }
      throw err;
    }
    const cmd = userCommand(io.env);
    const keys = (await app.accounts.listKeys()).filter((k) => k.revokedAt === null);
    const local = app.boundUrl === url ? "" : ` (every interface; from this machine: ${url})`;
    const data = config.databaseUrl ? `PostgreSQL ${postgresPlace(config.databaseUrl)}, DATABASE_URL` : config.dbPath;
    io.out(`claimcheck listening on ${app.boundUrl}${local}  (data: ${data})`);
    if (!config.githubToken) io.err(githubTokenNotice(cmd, "serve", serveCommand(cmd, io.env)));
    if (keys.length === 0) io.out(`no API key yet; create one in another terminal:  ${cmd} keys create --name first`);
    io.out(`health: ${url}/healthz   API: POST ${url}/v1/verify   OpenAPI: ${url}/openapi.json`);
    try {
      const setup = await app.dashboard.setupLinkIfNoAdmin(url);
      if (setup)
        io.out(
          `dashboard: no administrator yet; create the first one with this one-time link (valid until ${new Date(setup.expiresAt).toISOString()}): ${setup.link}`,
        );
      else io.out(`dashboard: ${config.publicUrl ?? url}/dashboard`);
    } catch (err) {
      // best effort (e.g. a full disk): never leave a running server without its signal handlers
      io.err(
        `dashboard: could not create the one-time setup link (${errorMessage(err)}); create one later with: ${cmd} admin create`,
      );
    }
    await new Promise<void>((resolve) => {
      const onSignal = (sig: string) => {
        io.out(`${sig} received: stopping (grace ${config.shutdownGraceMs} ms)`);
        process.off("SIGTERM", term);
        process.off("SIGINT", int);
        app.stop().then(resolve, resolve);
      };
      const term = () => onSignal("SIGTERM");
      const int = () => onSignal("SIGINT");
      process.on("SIGTERM", term);
      process.on("SIGINT", int);
    });
    io.out("stopped");
    return 0;
  },
};

export const commands = [serve];
