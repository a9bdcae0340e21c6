import type { GhRepo } from "../github/index.ts";
import type { ResumeTextLine } from "../resume/index.ts";
import { contentWords, NAME_STOP_WORDS, rawTokens } from "./name-tokens.ts";
import type { NameKind } from "./topic-words.ts";

/*
 * How a resume writes a repository's name where it names it as a thing, not a topic. A repository
 * whose name is the name of a field or a kind of thing (topic-words.ts) is claimed by its name in
 * words only where the line writes it as a name: the title of an entry (the line begins with it, it
 * is a phrase of its own and a separator, the end of the line or a link follows, not a label's
 * colon of a field), where it is written as code (the repository's own spelling with its separators,
 * "machine-learning," or "react_app", not "Full-Stack" or "a full-stack team"), or where the
 * repository's own description or topics say what the line says. A phrase that runs on into other
 * capitalised words ("Software Engineering Intern", "Portfolio Management", "Causal Machine Learning
 * Paper") names something else; a field's or a tool's name alone on a title line is a category, a
 * course or a label ("Machine Learning — Python, scikit-learn", "LeetCode: rank 1432"), so a
 * topic-named repository needs its name written as code, its description, its address or a link.
 */

/** A line that lists tools whatever section it sits in ("Technologies: Python, Machine Learning"). */
const TOOL_LIST_LINE =
  /^[\s•◦▪‣·*\-–]*(?:technologies|tech(?:nology)? stack|tech|stack|tools|tools used|built with|skills|languages|frameworks|libraries|keywords|topics)\s*(?:used)?\s*[:：|]/iu;

/** Is the line a list of tools or topics by its own label? Such a line names what was used, not work. */
export function listsTools(text: string): boolean {
  return TOOL_LIST_LINE.test(text);
}

/** Words that join the words of one name ("Department of Computer Science", "Flutter and Machine Learning"). */
const JOINING = new Set(["of", "and", "for", "in", "on", "the", "&", "de", "la", "und"]);

/** A word written as (part of) a name: capitalised, in capitals, or with digits. */
const NAME_WORD = /^(?:\p{Lu}[\p{L}\p{N}'’.]*|\p{N}[\p{L}\p{N}]*)$/u;

/** The words of `text`, split on spaces and hyphens between words, each with where it starts. */
function wordsOf(text: string): Array<{ word: string; at: number }> {
  return [...text.matchAll(/[\p{L}\p{N}'’.&]+/gu)].map((m) => ({ word: m[0].replace(/\.$/, ""), at: m.index }));
}

/**
 * Does the written name at [start, end) stand as a phrase of its own: no capitalised word right
 * before or after it, alone or across a joining word, on the same stretch of text (words separated
 * by spaces or a hyphen, not by punctuation)? "Portfolio" in "Portfolio Website" does not; the
 * repository's own stop words after it ("Portfolio Website" for `portfolio-website`) are its own.
 */
export function standsAlone(text: string, start: number, end: number, ownWords: ReadonlySet<string>): boolean {
  const words = wordsOf(text);
  const gapJoins = (a: number, b: number) => /^[\s-]*$/u.test(text.slice(a, b)) && text.slice(a, b).length > 0;
  const before = words.filter((w) => w.at + w.word.length <= start).reverse();
  const after = words.filter((w) => w.at >= end);
  const runsOn = (side: typeof words, edge: number, leftward: boolean): boolean => {
    let from = edge;
    for (const [i, w] of side.entries()) {
      const gap = leftward ? gapJoins(w.at + w.word.length, from) : gapJoins(from, w.at);
      if (!gap) return false;
      if (JOINING.has(w.word.toLowerCase()) && i === 0) {
        from = leftward ? w.at : w.at + w.word.length;
        continue;
      }
      return NAME_WORD.test(w.word) && !ownWords.has(w.word.toLowerCase());
    }
    return false;
  };
  return !runsOn(before, start, true) && !runsOn(after, end, false);
}

/**
 * Is the written name the title of an entry: the line begins with it (after a bullet or a number), it
 * stands alone, and what follows is the end of the line, a link on the line, or a separator (a dash,
 * a bar, a comma, a bracket, a colon)?
 */
export function titlesLine(line: ResumeTextLine, start: number, end: number): boolean {
  const lead = line.text.slice(0, start);
  if (!/^[\s•◦▪‣·*\-–\d.)]*$/u.test(lead)) return false;
  // the repository's stop words after its name are its own ("Portfolio Website" for `portfolio`)
  let rest = line.text.slice(end);
  for (
    let m = /^\s+([\p{L}]+)/u.exec(rest);
    m && NAME_STOP_WORDS.has(m[1]!.toLowerCase());
    m = /^\s+([\p{L}]+)/u.exec(rest)
  )
    rest = rest.slice(m[0].length);
  if (/^\s*$/u.test(rest)) return true;
  return /^\s*(?:[—–|,(/·•:：]|-\s|\s\s)/u.test(rest) || line.links.length > 0;
}

/**
 * Does the repository say what the line says: two of the words of its description and topics, other
 * than its name's, among the line's (and the next line's of its section when the name titles the line:
 * a title's description sits under it; a bullet's next line is another bullet)? A repository with
 * neither says nothing.
 */
export function describedOn(repo: GhRepo, lines: readonly ResumeTextLine[], at: number, titled: boolean): boolean {
  const own = new Set(rawTokens(repo.name));
  const said = contentWords([repo.description ?? "", ...(repo.topics ?? [])].join(" "));
  for (const w of own) said.delete(w);
  if (said.size === 0) return false;
  const next = titled && lines[at + 1]?.section === lines[at]?.section ? (lines[at + 1]?.text ?? "") : "";
  const text = contentWords(`${lines[at]?.text ?? ""} ${next}`);
  let shared = 0;
  for (const w of said) if (text.has(w)) shared++;
  return shared >= 2;
}

/**
 * Is the written name the repository's own spelling as code: its words joined by its own separators
 * ("machine-learning", "react_app", "machinelearning", "MachineLearning"), several words in one token,
 * not a word followed by another (a hyphenated word of the prose: "a full-stack team")? Capitalised
 * and hyphenated ("Full-Stack") is the prose's spelling, and one word alone is a word.
 */
export function writtenAsCode(text: string, start: number, end: number, repoName: string): boolean {
  const written = text.slice(start, end);
  if (rawTokens(repoName).length < 2 || /\s/u.test(written)) return false;
  if (/^(?:\p{Lu}\p{Ll}*|\p{Lu}+)(?:-(?:\p{Lu}\p{Ll}*|\p{Lu}+))+$/u.test(written)) return false;
  if (/[_.]/u.test(written) || !/-/u.test(written)) return true;
  return !/^\s*\p{L}/u.test(text.slice(end));
}

/**
 * Is a topic-named repository (kind "artifact" or "topic") named as a thing where the line writes
 * its name at [start, end)? See the module comment.
 */
export function namesTopicAsThing(
  kind: Exclude<NameKind, "distinctive">,
  repo: GhRepo,
  lines: readonly ResumeTextLine[],
  at: number,
  start: number,
  end: number,
): boolean {
  const line = lines[at]!;
  const own = new Set([...rawTokens(repo.name), ...NAME_STOP_WORDS]);
  const titled = standsAlone(line.text, start, end, own) && titlesLine(line, start, end);
  if (describedOn(repo, lines, at, titled) || writtenAsCode(line.text, start, end, repo.name)) return true;
  return kind === "artifact" && titled;
}
