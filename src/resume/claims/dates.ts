import type { DatePrecision, DateRange } from "../types.ts";
import { DATE_WORDS } from "./date-words.ts";

/**
 * Date ranges as resumes write them, pure: "Jan 2021 – Present", "Весна 2024", "2022/10-2024/07",
 * "Dec ’16 – present", "Sept. 2017", "1 April 2018", "Сентябрь 2019 - Декабрь 2019", "Jan – Sep 2024",
 * "Fall 2023", "2025". The text is kept as written; start/end are ISO ("YYYY-MM", "YYYY" when only
 * the year is known) or "present", and each end keeps the precision it was written at (a year, a
 * season, a month): "2026" is any time in 2026, not January 2026.
 */

const MONTHS: Array<[RegExp, number]> = [
  [/^(jan|янв|ene|gen|jän)/, 1],
  [/^(feb|фев|fév|fev)/, 2],
  [/^(mar|мар|mär|marz)/, 3],
  [/^(apr|апр|avr|abr)/, 4],
  [/^(may|ма[йя]|mai|mayo|mag)/, 5],
  [/^(jun|июн|juin)/, 6],
  [/^(jul|июл|juil)/, 7],
  [/^(aug|авг|août|ago)/, 8],
  [/^(sep|сен|set)/, 9],
  [/^(oct|окт|okt|ott)/, 10],
  [/^(nov|ноя)/, 11],
  [/^(dec|дек|dez|déc|dic)/, 12],
];

const SEASONS: Array<[RegExp, number]> = [
  [/^(spring|весн)/, 3],
  [/^(summer|лет)/, 6],
  [/^(fall|autumn|осен)/, 9],
  [/^(winter|зим)/, 1],
];

const asPattern = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
const byLength = (a: string, b: string) => b.length - a.length;

/** Every language's month names in full, longest first (a prefix never shadows a longer name). */
const FULL_MONTHS: Array<[string, number]> = Object.values(DATE_WORDS)
  .flatMap((l) =>
    l.months
      .split(",")
      .filter((m) => m.trim())
      .flatMap((forms, i) => forms.split("/").map((f) => [f.trim(), i + 1] as [string, number])),
  )
  .sort((a, b) => byLength(a[0], b[0]));
const FULL_MONTH_WORD = FULL_MONTHS.map(([w]) => asPattern(w)).join("|");
const PRESENT_WORDS = [...new Set(Object.values(DATE_WORDS).flatMap((l) => l.present))]
  .sort(byLength)
  .map(asPattern)
  .join("|");

const MONTH_WORD =
  `(?:${FULL_MONTH_WORD}|` +
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?" +
  "|январ[ьяе]|феврал[ьяе]|март[ае]?|апрел[ьяе]|ма[йяе]|июн[ьяе]|июл[ьяе]|август[ае]?|сентябр[ьяе]|октябр[ьяе]|ноябр[ьяе]|декабр[ьяе]" +
  "|янв|фев|мар|апр|июн|июл|авг|сен|окт|ноя|дек)\\.?";
const SEASON_WORD = "(?:spring|summer|fall|autumn|winter|весна|весной|лето|летом|осень|осенью|зима|зимой)";
const YEAR = "(?:(?:19|20)\\d{2}|['’‘`]\\d{2})";
const PRESENT =
  "(?:present|current(?:ly)?|now|ongoing|today|to date|till date|(?:(?:в|по)\\s+)?настоящ(?:ее|ем)(?:\\s+врем(?:я|ени))?|н\\.\\s?в\\.?|сейчас|至今|现在|aktuell|heute|présent|actualidad|presente" +
  `|${PRESENT_WORDS})`;
const POINT =
  `(?:(?:\\d{1,2}\\s+)?${MONTH_WORD}\\s*,?\\s*${YEAR}` +
  `|${SEASON_WORD}\\s+${YEAR}` +
  `|(?:19|20)\\d{2}\\s*(?:[/.]|[年년])\\s*(?:0?[1-9]|1[0-2])(?![\\d])\\s*[月월]?` +
  `|(?:0?[1-9]|1[0-2])\\s*[/.]\\s*(?:19|20)\\d{2}` +
  `|(?:19|20)\\d{2})`;
const SEP = "\\s*(?:-{1,2}|–|—|―|‐|−|~|→|to|till|until|по|до)\\s*";
const BOUND_L = "(?<![\\p{L}\\d])";
const BOUND_R = "(?![\\p{L}\\d])";
const RANGE = new RegExp(
  `${BOUND_L}(?:(?<s1>${POINT})(?:${SEP}(?<e1>${POINT}|${PRESENT}))?|(?<s2>${MONTH_WORD})${SEP}(?<e2>${POINT}))${BOUND_R}`,
  "iu",
);
const WHOLE_PRESENT = new RegExp(`^${PRESENT}$`, "iu");
/**
 * Every date RANGE matches holds a year (a start point always does, and a month-only start needs an
 * end point): text without one is no date, and the test is far cheaper than RANGE failing at every
 * position of a line.
 */
const HAS_YEAR = /(?:19|20)\d{2}|['’‘`]\d{2}/;

function monthOf(word: string): number | null {
  const w = word.toLowerCase();
  for (const [re, m] of MONTHS) if (re.test(w)) return m;
  return null;
}

function seasonOf(word: string): number | null {
  const w = word.toLowerCase();
  for (const [re, m] of SEASONS) if (re.test(w)) return m;
  return null;
}

function fullYear(y: string): number {
  if (/^\d{4}$/.test(y)) return Number(y);
  const two = Number(y.replace(/\D/g, ""));
  return two >= 70 ? 1900 + two : 2000 + two;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** One date as written: its ISO value and the precision it was written at. */
export interface DatePoint {
  /** "YYYY-MM", "YYYY" or "present" */
  value: string;
  precision: DatePrecision | "present";
}

/** One date as written -> its value ("YYYY-MM", "YYYY", "present") and precision, or null when it is not a date. */
export function readDatePoint(text: string, fallbackYear?: number): DatePoint | null {
  const t = text.trim().toLowerCase();
  if (WHOLE_PRESENT.test(t)) return { value: "present", precision: "present" };
  let m = /^((?:19|20)\d{2})\s*(?:[/.]|[年년])\s*(\d{1,2})\s*[月월]?$/u.exec(t);
  if (m) return { value: `${m[1]}-${pad(Number(m[2]))}`, precision: "month" };
  m = /^(\d{1,2})\s*[/.]\s*((?:19|20)\d{2})$/.exec(t);
  if (m) return { value: `${m[2]}-${pad(Number(m[1]))}`, precision: "month" };
  if (/^(?:19|20)\d{2}$/.test(t)) return { value: t, precision: "year" };
  const year = /((?:19|20)\d{2}|['’‘`]\d{2})\s*$/u.exec(t);
  const rest = t.replace(/^\d{1,2}\s+/, "");
  const words = rest.split(/[\s,.]+/);
  const first = words[0] ?? "";
  const full = FULL_MONTHS.find(([w]) => rest.startsWith(w) && !/[\p{L}\d]/u.test(rest.charAt(w.length)));
  const month = full ? full[1] : monthOf(first);
  const season = month === null ? seasonOf(first) : null;
  const m0 = month ?? season;
  if (m0 === null) return null;
  const y = year ? fullYear(year[1]!) : fallbackYear;
  if (!y) return null;
  return { value: `${y}-${pad(m0)}`, precision: month !== null ? "month" : "season" };
}

/** One date as written -> "YYYY-MM", "YYYY", "present", or null when it is not a date. */
export function parseDatePoint(text: string, fallbackYear?: number): string | null {
  return readDatePoint(text, fallbackYear)?.value ?? null;
}

/** The first date or date range in a line of text, with where it was found. */
export function findDateRange(text: string): { range: DateRange; index: number; length: number } | null {
  if (!HAS_YEAR.test(text)) return null;
  const m = RANGE.exec(text);
  if (!m || m.index === undefined) return null;
  const g = m.groups ?? {};
  const startText = g.s1 ?? g.s2 ?? "";
  const endText = g.e1 ?? g.e2;
  const range: DateRange = { text: m[0].trim() };
  const end = endText ? readDatePoint(endText) : null;
  const endYear = end && end.value !== "present" ? Number(end.value.slice(0, 4)) : undefined;
  const start = readDatePoint(startText, endYear);
  const precision: NonNullable<DateRange["precision"]> = {};
  if (start && start.value !== "present") {
    range.start = start.value;
    precision.start = start.precision as DatePrecision;
  }
  if (end) {
    range.end = end.value;
    precision.end = end.precision;
  }
  if (!range.start && !range.end) return null;
  range.precision = precision;
  return { range, index: m.index, length: m[0].length };
}
