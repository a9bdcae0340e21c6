/**
 * The embedded migration list. Each file is imported as text so `bun build --compile` carries it inside
 * the executable. Numbered, forward-only; never edit a migration once released, add a new one.
 */
import m0001 from "./0001_core.sql" with { type: "text" };
import m0002 from "./0002_webhooks.sql" with { type: "text" };
import m0003 from "./0003_github_cache.sql" with { type: "text" };
import m0004 from "./0004_dashboard.sql" with { type: "text" };
import m0005 from "./0005_job_deadline.sql" with { type: "text" };
import m0006 from "./0006_login_pairs_setup_links.sql" with { type: "text" };
import m0007 from "./0007_report_sharing.sql" with { type: "text" };
import m0011 from "./0011_verification_accounts.sql" with { type: "text" };

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: "0001_core", sql: m0001 },
  { version: 2, name: "0002_webhooks", sql: m0002 },
  { version: 3, name: "0003_github_cache", sql: m0003 },
  { version: 4, name: "0004_dashboard", sql: m0004 },
  { version: 5, name: "0005_job_deadline", sql: m0005 },
  { version: 6, name: "0006_login_pairs_setup_links", sql: m0006 },
  { version: 7, name: "0007_report_sharing", sql: m0007 },
  { version: 11, name: "0011_verification_accounts", sql: m0011 },
];
