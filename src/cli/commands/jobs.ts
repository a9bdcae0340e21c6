import { join } from "node:path";
import { JobQueue, JobStore } from "../../jobs/index.ts";
import { isoOf, systemClock, textTable } from "../../lib/index.ts";
import { ReportSource } from "../../report/index.ts";
import type { Database } from "../../storage/index.ts";
import {
  accountText,
  openResumeStore,
  parseJobFilter,
  VerificationService,
  VerificationStore,
} from "../../verification/index.ts";
import { DeliveryReportStore } from "../../webhooks/index.ts";
import type { Command } from "../command.ts";
import { UsageError } from "../command.ts";
import { deliverySummaryJson } from "../delivery-json.ts";
import { DATA_DIR_FLAG, intFlag, parseFlags } from "../flags.ts";
import { jobText } from "../job-text.ts";
import { withAccounts, withDatabase } from "../open-data.ts";

/** The same domain services and read stores the server and the dashboard use, over the DATA_DIR's database. */
function services(db: Database, dataDir: string) {
  return {
    deliveries: new DeliveryReportStore(db),
    verifications: new VerificationService(
      db,
      new VerificationStore(db),
      new JobQueue(new JobStore(db), systemClock),
      systemClock,
      openResumeStore(db, join(dataDir, "resumes")),
    ),
  };
}

const list: Command = {
  name: "jobs list",
  summary: "list verifications, newest first, with filters (as the dashboard's jobs page)",
  help: `usage: claimcheck jobs list [--state S] [--client NAME] [--user PREFIX] [--from DAY] [--to DAY] [--limit N] [--json] [--data-dir DIR [--create] | --database-url URL]

--state   queued | processing | COMPLETED | FAILED | webhook_failed
--user    a GitHub login or its beginning
--from/--to  UTC days, YYYY-MM-DD (inclusive)`,
  async run(args, io) {
    const { values } = parseFlags(args, {
      state: { type: "string" },
      client: { type: "string" },
      user: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      limit: { type: "string" },
      json: { type: "boolean" },
      ...DATA_DIR_FLAG,
    });
    const { filter, problems } = parseJobFilter({
      state: values.state,
      client: values.client,
      username: values.user,
      from: values.from,
      to: values.to,
    });
    if (problems.length) throw new UsageError(problems.join("; "));
    const limit = intFlag("limit", values.limit) ?? 50;
    const clientId = filter.client
      ? await withAccounts(io, values, async (a) => (await a.client(filter.client!)).id)
      : null;
    const { page, verdicts } = await withDatabase(io, values, async (db, dataDir) => {
      const page = await services(db, dataDir).verifications.listJobs(
        filter,
        clientId,
        Math.min(Math.max(limit, 1), 1000),
      );
      // the verdict as the dashboard lists it: the result's own (report/verdict.ts)
      return { page, verdicts: await new ReportSource(db).verdicts(page.rows.map((r) => r.trackingId)) };
    });
    const rows = page.rows.map((r) => ({
      trackingId: r.trackingId,
      client: r.clientName,
      hostUsername: r.hostUsername,
      ...(r.accounts.length ? { accounts: r.accounts.map(accountText) } : {}),
      state: r.state,
      score: r.score,
      verdict: verdicts.get(r.trackingId) ?? null,
      candidateName: r.candidateName,
      error: r.errorCode,
      webhook: r.webhookState,
      createdAt: isoOf(r.createdAt),
      completedAt: r.completedAt ? isoOf(r.completedAt) : null,
    }));
    if (values.json) io.out(JSON.stringify({ total: page.total, jobs: rows }, null, 2));
    else {
      io.out(`${page.total} job(s)${page.total > rows.length ? `, newest ${rows.length} shown` : ""}`);
      if (rows.length > 0)
        for (const line of textTable(
          [
            { header: "tracking id", max: 40 },
            { header: "created (UTC)", max: 20 },
            { header: "client", max: 16 },
            { header: "GitHub user", max: 39 },
            { header: "candidate", max: 24 },
            { header: "state", max: 10 },
            { header: "verdict", max: 34 },
            { header: "score", max: 5, align: "right" },
            { header: "webhook", max: 0 },
          ],
          rows.map((r) => [
            r.trackingId,
            r.createdAt.slice(0, 19).replace("T", " "),
            r.client,
            // a job given only other hosts' accounts is known by the first of them
            r.hostUsername || (r.accounts?.[0] ?? ""),
            r.candidateName ?? "",
            r.state,
            r.verdict?.label ?? "",
            r.score !== null ? String(r.score) : "",
            r.webhook ?? "",
          ]),
        ))
          io.out(line);
    }
    return 0;
  },
};

const show: Command = {
  name: "jobs show",
  summary: "print one verification (the result as polled) and its webhook deliveries",
  help: `usage: claimcheck jobs show TRACKING_ID [--json] [--data-dir DIR [--create] | --database-url URL]

Prints the job for a person (state, score and verdict, projects, flags, webhook deliveries); --json
prints { job (the result as polled), pdfKept, deliveries } instead.`,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, { json: { type: "boolean" }, ...DATA_DIR_FLAG }, 1);
    const id = positionals[0];
    if (!id) throw new UsageError("the trackingId is required (see: claimcheck jobs list)");
    const out = await withDatabase(io, values, async (db, dataDir) => {
      const s = services(db, dataDir);
      const v = await s.verifications.get(id);
      if (!v) return null;
      return {
        job: await s.verifications.render(v),
        pdfKept: v.resumeStored,
        deliveries: await s.deliveries.forJob(id),
      };
    });
    if (!out) {
      io.err(`no job ${id}`);
      return 1;
    }
    if (values.json) io.out(JSON.stringify({ ...out, deliveries: out.deliveries.map(deliverySummaryJson) }, null, 2));
    else for (const line of jobText({ ...out, job: out.job as Record<string, unknown> })) io.out(line);
    return 0;
  },
};

const deleteData: Command = {
  name: "jobs delete-pdf",
  summary: "delete a verification's uploaded PDF now (personal data); the result stays",
  help: `usage: claimcheck jobs delete-pdf TRACKING_ID [--data-dir DIR [--create] | --database-url URL]

PDFs are deleted RESUME_RETENTION after their job ends; this deletes one at once. A job that has not
finished yet will then fail with resume_purged.`,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, { ...DATA_DIR_FLAG }, 1);
    const id = positionals[0];
    if (!id) throw new UsageError("the trackingId is required");
    const found = await withDatabase(io, values, async (db, dataDir) => {
      const s = services(db, dataDir);
      if (!(await s.verifications.get(id))) return false;
      await s.verifications.deleteResume(id);
      return true;
    });
    if (!found) {
      io.err(`no job ${id}`);
      return 1;
    }
    io.out(`deleted the PDF of ${id}`);
    return 0;
  },
};

export const commands = [list, show, deleteData];
