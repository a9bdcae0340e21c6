/**
 * A small linguist: file extension -> GitHub language name. Prose and data (Markdown, JSON, text) are
 * not languages on GitHub's languages endpoint, nor are vendored or generated paths.
 */
const BY_EXTENSION: Record<string, string> = {
  ts: "TypeScript",
  tsx: "TypeScript",
  mts: "TypeScript",
  js: "JavaScript",
  jsx: "JavaScript",
  mjs: "JavaScript",
  cjs: "JavaScript",
  py: "Python",
  go: "Go",
  rs: "Rust",
  java: "Java",
  kt: "Kotlin",
  swift: "Swift",
  c: "C",
  h: "C",
  cpp: "C++",
  cc: "C++",
  hpp: "C++",
  cs: "C#",
  rb: "Ruby",
  php: "PHP",
  css: "CSS",
  scss: "SCSS",
  html: "HTML",
  vue: "Vue",
  svelte: "Svelte",
  sh: "Shell",
  ipynb: "Jupyter Notebook",
  sql: "PLpgSQL",
};

const VENDORED = /(^|\/)(node_modules|vendor|dist|build|venv|\.venv)\//;

/** The language GitHub would count a path under, or null for prose, data and vendored files. */
export function languageOf(path: string): string | null {
  if (VENDORED.test(path)) return null;
  const base = path.slice(path.lastIndexOf("/") + 1);
  if (base === "Dockerfile") return "Dockerfile";
  if (base === "Makefile") return "Makefile";
  const dot = base.lastIndexOf(".");
  if (dot <= 0) return null;
  return BY_EXTENSION[base.slice(dot + 1).toLowerCase()] ?? null;
}
