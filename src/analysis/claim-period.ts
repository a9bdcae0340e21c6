import type { DatePrecision, DateRange } from "../resume/index.ts";

/**
 * A resume's date range read at the precision it was written: "2026" is any time in 2026, "Summer 2022"
 * any time from June to August 2022, "Jan 2025" any time in January 2025, "Present" the time of the
 * evidence. Rules compare GitHub's times with the widest reading, so an honest candidate never loses
 * credit for rounding a date the way people do. Pure.
 */
export interface ClaimPeriod {
  /** the range as the resume writes it */
  text: string;
  /** the earliest and the latest moment the claimed work can have started (epoch ms) */
  startEarliest: number;
  startLatest: number;
  /** the latest moment the claimed work can have ended (epoch ms; "present" = asOf) */
  endLatest: number;
  startPrecision: DatePrecision;
}

/** The precision a point was written at: given by extraction, else read from its form ("YYYY" a year). */
export function precisionOf(value: string, given?: DatePrecision | "present"): DatePrecision | "present" {
  if (value.toLowerCase() === "present") return "present";
  if (given) return given;
  return /^\d{4}$/.test(value) ? "year" : "month";
}

const utc = (y: number, m: number) => Date.UTC(y, m - 1, 1);

/**
 * The interval [lo, hi) a point covers at its precision. A season's value is its first month (spring 03,
 * summer 06, fall 09, winter 01); winter Y reads either as Dec Y-1 - Feb Y or as Dec Y - Feb Y+1, so it
 * covers both. Null when the value is not a date.
 */
export function pointInterval(value: string, precision: DatePrecision): { lo: number; hi: number } | null {
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(value);
  if (!m) return null;
  const y = Number(m[1]);
  const month = m[2] ? Number(m[2]) : 1;
  if (precision === "year" || !m[2]) return { lo: utc(y, 1), hi: utc(y + 1, 1) };
  if (precision === "season") {
    if (month === 12 || month <= 2) return { lo: utc(y - 1, 12), hi: utc(y + 1, 3) };
    return { lo: utc(y, month), hi: utc(y, month + 3) };
  }
  return { lo: utc(y, month), hi: utc(y, month + 1) };
}

/** The claimed period, or null when the resume gives no usable start. `asOf` is the evidence's "now". */
export function claimPeriod(dates: DateRange | null | undefined, asOf: number): ClaimPeriod | null {
  if (!dates?.start) return null;
  const startPrecision = precisionOf(dates.start, dates.precision?.start);
  if (startPrecision === "present") return null;
  const start = pointInterval(dates.start, startPrecision);
  if (!start) return null;
  let endLatest = start.hi;
  if (dates.end) {
    const p = precisionOf(dates.end, dates.precision?.end);
    const end = p === "present" ? { lo: asOf, hi: asOf } : pointInterval(dates.end, p);
    if (end) endLatest = Math.max(end.hi, start.hi);
  }
  return { text: dates.text, startEarliest: start.lo, startLatest: start.hi, endLatest, startPrecision };
}
