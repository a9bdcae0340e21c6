/**
 * The one migration history of both dialects: version N means the same change on SQLite and on
 * PostgreSQL. A migration is a pair of SQL texts (NNNN_name.sqlite.sql and NNNN_name.postgres.sql), or
 * one text both accept (NNNN_name.sql). Each file is imported as text so `bun build --compile` carries it
 * inside the executable. Forward only: never edit a migration once released, add the next number (see
 * docs/storage.md); test/storage/schema-parity.test.ts checks that both dialects end with one schema.
 */
import m0001p from "./0001_core.postgres.sql" with { type: "text" };
import m0001s from "./0001_core.sqlite.sql" with { type: "text" };
import m0002p from "./0002_webhooks.postgres.sql" with { type: "text" };
import m0002s from "./0002_webhooks.sqlite.sql" with { type: "text" };
import m0003p from "./0003_github_cache.postgres.sql" with { type: "text" };
import m0003s from "./0003_github_cache.sqlite.sql" with { type: "text" };
import m0004p from "./0004_dashboard.postgres.sql" with { type: "text" };
import m0004s from "./0004_dashboard.sqlite.sql" with { type: "text" };
import m0005p from "./0005_job_deadline.postgres.sql" with { type: "text" };
import m0005s from "./0005_job_deadline.sqlite.sql" with { type: "text" };
import m0006 from "./0006_login_pairs_setup_links.sql" with { type: "text" };
import m0007p from "./0007_report_sharing.postgres.sql" with { type: "text" };
import m0007s from "./0007_report_sharing.sqlite.sql" with { type: "text" };
import m0008p from "./0008_shared_state.postgres.sql" with { type: "text" };
import m0008s from "./0008_shared_state.sqlite.sql" with { type: "text" };
import m0009p from "./0009_login_failure_ids.postgres.sql" with { type: "text" };
import m0009s from "./0009_login_failure_ids.sqlite.sql" with { type: "text" };
import m0010 from "./0010_job_stage.sql" with { type: "text" };
import m0011p from "./0011_job_claim_order.postgres.sql" with { type: "text" };
import m0011s from "./0011_job_claim_order.sqlite.sql" with { type: "text" };
import m0012p from "./0012_resume_file_storage.postgres.sql" with { type: "text" };
import m0012s from "./0012_resume_file_storage.sqlite.sql" with { type: "text" };
import m0013p from "./0013_rate_gate.postgres.sql" with { type: "text" };
import m0013s from "./0013_rate_gate.sqlite.sql" with { type: "text" };
import m0014 from "./0014_verification_stage_detail.sql" with { type: "text" };
import m0015 from "./0015_verification_accounts.sql" with { type: "text" };
import m0016 from "./0016_ats_integrations.sql" with { type: "text" };
import m0017 from "./0017_job_fair_share.sql" with { type: "text" };
import m0018p from "./0018_result_links_unstored.postgres.sql" with { type: "text" };
import m0018s from "./0018_result_links_unstored.sqlite.sql" with { type: "text" };
import m0019p from "./0019_ats_links_unstored.postgres.sql" with { type: "text" };
import m0019s from "./0019_ats_links_unstored.sqlite.sql" with { type: "text" };
import m0020 from "./0020_job_fair_share_live_rows.sql" with { type: "text" };
import sqliteFresh from "./sqlite-fresh-schema.sql" with { type: "text" };

export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

const both = (sql: string) => ({ sqlite: sql, postgres: sql });

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: "0001_core", sqlite: m0001s, postgres: m0001p },
  { version: 2, name: "0002_webhooks", sqlite: m0002s, postgres: m0002p },
  { version: 3, name: "0003_github_cache", sqlite: m0003s, postgres: m0003p },
  { version: 4, name: "0004_dashboard", sqlite: m0004s, postgres: m0004p },
  { version: 5, name: "0005_job_deadline", sqlite: m0005s, postgres: m0005p },
  { version: 6, name: "0006_login_pairs_setup_links", ...both(m0006) },
  { version: 7, name: "0007_report_sharing", sqlite: m0007s, postgres: m0007p },
  { version: 8, name: "0008_shared_state", sqlite: m0008s, postgres: m0008p },
  { version: 9, name: "0009_login_failure_ids", sqlite: m0009s, postgres: m0009p },
  { version: 10, name: "0010_job_stage", ...both(m0010) },
  { version: 11, name: "0011_job_claim_order", sqlite: m0011s, postgres: m0011p },
  { version: 12, name: "0012_resume_file_storage", sqlite: m0012s, postgres: m0012p },
  { version: 13, name: "0013_rate_gate", sqlite: m0013s, postgres: m0013p },
  { version: 14, name: "0014_verification_stage_detail", ...both(m0014) },
  { version: 15, name: "0015_verification_accounts", ...both(m0015) },
  { version: 16, name: "0016_ats_integrations", ...both(m0016) },
  { version: 17, name: "0017_job_fair_share", ...both(m0017) },
  { version: 18, name: "0018_result_links_unstored", sqlite: m0018s, postgres: m0018p },
  { version: 19, name: "0019_ats_links_unstored", sqlite: m0019s, postgres: m0019p },
  { version: 20, name: "0020_job_fair_share_live_rows", ...both(m0020) },
];

/**
 * Databases migrated by a release that numbered a dialect's migrations otherwise: each old version by
 * its recorded name, and the versions of this history it is (renumbered at the first start, nothing
 * re-run). SQLite's released numbers 1-7 are this history's, unchanged. PostgreSQL's were numbered on
 * their own: its 1 was the whole of SQLite's 1-4, its 2-7 are this history's 8-13, and its 8-10 are
 * SQLite's 5-7 (its 8 also added the stage detail, this history's 14). Development builds numbered the
 * verification's accounts 11 on both dialects; this history's 15.
 */
export const OLD_VERSIONS: Readonly<
  Record<"sqlite" | "postgres", Readonly<Record<string, { old: number; now: readonly number[] }>>>
> = {
  sqlite: {
    "0011_verification_accounts": { old: 11, now: [15] },
  },
  postgres: {
    "0001_schema": { old: 1, now: [1, 2, 3, 4] },
    "0002_shared_state": { old: 2, now: [8] },
    "0003_login_failure_ids": { old: 3, now: [9] },
    "0004_job_stage": { old: 4, now: [10] },
    "0005_job_claim_order": { old: 5, now: [11] },
    "0006_resume_file_storage": { old: 6, now: [12] },
    "0007_rate_gate": { old: 7, now: [13] },
    "0008_job_deadline": { old: 8, now: [5, 14] },
    "0009_login_pairs_setup_links": { old: 9, now: [6] },
    "0010_report_sharing": { old: 10, now: [7] },
    "0011_verification_accounts": { old: 11, now: [15] },
  },
};

/**
 * The SQLite schema MIGRATIONS end with, as one script: what a new SQLite file gets instead of the history
 * applied version by version (migrate.ts). Generated, never edited: `bun test/storage/fresh-schema.ts write`
 * after adding a migration; test/storage/fresh-schema.test.ts fails while it is not the history's.
 */
export const SQLITE_FRESH_SCHEMA: string = sqliteFresh;
