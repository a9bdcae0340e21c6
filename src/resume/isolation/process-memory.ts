import { readFileSync } from "node:fs";

/**
 * Resident memory of another process, for the extraction watchdog. Linux exposes it in
 * /proc/<pid>/status (VmRSS, in kB, independent of the page size); elsewhere this returns null and
 * the child's own between-pages check plus the time budget are the guards.
 */
export function readRssBytes(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}
