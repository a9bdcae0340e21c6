import { resolve } from "node:path";
import {
  bool,
  databaseUrl,
  duration,
  durationList,
  either,
  int,
  literal,
  matching,
  nonEmpty,
  oneOf,
  readSettings,
  text,
  url,
} from "./config-values.ts";
import { type ForgeHostConfig, ForgeHostsError, parseForgeHosts } from "./forge-hosts.ts";
import { SETTINGS, type SettingName } from "./settings.ts";

/**
 * The service configuration: defaults -> environment -> command-line flags, validated once, then frozen.
 * Nothing outside src/config reads process.env; services receive only the slice they need.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  dbPath: string;
  /** a postgres:// URL: PostgreSQL (several replicas); null: SQLite in DATA_DIR */
  databaseUrl: string | null;
  /** FULL: every commit (and uploaded PDF) fsynced before it is acknowledged; NORMAL: no fsync per request */
  dbSynchronous: "FULL" | "NORMAL";
  /** PostgreSQL: connections per process */
  dbPoolSize: number;
  /** PostgreSQL: the server ends a statement running longer (no answer 5 s after it: the connection is stuck) */
  dbStatementTimeoutMs: number;
  /** PostgreSQL: opening a connection may take this long */
  dbConnectTimeoutMs: number;
  publicUrl: string | null;
  githubApiUrl: string;
  githubToken: string | null;
  /** every token to spread GitHub calls over (GITHUB_TOKENS, then GITHUB_TOKEN), each with its own budget */
  githubTokens: string[];
  /** repositories whose evidence is gathered at once per verification */
  githubConcurrency: number;
  /** the registries dating pinned versions of suspect histories (null: not asked), and how many per repository */
  npmRegistryUrl: string | null;
  pypiUrl: string | null;
  packageLookups: number;
  /**
   * the GitLab and Gitea/Forgejo hosts a verification may read accounts on: gitlab.com (with GITLAB_TOKEN)
   * and codeberg.org, then FORGE_HOSTS's entries (forge-hosts.ts)
   */
  forgeHosts: ForgeHostConfig[];
  workerConcurrency: number;
  /** a PDF reader process beyond the first exits after this long idle; above this many MB after a document, one is replaced */
  readerSpareIdleMs: number;
  readerRecycleMemoryMb: number;
  webhookTimeoutMs: number;
  webhookRetryScheduleMs: number[];
  webhookBlockPrivate: boolean;
  webhookConcurrency: number;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  shutdownGraceMs: number;
  jobLeaseMs: number;
  /** how long one attempt of a verification may run before it is aborted and retried (or failed) */
  jobDeadlineMs: number;
  maxResumeBytes: number;
  resumeRetentionMs: number;
  defaultMonthlyQuota: number;
  defaultRateLimitPerMinute: number;
  /** a request body that sends nothing for this long is abandoned (408) */
  bodyTimeoutMs: number;
  /** an upload (POST /v1/verify) not whole this long after its body began is abandoned (408) */
  uploadTimeoutMs: number;
  /** bytes all request bodies being received may hold in memory together; past it 503 */
  bodyBudgetBytes: number;
  /** bearer token /metrics requires; null: /metrics is off */
  metricsToken: string | null;
  /** how long a new share link to a report works (the result's reportUrl, and the dashboard's default) */
  reportLinkTtlMs: number;
  /** how long the report link given to an ATS works; null: as long as the result is kept */
  atsLinkTtlMs: number | null;
  /** resume downloads and ATS calls may reach private and loopback addresses */
  atsAllowPrivate: boolean;
  /** REPORT_LINK_KEY: the secret a result's reportUrl is derived from (null: the DATA_DIR key file, or none) */
  reportLinkKey: string | null;
}

/**
 * Settings whose values may hold a token or a password: a problem with one names the setting and the
 * reason, never the value (nor a piece of it: FORGE_HOSTS's messages name an entry by its position).
 */
const SECRET_VALUES: ReadonlySet<SettingName> = new Set([
  "gitlabToken",
  "forgeHosts",
  "githubToken",
  "githubTokens",
  "metricsToken",
  "databaseUrl",
  "reportLinkKey",
]);

const schema = {
  port: int(0, 65535),
  host: nonEmpty(),
  dataDir: nonEmpty(),
  databaseUrl: databaseUrl(),
  dbSynchronous: oneOf(["FULL", "NORMAL"], (s) => s.toUpperCase()),
  dbPoolSize: int(1, 1000),
  dbStatementTimeout: duration("DB_STATEMENT_TIMEOUT").refine(
    (ms) => ms >= 100,
    "DB_STATEMENT_TIMEOUT must be at least 100ms",
  ),
  dbConnectTimeout: duration("DB_CONNECT_TIMEOUT").refine((ms) => ms >= 1000, "DB_CONNECT_TIMEOUT must be at least 1s"),
  publicUrl: either(literal(""), url("PUBLIC_URL")),
  githubApiUrl: url("GITHUB_API_URL"),
  githubToken: text(),
  githubTokens: text().refine((s) => !/\s/.test(s.replace(/\s*,\s*/g, ",").trim()), {
    message: "GITHUB_TOKENS must be tokens separated by commas, without spaces inside a token",
  }),
  githubConcurrency: int(1, 100),
  npmRegistryUrl: either(literal(""), url("NPM_REGISTRY_URL")),
  pypiUrl: either(literal(""), url("PYPI_URL")),
  packageLookups: int(0, 200),
  gitlabToken: text().refine((s) => !/\s/.test(s.trim()), { message: "GITLAB_TOKEN must not contain spaces" }),
  forgeHosts: text().check((s) => {
    try {
      parseForgeHosts({ FORGE_HOSTS: s });
      return null;
    } catch (err) {
      if (!(err instanceof ForgeHostsError)) throw err;
      return err.message;
    }
  }),
  workerConcurrency: int(1, 256),
  readerSpareIdle: duration("READER_SPARE_IDLE").refine((ms) => ms >= 100, "READER_SPARE_IDLE must be at least 100ms"),
  readerRecycleMemory: int(64, 65536),
  webhookTimeout: duration("WEBHOOK_TIMEOUT").refine((ms) => ms >= 1, "WEBHOOK_TIMEOUT must be positive"),
  webhookRetrySchedule: durationList(),
  webhookBlockPrivate: bool,
  webhookConcurrency: int(1, 1024),
  logLevel: oneOf(["debug", "info", "warn", "error", "silent"]),
  shutdownGrace: duration("SHUTDOWN_GRACE"),
  jobLease: duration("JOB_LEASE").refine((ms) => ms >= 1000, "JOB_LEASE must be at least 1s"),
  jobDeadline: duration("JOB_DEADLINE").refine((ms) => ms >= 1000, "JOB_DEADLINE must be at least 1s"),
  resumeRetention: duration("RESUME_RETENTION"),
  defaultMonthlyQuota: int(0, 1_000_000_000),
  defaultRateLimit: int(0, 1_000_000),
  bodyTimeout: duration("BODY_TIMEOUT").refine(
    (ms) => ms >= 100 && ms <= 240_000,
    "BODY_TIMEOUT must be between 100ms and 4m",
  ),
  uploadTimeout: duration("UPLOAD_TIMEOUT").refine(
    (ms) => ms >= 1000 && ms <= 3_600_000,
    "UPLOAD_TIMEOUT must be between 1s and 1h",
  ),
  bodyBudget: int(1, 65536),
  metricsToken: either(
    literal(""),
    matching(/^[\x21-\x7e]{16,256}$/, "METRICS_TOKEN must be 16-256 visible ASCII characters"),
  ),
  reportLinkKey: either(
    literal(""),
    matching(/^[\x21-\x7e]{32,256}$/, "REPORT_LINK_KEY must be 32-256 visible ASCII characters"),
  ),
  reportLinkTtl: duration("REPORT_LINK_TTL").refine(
    (ms) => ms >= 3_600_000 && ms <= 365 * 86_400_000,
    "REPORT_LINK_TTL must be between 1h and 365d",
  ),
  atsLinkTtl: either(
    literal("retained"),
    duration("ATS_LINK_TTL").refine(
      (ms) => ms >= 3_600_000 && ms <= 365 * 86_400_000,
      "ATS_LINK_TTL must be retained or between 1h and 365d",
    ),
  ),
  atsAllowPrivate: bool,
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Build the frozen config. `flags` holds command-line values by flag name (e.g. { port: "0" }).
 * Throws ConfigError listing every problem at once.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  flags: Record<string, string> = {},
): Readonly<Config> {
  const raw: Record<string, string> = {};
  for (const [name, s] of Object.entries(SETTINGS)) raw[name] = flags[s.flag] ?? env[s.env] ?? s.def;
  const parsed = readSettings(schema, raw);
  if (!parsed.ok) {
    const problems = parsed.problems.map((i) => {
      const key = i.key as SettingName;
      const s = SETTINGS[key];
      // settings that hold tokens are never echoed: the message says which entry and why
      const shown = SECRET_VALUES.has(key) ? "(value not shown)" : JSON.stringify(raw[key]);
      return s ? `${s.env} (--${s.flag}) = ${shown}: ${i.message}` : i.message;
    });
    throw new ConfigError(problems);
  }
  const v = parsed.values;
  const dataDir = resolve(v.dataDir);
  return Object.freeze({
    port: v.port,
    host: v.host,
    dataDir,
    dbPath: resolve(dataDir, "claimcheck.db"),
    databaseUrl: v.databaseUrl === "" ? null : v.databaseUrl,
    dbSynchronous: v.dbSynchronous,
    dbPoolSize: v.dbPoolSize,
    dbStatementTimeoutMs: v.dbStatementTimeout,
    dbConnectTimeoutMs: v.dbConnectTimeout,
    publicUrl: v.publicUrl === "" ? null : v.publicUrl.replace(/\/+$/, ""),
    githubApiUrl: v.githubApiUrl.replace(/\/+$/, ""),
    githubToken: v.githubToken === "" ? null : v.githubToken,
    githubTokens: Object.freeze([
      ...new Set([...v.githubTokens.split(","), v.githubToken].map((t) => t.trim()).filter((t) => t !== "")),
    ]) as string[],
    githubConcurrency: v.githubConcurrency,
    npmRegistryUrl: v.npmRegistryUrl === "" ? null : v.npmRegistryUrl.replace(/\/+$/, ""),
    pypiUrl: v.pypiUrl === "" ? null : v.pypiUrl.replace(/\/+$/, ""),
    packageLookups: v.packageLookups,
    forgeHosts: Object.freeze(
      parseForgeHosts({ FORGE_HOSTS: v.forgeHosts, GITLAB_TOKEN: v.gitlabToken }).map((h) => Object.freeze(h)),
    ) as ForgeHostConfig[],
    workerConcurrency: v.workerConcurrency,
    readerSpareIdleMs: v.readerSpareIdle,
    readerRecycleMemoryMb: v.readerRecycleMemory,
    webhookTimeoutMs: v.webhookTimeout,
    webhookRetryScheduleMs: Object.freeze([...v.webhookRetrySchedule]) as number[],
    webhookBlockPrivate: v.webhookBlockPrivate,
    webhookConcurrency: v.webhookConcurrency,
    logLevel: v.logLevel,
    shutdownGraceMs: v.shutdownGrace,
    jobLeaseMs: v.jobLease,
    jobDeadlineMs: v.jobDeadline,
    maxResumeBytes: 10 * 1024 * 1024,
    resumeRetentionMs: v.resumeRetention,
    defaultMonthlyQuota: v.defaultMonthlyQuota,
    defaultRateLimitPerMinute: v.defaultRateLimit,
    bodyTimeoutMs: v.bodyTimeout,
    uploadTimeoutMs: v.uploadTimeout,
    bodyBudgetBytes: v.bodyBudget * 1024 * 1024,
    metricsToken: v.metricsToken === "" ? null : v.metricsToken,
    reportLinkTtlMs: v.reportLinkTtl,
    atsLinkTtlMs: v.atsLinkTtl === "retained" ? null : v.atsLinkTtl,
    atsAllowPrivate: v.atsAllowPrivate,
    reportLinkKey: v.reportLinkKey === "" ? null : v.reportLinkKey,
  });
}

/** Only the storage location: for CLI commands that work on the data of a running server. */
export function loadDataDir(
  env: Record<string, string | undefined>,
  flags: Record<string, string> = {},
): { dataDir: string; dbPath: string; databaseUrl: string | null; dataDirGiven: string } {
  const dataDirGiven = flags[SETTINGS.dataDir.flag] ?? env.DATA_DIR ?? SETTINGS.dataDir.def;
  const dataDir = resolve(dataDirGiven);
  const url = flags[SETTINGS.databaseUrl.flag] ?? env.DATABASE_URL ?? "";
  const parsed = databaseUrl().read(url);
  if (!parsed.ok) throw new ConfigError([`DATABASE_URL (--database-url): ${parsed.message}`]);
  return { dataDir, dbPath: resolve(dataDir, "claimcheck.db"), databaseUrl: url === "" ? null : url, dataDirGiven };
}
