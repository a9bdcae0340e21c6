/**
 * Name normalization for matching a claimed project to a repository: "WeatherDash", "weather-dash",
 * "Weather Dash App" and "weather_dash.js" all reduce to the same tokens.
 */

/** Words that carry no identity in a project name; removed from both sides before comparing. */
export const NAME_STOP_WORDS: ReadonlySet<string> = new Set([
  "a",
  "an",
  "the",
  "of",
  "for",
  "and",
  "to",
  "my",
  "with",
  "in",
  "on",
  "app",
  "application",
  "project",
  "website",
  "site",
  "repo",
  "repository",
  "demo",
  "official",
  "source",
  "code",
]);

/** Suffixes that are packaging, not identity ("tool.js", "tool-rs", "py-tool"). */
const ECOSYSTEM_AFFIXES: ReadonlySet<string> = new Set(["js", "ts", "py", "rs", "go", "rb", "io", "cli", "lib"]);

/** Splits camelCase and PascalCase, folds accents and case, breaks on anything that is not a letter or digit. */
export function rawTokens(text: string): string[] {
  const spaced = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase();
  return spaced.split(/[^\p{L}\p{N}]+/u).filter((t) => t.length > 0);
}

/**
 * Identity tokens of a project or repository name: raw tokens minus stop words and ecosystem affixes.
 * Falls back to the raw tokens when filtering would leave nothing ("The App" stays ["the", "app"]).
 */
export function nameTokens(text: string): string[] {
  const raw = rawTokens(text);
  const kept = raw.filter((t) => !NAME_STOP_WORDS.has(t) && !ECOSYSTEM_AFFIXES.has(t));
  return kept.length > 0 ? kept : raw;
}

/** Tokens joined without separators: "weather dash" and "weatherdash" compare equal. */
export function compactName(text: string): string {
  return nameTokens(text).join("");
}

/** Words of free text (descriptions, topics) worth comparing: lowercase tokens of 3+ characters, no stop words. */
export function contentWords(text: string): Set<string> {
  return new Set(rawTokens(text).filter((t) => t.length >= 3 && !NAME_STOP_WORDS.has(t)));
}

/**
 * Similarity of two names in 0..1: 1 when their identity tokens (or compact forms) are equal,
 * otherwise the share of the claim's tokens found in the repository name, discounted so a partial
 * match never reaches an exact one.
 */
export function nameSimilarity(claimName: string, repoName: string): number {
  const a = nameTokens(claimName);
  const b = nameTokens(repoName);
  if (a.length === 0 || b.length === 0) return 0;
  if (a.join("") === b.join("")) return 1;
  const setB = new Set(b);
  const setA = new Set(a);
  const inB = a.filter((t) => setB.has(t)).length;
  const inA = b.filter((t) => setA.has(t)).length;
  // overlap measured both ways: "weather" vs "weather-dash" is half a match, not a full one
  const overlap = (inB / a.length + inA / b.length) / 2;
  const compactA = a.join("");
  const compactB = b.join("");
  const contained =
    Math.min(compactA.length, compactB.length) >= 4 && (compactA.includes(compactB) || compactB.includes(compactA))
      ? Math.min(compactA.length, compactB.length) / Math.max(compactA.length, compactB.length)
      : 0;
  return Math.round(0.85 * Math.max(overlap, contained) * 1000) / 1000;
}
