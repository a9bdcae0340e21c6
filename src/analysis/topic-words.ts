import { rawTokens } from "./name-tokens.ts";

/*
 * Words a repository can be named by that a resume also uses as the name of a topic, a field, a role
 * or a kind of thing, never as the name of one piece of work. A repository named only by such words
 * ("machine-learning", "dotfiles", "react-app", "awesome-python") is not claimed because the resume
 * writes the topic; it must be named as a thing (see mention-form.ts). Data, by class, each with its
 * reason; a name with one word outside these classes ("weather-dash", "ledgr") is distinctive.
 */

/**
 * Fields of study and work, as courses, degrees, departments and job titles name them ("Computer
 * Science", "Machine Learning Engineer", "Operating Systems"): a line that names one alone is a
 * category, a course or a heading, so a repository named by them alone is claimed only by its address,
 * a link, its name written as code, or a description the line agrees with.
 */
const FIELD_WORDS = [
  // computing fields and their curriculum courses
  "computer science engineering software web development design data structures algorithms machine learning deep",
  "artificial intelligence natural language processing vision computing cloud distributed parallel systems",
  "operating networks networking database databases information security cyber cybersecurity devops mlops",
  "frontend backend front back end full stack fullstack mobile embedded robotics graphics theory discrete",
  "mathematics math maths statistics probability linear algebra calculus analytics analysis science",
  "programming object oriented functional compiler compilers architecture organization automation testing",
  "blockchain quantum bioinformatics computational reinforcement neural networks big engineering research",
  "product management project business finance marketing economics physics chemistry biology",
  // words that join or qualify a field ("Introduction to Data Science", "Applied Machine Learning")
  "introduction intro to of and the in for applied advanced fundamentals principles basics essentials",
].flatMap((s) => s.split(" "));

/**
 * Kinds of things people keep in a repository, named by their kind rather than their own name
 * ("portfolio", "notes", "blog", "dotfiles", "todo-app", "awesome-python"): a title line that is the
 * kind alone may still be one piece of work, so such a repository is claimed by a title line, too.
 */
const ARTIFACT_WORDS = [
  "app apps application website site webpage page landing portfolio blog notes note dotfiles dots config",
  "configs configuration settings setup scripts script tools utils utilities snippets cheatsheet cheatsheets",
  "projects project demo demos sample samples example examples template templates boilerplate starter",
  "playground sandbox test tests practice exercises exercise assignments assignment homework labs lab",
  "solutions solution challenges challenge problems tutorial tutorials course courses workshop bootcamp",
  "learning learn interview prep preparation resources links list awesome collection personal my mine",
  "home homepage clone api bot game games todo weather chat calculator quiz ecommerce store shop days code",
  "hello world first simple basic mini small new old v1 v2 final",
].flatMap((s) => s.split(" "));

/**
 * Technologies and the platforms of coding practice: a resume writes them as labels and skills
 * ("LeetCode: rank 1432", "Python"), so a name of them alone ("leetcode", "docker") reads as a topic,
 * as a field's does; with a kind of thing ("python-projects", "react-app") it reads as an artifact's.
 */
const TECHNOLOGY_WORDS = [
  "python java javascript typescript js ts html css react reactjs angular vue node nodejs express django",
  "flask spring android ios flutter swift kotlin golang go rust ruby rails php laravel csharp cpp c sql",
  "mysql postgres mongodb firebase aws azure gcp docker kubernetes linux git github tensorflow pytorch",
  "leetcode hackerrank codeforces codechef kaggle geeksforgeeks",
].flatMap((s) => s.split(" "));

const TOPICS: ReadonlySet<string> = new Set([...FIELD_WORDS, ...TECHNOLOGY_WORDS]);
const GENERIC: ReadonlySet<string> = new Set([...FIELD_WORDS, ...ARTIFACT_WORDS, ...TECHNOLOGY_WORDS]);

/** How a repository's name reads: distinctive, the name of a kind of thing, or of a topic (a field, a tool). */
export type NameKind = "distinctive" | "artifact" | "topic";

/**
 * "distinctive" when one of the name's words is outside the classes above (or it has none); else
 * "topic" when every word is a field's, a technology's or a joining word ("machine-learning",
 * "computer-science", "leetcode"), and "artifact" otherwise ("portfolio", "react-app",
 * "100-days-of-code"). Numbers carry no identity.
 */
export function nameKind(name: string): NameKind {
  const words = rawTokens(name).filter((w) => !/^\p{N}+$/u.test(w));
  if (words.length === 0 || words.some((w) => !GENERIC.has(w))) return "distinctive";
  return words.every((w) => TOPICS.has(w)) ? "topic" : "artifact";
}
