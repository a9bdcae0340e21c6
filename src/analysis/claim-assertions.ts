/**
 * What a claim asserts beyond its name, read from the resume's own words (the claim's name and the
 * description lines extraction gives): a team size ("led a team of 8", "10 contributors"), a duration
 * ("over 3 years", "maintained for 7 years"), an origin ("designed and built from scratch"), and counts
 * (releases, commits, stars). The resume's date range is not read here: people date work loosely, and a
 * period includes design and work before the first commit. Pure; each assertion keeps the words it came
 * from, so a flag can quote the resume.
 */

export interface Asserted<T> {
  value: T;
  /** the resume's words it was read from */
  words: string;
}

export interface ClaimAssertions {
  team?: Asserted<number>;
  years?: Asserted<number>;
  origin?: Asserted<true>;
  releases?: Asserted<number>;
  commits?: Asserted<number>;
  stars?: Asserted<number>;
}

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
};
const NUM = String.raw`(\d[\d,]*(?:\.\d+)?\s*[kK]?|two|three|four|five|six|seven|eight|nine|ten|twelve)`;
const PEOPLE = "(?:engineers|developers|devs|people|contributors|designers|members|students|interns)";

/** "12", "1,200", "2.5k", "eight" as a number; NaN when it is none. */
export function readNumber(text: string): number {
  const t = text.trim().toLowerCase();
  if (NUMBER_WORDS[t] !== undefined) return NUMBER_WORDS[t]!;
  const k = /k$/.test(t);
  const n = Number(t.replace(/k$/, "").replace(/,/g, "").trim());
  return k ? n * 1000 : n;
}

const TEAM = [
  new RegExp(String.raw`\bteam of\s+${NUM}\b`, "i"),
  new RegExp(
    String.raw`\b(?:led|leading|managed|managing|coordinated|mentored|supervised)\s+(?:a group of\s+)?${NUM}\+?\s+${PEOPLE}\b`,
    "i",
  ),
  new RegExp(String.raw`\b${NUM}\+?[- ]person team\b`, "i"),
  new RegExp(String.raw`\b(?:led|managed)\s+(?:a\s+)?${NUM}\+?\s+contributors?\b`, "i"),
];
const YEARS = [
  new RegExp(String.raw`\b(?:over|for|across|during)\s+(?:the\s+(?:past|last)\s+)?${NUM}\+?\s+years\b`, "i"),
  new RegExp(
    String.raw`\b${NUM}\+?\s+years\s+of\s+(?:development|work|maintenance|active development|continuous)`,
    "i",
  ),
];
const ORIGIN =
  /\b(?:from scratch|from the ground up|designed and built|designed and developed|designed and implemented|sole (?:developer|author)|original author|wrote 100\s?%)\b/i;
const RELEASES = new RegExp(String.raw`\b${NUM}\+?\s+(?:releases|versions shipped|production releases)\b`, "i");
const COMMITS = new RegExp(String.raw`\b${NUM}\+?\s+commits\b`, "i");
const STARS = new RegExp(String.raw`\b${NUM}\+?\s+(?:github\s+)?stars\b`, "i");

function first(lines: readonly string[], patterns: readonly RegExp[]): Asserted<number> | undefined {
  for (const line of lines)
    for (const re of patterns) {
      const m = re.exec(line);
      if (!m) continue;
      const value = readNumber(m[1]!);
      if (Number.isFinite(value) && value > 0) return { value, words: m[0].trim() };
    }
  return undefined;
}

/** Reads the assertions of one claim from its name and description lines. */
export function readAssertions(name: string, description: readonly string[] = []): ClaimAssertions {
  const lines = [name, ...description];
  const out: ClaimAssertions = {};
  const team = first(lines, TEAM);
  if (team) out.team = team;
  const years = first(lines, YEARS);
  if (years) out.years = years;
  for (const line of lines) {
    const m = ORIGIN.exec(line);
    if (m) {
      out.origin = { value: true, words: m[0] };
      break;
    }
  }
  const releases = first(lines, [RELEASES]);
  if (releases) out.releases = releases;
  const commits = first(lines, [COMMITS]);
  if (commits) out.commits = commits;
  const stars = first(lines, [STARS]);
  if (stars) out.stars = stars;
  return out;
}
