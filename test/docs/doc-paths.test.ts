/**
 * Every path the documents name in backticks exists: `src/...`, `test/...`, `docs/...`, `.github/...` and
 * `.patches/...` from the repository's root, and a module-relative path (`analysis/rules/corroborate.ts`,
 * `http/routes/`) under src/. A renamed or deleted file leaves no pointer behind in README.md or docs/.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../support/harness.ts";

const documents = [
  "README.md",
  ...readdirSync(join(REPO_ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const ROOTS = ["src", "test", "docs", ".github", ".patches"];
const MODULES = new Set(readdirSync(join(REPO_ROOT, "src")));

/** The repository file a backticked span names, or null when the span is no repository path. */
function namedPath(span: string): string | null {
  const p = span.replace(/[),.;:]+$/, "");
  if (!/^\.?[\w-]+(\/[\w.@-]+)+\/?$/.test(p)) return null;
  const first = p.split("/")[0]!;
  if (ROOTS.includes(first)) return p;
  return MODULES.has(first) ? `src/${p}` : null;
}

/** The paths a document names in backticks (outside code blocks too: a command's file is a pointer as well). */
function namedPaths(md: string): Array<{ line: number; path: string }> {
  return md.split("\n").flatMap((text, i) =>
    [...text.matchAll(/`([^`\s]+)`/g)].flatMap((m) => {
      const path = namedPath(m[1]!);
      return path === null ? [] : [{ line: i + 1, path }];
    }),
  );
}

describe("paths named in the documents", () => {
  test.each(documents)("%s names only paths that exist", (doc) => {
    const missing = namedPaths(readFileSync(join(REPO_ROOT, doc), "utf8")).filter(
      (p) => !existsSync(join(REPO_ROOT, p.path)),
    );
    expect(missing).toEqual([]);
  });

  test("the documents name paths at all (the reader finds them)", () => {
    const all = documents.flatMap((d) => namedPaths(readFileSync(join(REPO_ROOT, d), "utf8")));
    expect(all.length).toBeGreaterThan(100);
  });
});

describe("the path reader", () => {
  test("reads root and module-relative paths, and leaves other spans alone", () => {
    expect(namedPath("test/webhooks/readme-snippets.test.ts")).toBe("test/webhooks/readme-snippets.test.ts");
    expect(namedPath("analysis/rules/corroborate.ts")).toBe("src/analysis/rules/corroborate.ts");
    expect(namedPath("http/routes/")).toBe("src/http/routes/");
    expect(namedPath("bun run test")).toBeNull();
    expect(namedPath("GET /v1/jobs/{trackingId}")).toBeNull();
    expect(namedPath("owner/name")).toBeNull();
    expect(namedPath("main.ts")).toBeNull();
  });

  test("a missing file is reported", () => {
    expect(existsSync(join(REPO_ROOT, namedPath("test/webhooks/readme-snippets.test.ts")!))).toBe(false);
  });
});
