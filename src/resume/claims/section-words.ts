import type { LanguageWords } from "./section-kind.ts";
import { LATIN_SCRIPT_WORDS } from "./section-words-latin.ts";
import { OTHER_SCRIPT_WORDS } from "./section-words-other.ts";

/**
 * Section headings per language, as data: the words (or, for scripts written without spaces between
 * words, the character strings) a resume heads its sections with. heading-vocabulary.ts reads them;
 * adding a language is adding an entry to section-words-latin.ts or section-words-other.ts (and its month words in date-words.ts). Words are lower
 * case as written; accents are folded on both sides when matching, so "EXPERIENCIA" and "Experiência"
 * find "experiência" and "ΕΡΓΑ" finds "έργα". A phrase of several words is matched as a whole.
 */
/** Every language, by its ISO 639-1 code. */
export const SECTION_WORDS: Record<string, LanguageWords> = { ...LATIN_SCRIPT_WORDS, ...OTHER_SCRIPT_WORDS };
