/**
 * The direction of imports between src/ modules (docs/ARCHITECTURE.md), as data, with a scanner that
 * reads every src/ file's imports and a checker that lists each import against the direction.
 * A module is a top-level folder of src/ (lib, storage, accounts ...) or a root file (app, main).
 * A folder's index.ts is its public surface: other modules import it, never the files behind it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Bottom to top: a module may import its own layer's rules (below) and any lower layer. */
export const LAYERS: readonly (readonly string[])[] = [
  ["lib"],
  ["config", "storage", "contract"],
  [
    "accounts",
    "admins",
    "jobs",
    "github",
    "forges",
    "resume",
    "analysis",
    "verification",
    "webhooks",
    "maintenance",
    "report",
    "integrations",
  ],
  ["http", "dashboard"],
  ["app"],
  ["cli"],
  ["main", "build"],
];

/**
 * Within the domain layer, who may use whom (the rest of that layer is off limits): the analysis reads
 * every host's evidence (GitHub's, and GitLab's and Gitea/Forgejo's through the forge seam) and extracted
 * resumes; a verification runs them both as a job for an account's client;
 * webhooks deliver finished verifications; the recruiter's report reads the analysis's rules.
 */
export const DOMAIN_USES: Readonly<Record<string, readonly string[]>> = {
  accounts: [],
  admins: [],
  jobs: [],
  github: [],
  /** GitLab and Gitea/Forgejo sources: GitHub's evidence contract and its host-neutral transport pieces */
  forges: ["github"],
  resume: [],
  maintenance: [],
  /** the analysis reads every host's evidence through the forge seam (forges), GitHub's model (github) */
  analysis: ["github", "forges", "resume"],
  verification: ["accounts", "jobs", "github", "forges", "resume", "analysis"],
  webhooks: ["verification"],
  report: ["analysis"],
  /** ATS assessment partners: a client's verification started from a resume, its report link, webhook policy */
  integrations: ["accounts", "verification", "report", "webhooks", "resume"],
};

/** Named prohibitions, stated on their own so a failure says which rule broke. */
export const NEVER: ReadonlyArray<{ from: string; to: string; why: string }> = [
  { from: "cli", to: "dashboard", why: "the CLI and the dashboard are two faces over the same domain services" },
  { from: "dashboard", to: "cli", why: "nothing imports the CLI but main" },
  { from: "http", to: "dashboard", why: "the API and the dashboard are mounted side by side by the app" },
  { from: "dashboard", to: "http", why: "the API and the dashboard are mounted side by side by the app" },
];

export interface ImportEdge {
  /** importing file, relative to the repository root (src/...) */
  file: string;
  /** imported file, relative to the repository root */
  target: string;
}

/** The module a src/ path belongs to: its top folder, or the root file's name without extension. */
export function moduleOf(path: string): string {
  const parts = path.replace(/^src\//, "").split("/");
  return parts.length === 1 ? parts[0]!.replace(/\.(d\.)?ts$/, "") : parts[0]!;
}

const LAYER_OF = new Map(LAYERS.flatMap((names, i) => names.map((n) => [n, i] as const)));

/** Why `edge` breaks the direction, or null when it is allowed. */
export function violation(edge: ImportEdge): string | null {
  const from = moduleOf(edge.file);
  const to = moduleOf(edge.target);
  if (from === to) return null;
  const named = NEVER.find((n) => n.from === from && n.to === to);
  if (named) return `${from} must not import ${to}: ${named.why}`;
  if (to === "cli" && from !== "main") return `nothing imports cli but main (${from} does)`;
  const a = LAYER_OF.get(from);
  const b = LAYER_OF.get(to);
  if (a === undefined) return `${from} is not a module of the documented layers`;
  if (b === undefined) return `${to} is not a module of the documented layers`;
  if (b > a) return `${from} (layer ${a}) must not import ${to} (layer ${b}): imports point down`;
  if (a === b && LAYERS[a]!.includes("verification") && !DOMAIN_USES[from]?.includes(to))
    return `${from} must not import ${to}: within the domains, ${from} may use only [${DOMAIN_USES[from]?.join(", ")}]`;
  if (a === b && !LAYERS[a]!.includes("verification")) return `${from} must not import ${to}: same layer`;
  const surface = `src/${to}/index.ts`;
  if (edge.target.startsWith(`src/${to}/`) && edge.target !== surface)
    return `${from} must import ${to} through its public surface ${surface}, not ${edge.target}`;
  return null;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']/g;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The relative imports of one file's source text (static, type-only, re-exports and dynamic). */
export function importsOf(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const out: string[] = [];
  for (const re of [IMPORT, DYNAMIC]) for (const m of text.matchAll(re)) if (m[1]!.startsWith(".")) out.push(m[1]!);
  return out;
}

/** Every relative import of every .ts file under `root`/src, resolved to repository paths. */
export function scanImports(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".ts")) {
        const file = relative(root, full);
        for (const spec of importsOf(readFileSync(full, "utf8")))
          edges.push({ file, target: relative(root, resolve(dirname(full), spec)) });
      }
    }
  };
  walk(join(root, "src"));
  return edges;
}

/** Each import against the direction, as "file -> target: why". */
export function violations(edges: ImportEdge[]): string[] {
  return edges.flatMap((e) => {
    const why = violation(e);
    return why ? [`${e.file} -> ${e.target}: ${why}`] : [];
  });
}
