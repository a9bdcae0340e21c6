/** The config module's public surface: what other modules of src/ import from it (never the files behind it). */

export type { Config } from "./config.ts";
export { ConfigError, loadConfig, loadDataDir } from "./config.ts";
export { durationProblem, parseDuration } from "./duration.ts";
export type { ForgeHostConfig } from "./forge-hosts.ts";
export { ForgeHostsError, forgeHostOf, parseForgeHosts } from "./forge-hosts.ts";
export { SETTINGS, settingsHelp } from "./settings.ts";
export {
  databaseOpenError,
  ensureDataDir,
  listenError,
  missingDatabaseError,
  postgresPlace,
  postgresStartError,
} from "./startup-checks.ts";
