/**
 * What a section heading says, in the languages and spellings resumes use. Only the vocabulary
 * lives here; deciding that a line IS a heading is a layout question (headings.ts). Matching is
 * word by word with a small edit distance, so "PROJEECTS" and "Expereince" still classify.
 * The words themselves, per language, are data in section-words.ts.
 */

import type { SectionKind } from "./section-kind.ts";
import { SECTION_WORDS } from "./section-words.ts";

export type { SectionKind } from "./section-kind.ts";

/** Multi-word headings whose words alone would mislead; checked first. */
const PHRASES: Array<[RegExp, SectionKind]> = [
  // work done for an employer or client is experience; its linked repositories still count
  [/\b(professional|work|client|company|commercial)\s+projects?\b/, "experience"],
  [/\bopen[\s-]?source\b/, "projects"],
  [/\bselected works?\b/, "projects"],
  [
    /\b(?:things|stuff|what|software|code|apps|programs|tools) i(?:['’]ve| have)? (?:built|made|created|shipped|wrote|written|coded)\b/,
    "projects",
  ],
  [/\bacademic background\b/, "education"],
  [/\b(professional|career) background\b/, "experience"],
  [/\bwork history\b/, "experience"],
  [/\b(career )?objective\b/, "summary"],
  [/\babout me\b/, "summary"],
  [/\bresearch experience\b/, "research"],
  [/\bpet[\s-]?проект/, "projects"],
];

/** Case and accents folded (zero-width joiners dropped, Turkish dotless i read as i), so "ΕΡΓΑ" reads as "έργα" and "Expérience" as "experience". */
export function foldWord(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f\u200c\u200d]/g, "")
    .normalize("NFC")
    .toLowerCase()
    .replace(/ı/g, "i");
}

const WORDS: Record<string, SectionKind> = {};
/** Shortest stem an ending may follow: a short stem plus an ending is usually another word. */
const MIN_SUFFIX_STEM = 4;
/** Headings of several words ("dự án", "kinh nghiệm"), matched as a whole. */
const LANGUAGE_PHRASES: Array<[RegExp, SectionKind]> = [];
/** Headings of scripts written without spaces, matched inside the text, in the order of the table. */
const UNSPACED: Array<[string, SectionKind]> = [];
/** Stems of suffixing languages with the endings they take: "deneyim" + "i" reads as "deneyim". */
const SUFFIXED: Array<[string, SectionKind, Set<string>]> = [];
for (const language of Object.values(SECTION_WORDS)) {
  const endings = new Set((language.suffixes ?? "").split(/\s+/).filter(Boolean).map(foldWord));
  for (const [kind, words] of Object.entries(language.sections) as Array<[SectionKind, string]>) {
    if (language.phrases) {
      for (const phrase of words.split(",").map((p) => foldWord(p.trim())))
        LANGUAGE_PHRASES.push([new RegExp(`(?<![\\p{L}])${phrase}(?![\\p{L}])`, "u"), kind]);
      continue;
    }
    for (const w of words.split(/\s+/).filter(Boolean).map(foldWord)) {
      if (language.unspaced) UNSPACED.push([w, kind]);
      else if (!(w in WORDS)) WORDS[w] = kind;
      if (endings.size > 0 && w.length >= MIN_SUFFIX_STEM) SUFFIXED.push([w, kind, endings]);
    }
  }
}

/**
 * Misspellings are forgiven against English words, and against another language's words only when they
 * are long: a short word one letter from a foreign heading word is usually a word of its own ("projector"
 * is one letter from Portuguese "projecto").
 */
const ENGLISH = new Set(Object.values(SECTION_WORDS.en?.sections ?? {}).flatMap((w) => w.split(/\s+/).map(foldWord)));
const FUZZY_FOREIGN_MIN = 10;

/** Letters of scripts written without spaces between words (Han, kana, Hangul, Thai). */
const UNSPACED_SCRIPT = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]/u;

/** Damerau-free Levenshtein distance, capped: returns cap+1 as soon as the distance exceeds cap. */
export function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > cap) return cap + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** Vocabulary words by first letter: a misspelling almost never changes the first letter. */
let byInitial: Map<string, Array<[string, SectionKind]>> | null = null;

/** Shortest vocabulary word that can be a part of a compound. */
const MIN_COMPOUND_PART = 6;

/**
 * German-style compounds ("Nebenprojekte", "Projekterfahrung", "Schulbildung", "Praxiserfahrung"):
 * a heading word of at least six letters that ends the word (its head) or, for projects, starts it.
 * A projects part wins, as a projects word does in a phrase ("Projekterfahrung" lists projects).
 */
function compoundKind(word: string): SectionKind | null {
  if (word.length < MIN_COMPOUND_PART + 3) return null;
  // the head must follow a part of at least three letters: "Neben|projekte", "Schul|bildung"
  let head: SectionKind | null = null;
  let headLength = 0;
  for (const [w, kind] of Object.entries(WORDS)) {
    if (w.length < MIN_COMPOUND_PART || w.length > word.length - 3) continue;
    // the other part is a word of its own: "Projekt|arbeit", "Neben|projekte", not "Project|or"
    if (kind === "projects" && (word.endsWith(w) || (word.startsWith(w) && word.length - w.length >= 5)))
      return "projects";
    if (word.endsWith(w) && w.length > headLength) {
      head = kind;
      headLength = w.length;
    }
  }
  return head;
}

/** The kind of a heading word that is a suffixing language's stem followed by one of its endings. */
function suffixedKind(word: string): SectionKind | null {
  for (const [stem, kind, endings] of SUFFIXED)
    if (word.length > stem.length && word.startsWith(stem) && endings.has(word.slice(stem.length))) return kind;
  return null;
}

function wordKind(word: string): SectionKind | null {
  const exact = WORDS[word];
  if (exact) return exact;
  const suffixed = suffixedKind(word);
  if (suffixed) return suffixed;
  if (word.length < 5) return null;
  const compound = compoundKind(word);
  if (compound) return compound;
  byInitial ??= Object.entries(WORDS).reduce((m, e) => {
    if (e[0].length >= 5 && (ENGLISH.has(e[0]) || e[0].length >= FUZZY_FOREIGN_MIN))
      m.set(e[0][0]!, [...(m.get(e[0][0]!) ?? []), e]);
    return m;
  }, new Map<string, Array<[string, SectionKind]>>());
  const cap = word.length >= 10 ? 2 : 1;
  let best: SectionKind | null = null;
  let bestD = cap + 1;
  for (const [w, kind] of byInitial.get(word[0]!) ?? []) {
    const d = editDistance(word, w, cap);
    if (d < bestD) {
      bestD = d;
      best = kind;
    }
  }
  return best;
}

/**
 * Undo small-caps and letter-spacing splits: "P ROJECTS" -> "PROJECTS", "P R O J E C T S" ->
 * "PROJECTS". Returns the collapsed form (which may equal the input).
 */
export function collapseSplitCaps(text: string): string {
  return text
    .replace(/(?<![\p{L}])((?:\p{Lu} ){2,}\p{Lu})(?![\p{L}])/gu, (m) => m.replace(/ /g, ""))
    .replace(/(?<![\p{L}])(\p{Lu}) (?=\p{Lu}{2,})/gu, "$1");
}

/** Words that qualify a heading without naming it ("Personal Projects", "Relevant Classes"). */
const MODIFIERS = new Set(
  "a an and the of my our other others additional personal side relevant selected academic professional technical key notable recent featured major minor main hobby pet school course university college group team capstone hackathon open source general core soft hard programming software development research related freelance volunteer community selected & и и/или дополнительные личные ключевые основные".split(
    " ",
  ),
);

function classifyOnce(text: string): SectionKind | null {
  const second = text.trim().split(/\s+/)[1] ?? "";
  const adjectiveAfter = /^\p{Ll}/u.test(second) || text === text.toUpperCase();
  // trailing counts and durations are not part of the name: "EDUCATION (2)", "Опыт работы 3 месяца"
  const t = foldWord(text)
    .replace(/[:：]+\s*$/, "")
    .replace(/\s*\(?\d.*$/, "")
    .trim();
  if (!t) return null;
  for (const [re, kind] of PHRASES) if (re.test(t)) return kind;
  for (const [re, kind] of LANGUAGE_PHRASES) if (re.test(t)) return kind;
  if (UNSPACED_SCRIPT.test(t)) {
    for (const [w, kind] of UNSPACED) if (t.includes(w)) return kind;
  }
  const words = t.split(/[^\p{L}\p{M}\p{N}&]+/u).filter(Boolean);
  const kinds = words.map(wordKind);
  // A heading is made of heading words and qualifiers, and ends in a heading word (its head noun):
  // "Machine Learning Projects" is a heading, "Full Stack Developer" is a job title.
  // Romance languages put the head noun first and the adjective after it, in lower case ("Proyectos
  // personales", "Expérience professionnelle"; "PROJETS PERSONNELS" in capitals): two such words name
  // the heading of the first. Title Case ("Project Lead", "Research Assistant") is an English job title.
  if (words.length === 2 && kinds[0] && kinds[1] === null && !MODIFIERS.has(words[1]!) && adjectiveAfter)
    return kinds[0];
  // ... and a qualifying phrase after the head noun: "Projetos em destaque", "Proyectos de código
  // abierto", "Schulbildung und Studium" (every later word unknown or the same kind)
  if (
    words.length >= 3 &&
    words.length <= 4 &&
    kinds[0] &&
    adjectiveAfter &&
    kinds.slice(1).every((k) => k === null || k === kinds[0])
  )
    return kinds[0];
  if (kinds[kinds.length - 1] === null && !MODIFIERS.has(words[words.length - 1]!)) return null;
  // "Relevant Projects", "Skills & Projects": a projects word anywhere wins over generic words,
  // but the first classified word decides otherwise ("Work Experience", "Achievements and Publications").
  if (kinds.includes("projects") && kinds[0] !== "experience") return "projects";
  return kinds.find((k) => k !== null) ?? null;
}

const memo = new Map<string, SectionKind | null>();

/** The kind of section a heading names, or null when the words are not a known heading. */
export function classifyHeading(text: string): SectionKind | null {
  const hit = memo.get(text);
  if (hit !== undefined) return hit;
  const cleaned = text.replace(/^[\s\d.)\-–—•#§|/]+/, "").trim();
  const kind = classifyOnce(cleaned) ?? classifyOnce(collapseSplitCaps(cleaned));
  if (memo.size > 5000) memo.clear();
  memo.set(text, kind);
  return kind;
}
