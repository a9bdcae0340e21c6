/** The PostgreSQL migration list (numbered on its own, like SQLite's); embedded as text in the executable. */
import type { Migration } from "../../migrations/index.ts";
import p0001 from "./0001_schema.sql" with { type: "text" };
import p0002 from "./0002_shared_state.sql" with { type: "text" };
import p0003 from "./0003_login_failure_ids.sql" with { type: "text" };
import p0004 from "./0004_job_stage.sql" with { type: "text" };
import p0005 from "./0005_job_claim_order.sql" with { type: "text" };
import p0006 from "./0006_resume_file_storage.sql" with { type: "text" };
import p0007 from "./0007_rate_gate.sql" with { type: "text" };
import p0008 from "./0008_job_deadline.sql" with { type: "text" };
import p0009 from "./0009_login_pairs_setup_links.sql" with { type: "text" };
import p0010 from "./0010_report_sharing.sql" with { type: "text" };
import p0011 from "./0011_verification_accounts.sql" with { type: "text" };

export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  { version: 1, name: "0001_schema", sql: p0001 },
  { version: 2, name: "0002_shared_state", sql: p0002 },
  { version: 3, name: "0003_login_failure_ids", sql: p0003 },
  { version: 4, name: "0004_job_stage", sql: p0004 },
  { version: 5, name: "0005_job_claim_order", sql: p0005 },
  { version: 6, name: "0006_resume_file_storage", sql: p0006 },
  { version: 7, name: "0007_rate_gate", sql: p0007 },
  { version: 8, name: "0008_job_deadline", sql: p0008 },
  { version: 9, name: "0009_login_pairs_setup_links", sql: p0009 },
  { version: 10, name: "0010_report_sharing", sql: p0010 },
  { version: 11, name: "0011_verification_accounts", sql: p0011 },
];
