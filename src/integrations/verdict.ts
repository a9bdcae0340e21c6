import { reportOf } from "../report/index.ts";
import type { Verification } from "../verification/index.ts";

/** The verdict an ATS shows: a stable code and its words. */
export interface AtsVerdict {
  code: string;
  label: string;
}

/**
 * The one place the integrations read a result's verdict. It comes from the recruiter's report (the same
 * words the report page shows); when results carry their own top-level verdict, read it here instead.
 */
export function verdictOf(v: Verification): AtsVerdict | null {
  const report = reportOf(v)?.report;
  return report ? { code: report.verdict.key, label: report.verdict.title } : null;
}
