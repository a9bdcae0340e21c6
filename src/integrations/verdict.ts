import { verdictOfResult } from "../report/index.ts";
import type { Verification } from "../verification/index.ts";

/** The verdict an ATS shows: a stable code and its words. */
export interface AtsVerdict {
  code: string;
  label: string;
}

/**
 * The one place the integrations read a result's verdict: the result's own `verdict` ({code, label}),
 * through the function every face reads it with (report/verdict.ts verdictOfResult).
 */
export function verdictOf(v: Pick<Verification, "status" | "result">): AtsVerdict | null {
  if ((v.status !== "COMPLETED" && v.status !== "FAILED") || !v.result) return null;
  const { code, label } = verdictOfResult(JSON.parse(v.result));
  return { code, label };
}
