import type { RepoEvidence } from "../github/index.ts";

/** Aliases that name the same technology differently in resumes and in manifests or GitHub languages. */
const ALIASES: Record<string, string> = {
  golang: "go",
  js: "javascript",
  ts: "typescript",
  node: "nodejs",
  reactjs: "react",
  vuejs: "vue",
  nextjs: "next",
  nuxtjs: "nuxt",
  expressjs: "express",
  postgres: "postgresql",
  py: "python",
  k8s: "kubernetes",
  tailwind: "tailwindcss",
};

/** Comparable form of a technology name: lowercase, no spaces, dots or dashes, aliases folded. */
export function techKey(name: string): string {
  const k = name.toLowerCase().replace(/[\s._-]+/g, "");
  return ALIASES[k] ?? k;
}

/**
 * The claimed technologies the repository confirms: its languages, topics or manifest dependencies name
 * them. Scoped packages match by their last segment ("@nestjs/core" confirms "NestJS"). Result in claim order.
 */
export function confirmedTechnologies(claimed: string[], evidence: RepoEvidence): string[] {
  const have = new Set<string>();
  const add = (s: string) => {
    have.add(techKey(s));
    const scoped = /^@([^/]+)\//.exec(s);
    if (scoped?.[1]) have.add(techKey(scoped[1]));
  };
  for (const lang of Object.keys(evidence.languages)) add(lang);
  if (evidence.repo.language) add(evidence.repo.language);
  for (const t of evidence.repo.topics) add(t);
  for (const d of evidence.manifestDependencies) add(d);
  const out: string[] = [];
  for (const t of claimed) if (have.has(techKey(t)) && !out.includes(t)) out.push(t);
  return out;
}
