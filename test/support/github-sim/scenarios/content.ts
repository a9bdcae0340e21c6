import type { Rng } from "./random.ts";

/** The languages scenarios can write, each with its source layout and manifest. */
export type ScenarioLanguage = "TypeScript" | "Python" | "Go" | "Rust";

const EXT: Record<ScenarioLanguage, string> = { TypeScript: "ts", Python: "py", Go: "go", Rust: "rs" };
const DIR: Record<ScenarioLanguage, string> = { TypeScript: "src", Python: "app", Go: "internal", Rust: "src" };

const VERBS = [
  "Add",
  "Fix",
  "Refactor",
  "Update",
  "Improve",
  "Handle",
  "Support",
  "Remove",
  "Rename",
  "Document",
  "Test",
  "Speed up",
];
const THINGS = [
  "hourly forecast view",
  "timezone handling in chart axis",
  "cache invalidation",
  "error message on empty input",
  "retry on network failure",
  "settings page layout",
  "unit conversion",
  "API client pagination",
  "login redirect",
  "CSV export",
  "dark mode colors",
  "search debounce",
  "config loading",
  "date parsing edge case",
  "README install steps",
  "logging of slow requests",
  "build script",
  "accessibility labels",
  "input validation",
  "rate limit backoff",
  "map tile loading",
  "offline fallback",
  "history chart tooltip",
  "locale fallback",
  "memory leak in poller",
];

/** A varied, human commit message (subject, sometimes a body). */
export function humanMessage(rng: Rng): string {
  const subject = `${rng.pick(VERBS)} ${rng.pick(THINGS)}`;
  return rng.chance(0.25)
    ? `${subject}\n\n${rng.pick([`Closes #${rng.int(2, 90)}`, "Found while testing on mobile.", "Follow-up to the previous change."])}`
    : subject;
}

function codeLine(lang: ScenarioLanguage, rng: Rng, tag: string, i: number): string {
  const n = rng.int(1, 999);
  switch (lang) {
    case "TypeScript":
      return `export const ${tag}${i} = (x: number): number => x * ${n} + ${i};`;
    case "Python":
      return `def ${tag}_${i}(x):\n    return x * ${n} + ${i}`;
    case "Go":
      return `func ${tag[0]!.toUpperCase()}${tag.slice(1)}${i}(x int) int { return x*${n} + ${i} }`;
    case "Rust":
      return `pub fn ${tag}_${i}(x: i64) -> i64 { x * ${n} + ${i} }`;
  }
}

/** The manifest a language's project carries, listing `deps`. */
export function manifestFiles(lang: ScenarioLanguage, name: string, deps: readonly string[]): Record<string, string> {
  switch (lang) {
    case "TypeScript":
      return {
        "package.json": `${JSON.stringify(
          {
            name,
            version: "0.1.0",
            private: true,
            dependencies: Object.fromEntries(deps.map((d) => [d, "^1.0.0"])),
            devDependencies: { typescript: "^5.4.0" },
          },
          null,
          2,
        )}\n`,
      };
    case "Python":
      return { "requirements.txt": `${deps.map((d) => `${d}>=1.0`).join("\n")}\n` };
    case "Go":
      return {
        "go.mod": `module example.com/${name}\n\ngo 1.22\n\nrequire (\n${deps.map((d) => `\t${d} v1.2.3`).join("\n")}\n)\n`,
      };
    case "Rust":
      return {
        "Cargo.toml": `[package]\nname = "${name}"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n${deps.map((d) => `${d} = "1"`).join("\n")}\n`,
      };
  }
}

/**
 * A working tree that evolves like a real project: files grow, shrink and appear; each edit returns
 * the changed files for a CommitSpec.
 */
export class SourceTree {
  private files = new Map<string, string[]>();
  private counter = 0;

  constructor(
    readonly lang: ScenarioLanguage,
    private rng: Rng,
  ) {}

  /** Creates a new source file of `lines` lines. */
  addFile(lines: number, base?: string): Record<string, string> {
    const stem = base ?? `module${this.files.size + 1}`;
    const path = `${DIR[this.lang]}/${stem}.${EXT[this.lang]}`;
    const body = Array.from({ length: lines }, () =>
      codeLine(this.lang, this.rng, stem.replace(/\W/g, ""), this.counter++),
    );
    this.files.set(path, body);
    return { [path]: `${body.join("\n")}\n` };
  }

  /** Adds `add` lines to and removes up to `remove` lines from one existing file. */
  edit(add: number, remove: number): Record<string, string> {
    const paths = [...this.files.keys()];
    if (paths.length === 0) return this.addFile(add);
    const path = this.rng.pick(paths);
    const lines = this.files.get(path)!;
    for (let i = 0; i < remove && lines.length > 1; i++) lines.splice(this.rng.int(0, lines.length - 1), 1);
    const stem = path
      .slice(path.lastIndexOf("/") + 1)
      .replace(/\.\w+$/, "")
      .replace(/\W/g, "");
    for (let i = 0; i < add; i++)
      lines.splice(this.rng.int(0, lines.length), 0, codeLine(this.lang, this.rng, stem, this.counter++));
    return { [path]: `${lines.join("\n")}\n` };
  }

  /** A plausible human change: usually an edit of a few to a few dozen lines, sometimes a new file. */
  humanChange(): Record<string, string> {
    if (this.files.size < 3 || this.rng.chance(0.12)) return this.addFile(this.rng.int(8, 40));
    const changed = this.edit(this.rng.int(2, 35), this.rng.int(0, 8));
    return this.rng.chance(0.3) ? { ...changed, ...this.edit(this.rng.int(1, 12), this.rng.int(0, 3)) } : changed;
  }
}
