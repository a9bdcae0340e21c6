/**
 * Every setting the service reads: its environment variable, its command-line flag, its default and its
 * help text. config.ts validates the values; docs/configuration.md describes them (a test keeps the two in step).
 */

/** Every setting: its env name, its flag, its default, and how to read it. */
export const SETTINGS = {
  port: { env: "PORT", flag: "port", def: "8080", help: "TCP port to listen on (0 = any free port)" },
  host: { env: "HOST", flag: "host", def: "0.0.0.0", help: "address to bind" },
  dataDir: { env: "DATA_DIR", flag: "data-dir", def: "./data", help: "directory of the SQLite database" },
  databaseUrl: {
    env: "DATABASE_URL",
    flag: "database-url",
    def: "",
    help: "postgres:// URL: keep all data in PostgreSQL, shared by several replicas (default: SQLite in DATA_DIR)",
  },
  dbSynchronous: {
    env: "DB_SYNCHRONOUS",
    flag: "db-synchronous",
    def: "FULL",
    help: "FULL: acknowledged jobs survive power loss (fsync per request); NORMAL: they survive a process crash, not a machine crash, at a higher ingest rate",
  },
  dbPoolSize: {
    env: "DB_POOL_SIZE",
    flag: "db-pool-size",
    def: "10",
    help: "PostgreSQL connections per process (the server must allow replicas x this, plus CLI commands)",
  },
  dbStatementTimeout: {
    env: "DB_STATEMENT_TIMEOUT",
    flag: "db-statement-timeout",
    def: "15s",
    help: "PostgreSQL: the server ends a statement running longer; one with no answer at all 5 s later means the network or the server stopped answering: it fails (503) and the connections are replaced",
  },
  dbConnectTimeout: {
    env: "DB_CONNECT_TIMEOUT",
    flag: "db-connect-timeout",
    def: "10s",
    help: "PostgreSQL: opening a connection may take this long",
  },
  publicUrl: {
    env: "PUBLIC_URL",
    flag: "public-url",
    def: "",
    help: "external base URL used in links (default: http://HOST:PORT)",
  },
  githubApiUrl: {
    env: "GITHUB_API_URL",
    flag: "github-api-url",
    def: "https://api.github.com",
    help: "GitHub REST base URL (GitHub Enterprise: https://HOST/api/v3)",
  },
  githubToken: {
    env: "GITHUB_TOKEN",
    flag: "github-token",
    def: "",
    help: "GitHub token (strongly advised: 5,000 requests/h instead of 60)",
  },
  githubTokens: {
    env: "GITHUB_TOKENS",
    flag: "github-tokens",
    def: "",
    help: "several GitHub tokens, comma-separated: calls are spread over them, each with its own budget",
  },
  npmRegistryUrl: {
    env: "NPM_REGISTRY_URL",
    flag: "npm-registry-url",
    def: "https://registry.npmjs.org",
    help: "npm registry whose publish times date the versions a suspect history's lockfile pins (empty: not checked)",
  },
  pypiUrl: {
    env: "PYPI_URL",
    flag: "pypi-url",
    def: "https://pypi.org",
    help: "PyPI whose upload times date the versions a suspect history pins (empty: not checked)",
  },
  packageLookups: {
    env: "PACKAGE_LOOKUPS",
    flag: "package-lookups",
    def: "20",
    help: "pinned versions looked up per suspect repository at most (0: the registries are never asked)",
  },
  githubConcurrency: {
    env: "GITHUB_CONCURRENCY",
    flag: "github-concurrency",
    def: "8",
    help: "repositories whose GitHub evidence is gathered at once per verification (GitHub refuses over 100)",
  },
  gitlabToken: {
    env: "GITLAB_TOKEN",
    flag: "gitlab-token",
    def: "",
    help: "gitlab.com token with read_api (optional: 2,000 requests a minute instead of 500 per address)",
  },
  forgeHosts: {
    env: "FORGE_HOSTS",
    flag: "forge-hosts",
    def: "",
    help: 'GitLab, Gitea and Forgejo hosts to read accounts on besides gitlab.com and codeberg.org: "host=kind[,token]" entries separated by ";" (kind gitlab, gitea or forgejo)',
  },
  workerConcurrency: {
    env: "WORKER_CONCURRENCY",
    flag: "worker-concurrency",
    def: "4",
    help: "verifications worked at once",
  },
  readerSpareIdle: {
    env: "READER_SPARE_IDLE",
    flag: "reader-spare-idle",
    def: "10s",
    help: "a second PDF reader process idle this long exits (one stays warm; a second starts when PDFs overlap)",
  },
  readerRecycleMemory: {
    env: "READER_RECYCLE_MEMORY",
    flag: "reader-recycle-memory",
    def: "160",
    help: "MB of resident memory above which a PDF reader process is replaced after a document, once it has collected its garbage",
  },
  webhookTimeout: {
    env: "WEBHOOK_TIMEOUT",
    flag: "webhook-timeout",
    def: "10s",
    help: "time a receiver has to answer",
  },
  webhookRetrySchedule: {
    env: "WEBHOOK_RETRY_SCHEDULE",
    flag: "webhook-retry-schedule",
    def: "1m,5m,30m,2h,8h",
    help: "delays between delivery attempts",
  },
  webhookBlockPrivate: {
    env: "WEBHOOK_BLOCK_PRIVATE",
    flag: "webhook-block-private",
    def: "false",
    help: "refuse webhook URLs that resolve to private or loopback addresses",
  },
  webhookConcurrency: {
    env: "WEBHOOK_CONCURRENCY",
    flag: "webhook-concurrency",
    def: "16",
    help: "webhook deliveries in flight at once",
  },
  logLevel: { env: "LOG_LEVEL", flag: "log-level", def: "info", help: "debug | info | warn | error | silent" },
  shutdownGrace: {
    env: "SHUTDOWN_GRACE",
    flag: "shutdown-grace",
    def: "25s",
    help: "time in-flight work gets to finish on SIGTERM",
  },
  jobLease: {
    env: "JOB_LEASE",
    flag: "job-lease",
    def: "30s",
    help: "how long a crashed worker's job stays claimed before another run picks it up",
  },
  jobDeadline: {
    env: "JOB_DEADLINE",
    flag: "job-deadline",
    def: "5m",
    help: "how long one attempt of a verification may run; past it the job is aborted, its slot freed, and it is retried with backoff (deadline_exceeded once its attempts are spent)",
  },
  resumeRetention: {
    env: "RESUME_RETENTION",
    flag: "resume-retention",
    def: "30d",
    help: "how long uploaded PDFs are kept after a job ends",
  },
  defaultMonthlyQuota: {
    env: "DEFAULT_MONTHLY_QUOTA",
    flag: "default-monthly-quota",
    def: "1000",
    help: "verifications per client per month for new clients (0 = unlimited)",
  },
  defaultRateLimit: {
    env: "DEFAULT_RATE_LIMIT",
    flag: "default-rate-limit",
    def: "60",
    help: "verifications per key per minute for new clients (0 = unlimited)",
  },
  bodyTimeout: {
    env: "BODY_TIMEOUT",
    flag: "body-timeout",
    def: "10s",
    help: "a request body that sends nothing for this long is abandoned with 408 (stalled uploads and forms)",
  },
  uploadTimeout: {
    env: "UPLOAD_TIMEOUT",
    flag: "upload-timeout",
    def: "5m",
    help: "an upload not whole this long after its body began is abandoned with 408, however steadily it arrives",
  },
  bodyBudget: {
    env: "BODY_BUDGET_MB",
    flag: "body-budget-mb",
    def: "64",
    help: "MiB that request bodies being received may hold in memory, all together; past it new ones get 503 with Retry-After",
  },
  metricsToken: {
    env: "METRICS_TOKEN",
    flag: "metrics-token",
    def: "",
    help: "bearer token a Prometheus scraper sends to GET /metrics (at least 16 characters); unset: /metrics is off",
  },
  reportLinkTtl: {
    env: "REPORT_LINK_TTL",
    flag: "report-link-ttl",
    def: "14d",
    help: "how long a share link to a report works: the result's reportUrl (with PUBLIC_URL) and the dashboard's default (1h to 365d)",
  },
  atsLinkTtl: {
    env: "ATS_LINK_TTL",
    flag: "ats-link-ttl",
    def: "retained",
    help: "how long the report link given to an ATS (Greenhouse, Ashby) works: retained (as long as the result is kept) or 1h to 365d",
  },
  atsAllowPrivate: {
    env: "ATS_ALLOW_PRIVATE",
    flag: "ats-allow-private",
    def: "false",
    help: "let resume downloads and calls to an ATS reach private and loopback addresses (an ATS inside the network, a simulator)",
  },
  reportLinkKey: {
    env: "REPORT_LINK_KEY",
    flag: "report-link-key",
    def: "",
    help: "secret (32+ characters, the same on every replica) from which a result's reportUrl is derived, so the link is never stored; unset: a key file in DATA_DIR (one process), and with DATABASE_URL no reportUrl",
  },
} as const;

export type SettingName = keyof typeof SETTINGS;

/** The settings table for --help: flag, variable, meaning and default (a help text that states its own default keeps it). */
export function settingsHelp(): string {
  return Object.values(SETTINGS)
    .map((s) => {
      const def = /\(default: /.test(s.help) ? "" : ` (default: ${s.def === "" ? "none" : s.def})`;
      return `  --${s.flag.padEnd(24)} ${s.env.padEnd(24)} ${s.help}${def}`;
    })
    .join("\n");
}
