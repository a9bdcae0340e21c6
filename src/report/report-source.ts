import type { Verdict } from "../contract/index.ts";
import { onFirstUse } from "../lib/index.ts";
import type { Queryable } from "../storage/index.ts";
import type * as Builder from "./build-report.ts";
import type { Report } from "./report-model.ts";
import { readStoredVerification } from "./stored-result.ts";

/** The report builder (and through it the rules' words), loaded by the first report, not with the server. */
const builder = onFirstUse(() => require("./build-report.ts") as typeof Builder);

/** What the report needs of a stored verification (the verification domain's Verification has it). */
export interface FinalVerification {
  trackingId: string;
  hostUsername: string;
  status: string;
  /** the final result as recorded (JSON); null until the job ends */
  result: string | null;
  /** the commit timelines kept beside it (JSON) */
  timelines?: string | null;
}

/** The columns the verdicts of a list read, as SQL returns them. */
interface FinalRow {
  tracking_id: string;
  host_username: string;
  status: string;
  result: string | null;
}

/** Verdicts kept in memory: a final result never changes, so a list refresh need not parse it again. */
const VERDICT_CACHE_SIZE = 5_000;

const parse = (s: string | null | undefined): unknown => {
  if (!s) return null;
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
};

/** The report of a final verification, with the timelines stored beside it; null while not final. */
export function reportOf(v: FinalVerification): { report: Report; timelines: unknown } | null {
  if ((v.status !== "COMPLETED" && v.status !== "FAILED") || !v.result) return null;
  const timelines = parse(v.timelines);
  const stored = readStoredVerification(parse(v.result), timelines, {
    trackingId: v.trackingId,
    hostUsername: v.hostUsername,
  });
  return { report: builder().buildReport(stored), timelines };
}

/**
 * Reports read from the verifications table: one job's whole report, or the verdicts of a page of jobs
 * (one query, remembered per tracking id since a final result never changes).
 */
export class ReportSource {
  private readonly verdictCache = new Map<string, Verdict>();

  constructor(private readonly db: Queryable) {}

  /** The verdicts of the final jobs among `trackingIds`. */
  async verdicts(trackingIds: readonly string[]): Promise<Map<string, Verdict>> {
    const out = new Map<string, Verdict>();
    const missing = trackingIds.filter((id) => {
      const hit = this.verdictCache.get(id);
      if (hit) out.set(id, hit);
      return !hit;
    });
    if (missing.length === 0) return out;
    const rows = await this.db
      .query<FinalRow, string[]>(
        `SELECT tracking_id, host_username, status, result FROM verifications
          WHERE tracking_id IN (${missing.map(() => "?").join(", ")}) AND result IS NOT NULL`,
      )
      .all(...missing);
    for (const row of rows) {
      const r = reportOf({
        trackingId: row.tracking_id,
        hostUsername: row.host_username,
        status: row.status,
        result: row.result,
      });
      if (!r) continue;
      const v = { code: r.report.verdict.code, label: r.report.verdict.label };
      out.set(row.tracking_id, v);
      if (this.verdictCache.size >= VERDICT_CACHE_SIZE)
        this.verdictCache.delete(this.verdictCache.keys().next().value!);
      this.verdictCache.set(row.tracking_id, v);
    }
    return out;
  }
}
