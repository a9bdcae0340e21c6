/** The kinds of section a resume heading can open. */
export type SectionKind =
  | "header"
  | "projects"
  | "experience"
  | "education"
  | "skills"
  | "publications"
  | "summary"
  | "awards"
  | "certifications"
  | "languages"
  | "interests"
  | "volunteer"
  | "activities"
  | "references"
  | "coursework"
  | "research"
  | "contact"
  | "other";

/** One language's section headings: for each kind, its words separated by spaces. */
export type SectionWords = Partial<Record<SectionKind, string>>;

export interface LanguageWords {
  /** language name, for tests and docs */
  name: string;
  /** true for scripts written without spaces between words: entries match inside a heading */
  unspaced?: boolean;
  /** true when a heading word is written as several syllables (Vietnamese): entries are phrases separated by commas */
  phrases?: boolean;
  /**
   * For languages that attach suffixes to a noun (Turkish "İş deneyim-i", "Eğitim bilgi-leri"): the
   * endings, separated by spaces, a heading word may carry after its stem. A word is the stem's kind
   * when it is the stem followed by exactly one of these endings.
   */
  suffixes?: string;
  sections: SectionWords;
}
