/**
 * Rows (the SQL's snake_case shape) stay behind the stores: the faces (dashboard, CLI, HTTP API) read domain
 * types. A scanner for snake_case property reads in the faces, and for `*Row` types imported across a domain's
 * boundary, with the checks as data so a failure names the file and the name.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** The folders of src/ that face people and programs: they read domain types only. */
export const FACES = ["dashboard", "cli", "http"] as const;

/**
 * snake_case property reads a face may make, each with why: external formats, never stored data. Empty today;
 * an entry names its file and property, e.g. a provider's OAuth field `{ file: "src/http/x.ts", property: "access_token" }`.
 * (The CLI's legacy `--json` names are written as object keys in cli/delivery-json.ts, which is not a read.)
 */
export const SNAKE_CASE_READS_ALLOWED: ReadonlyArray<{ file: string; property: string; why: string }> = [];

/**
 * Code without its comments and quoted strings (SQL text, messages), so that only code is scanned. Template
 * literals stay whole: the pages' templates read data in their placeholders (the faces hold no SQL).
 */
export function codeOnly(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1")
    .replace(/(["'])(?:\\.|(?!\1)[^\\\n])*\1/g, '""');
}

/** `.snake_case` property reads (`x.created_at`, `x?.created_at`) in one file's code. */
export function snakeCaseReads(source: string): string[] {
  return [...codeOnly(source).matchAll(/\??\.([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b/g)].map((m) => m[1]!);
}

/** The names a file imports, with the file each comes from (relative imports only). */
export function importedNames(file: string, source: string): Array<{ name: string; from: string }> {
  const out: Array<{ name: string; from: string }> = [];
  for (const m of source.matchAll(/(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+["'](\.[^"']+)["']/g)) {
    const from = resolve(dirname(file), m[2]!);
    for (const part of m[1]!.split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name) out.push({ name, from });
    }
  }
  return out;
}

export function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts"))
    .map((e) => join(e.parentPath, e.name));
}

/** The top-level folder of src/ a file belongs to ("accounts", "dashboard"...), or its root file's name. */
export function moduleOfFile(root: string, file: string): string {
  return relative(join(root, "src"), file).split("/")[0]!.replace(/\.ts$/, "");
}

/** Every snake_case read in a face that the allowance list does not name. */
export function faceReads(root: string): string[] {
  const found: string[] = [];
  for (const face of FACES)
    for (const file of tsFiles(join(root, "src", face))) {
      const rel = relative(root, file);
      for (const property of snakeCaseReads(readFileSync(file, "utf8")))
        if (!SNAKE_CASE_READS_ALLOWED.some((a) => a.file === rel && a.property === property))
          found.push(`${rel}: .${property}`);
    }
  return found;
}

/** Every `*Row` name imported from another module of src/ (a row crossing a domain's boundary). */
export function rowsAcrossModules(root: string): string[] {
  const found: string[] = [];
  for (const file of tsFiles(join(root, "src"))) {
    const here = moduleOfFile(root, file);
    for (const { name, from } of importedNames(file, readFileSync(file, "utf8")))
      if (/Row$/.test(name) && moduleOfFile(root, from) !== here)
        found.push(`${relative(root, file)} imports ${name} from ${relative(root, from)}`);
  }
  return found;
}
