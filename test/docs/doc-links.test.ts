/**
 * Every link between the project's documents leads somewhere: README.md and docs/*.md link files that exist, and
 * every #anchor names a heading (or an explicit id) of the document it points into. Links to other sites are not
 * followed (the tests never leave loopback).
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { REPO_ROOT } from "../support/harness.ts";
import { anchors, links, slug } from "./markdown.ts";

const documents = ["README.md", ...readdirSync(join(REPO_ROOT, "docs")).filter((f) => f.endsWith(".md"))].map((f) =>
  f === "README.md" ? f : `docs/${f}`,
);
const text = (path: string) => readFileSync(join(REPO_ROOT, path), "utf8");

/** What a link in `from` points at that does not exist, or null. */
function broken(from: string, target: string): string | null {
  if (/^[a-z]+:/i.test(target)) return null; // https:, mailto: ...
  const [path, anchor] = target.split("#", 2) as [string, string | undefined];
  const file = path === "" ? join(REPO_ROOT, from) : resolve(dirname(join(REPO_ROOT, from)), decodeURI(path));
  if (!file.startsWith(REPO_ROOT)) return `${target}: outside the repository`;
  if (!existsSync(file)) return `${target}: no file ${relative(REPO_ROOT, file)}`;
  if (anchor !== undefined && file.endsWith(".md") && !anchors(readFileSync(file, "utf8")).has(anchor))
    return `${target}: no heading #${anchor} in ${relative(REPO_ROOT, file)}`;
  return null;
}

describe("links between the documents", () => {
  test.each(documents)("%s links only files and headings that exist", (doc) => {
    const bad = links(text(doc))
      .map((l) => ({ line: l.line, problem: broken(doc, l.target) }))
      .filter((b) => b.problem !== null);
    expect(bad).toEqual([]);
  });
});

describe("the anchor reader", () => {
  test("slugs headings as GitHub does: markup and punctuation dropped, repeats numbered", () => {
    expect(slug("`POST /v1/verify`: create a verification")).toBe("post-v1verify-create-a-verification");
    expect(slug("Figures (2026-11-26)")).toBe("figures-2026-11-26");
    expect(slug("What /readyz and /metrics report")).toBe("what-readyz-and-metrics-report");
    const md = '# A\n## Notes\n```sh\n# not a heading\n```\n## Notes\n<a id="x"></a>\n';
    expect([...anchors(md)].sort()).toEqual(["a", "notes", "notes-1", "x"]);
  });

  test("a broken link is reported with what is missing", () => {
    expect(broken("README.md", "docs/no-such-file.md")).toContain("no file docs/no-such-file.md");
    expect(broken("README.md", "docs/api.md#no-such-heading")).toContain("no heading #no-such-heading");
    expect(broken("docs/api.md", "../../outside.md")).toContain("outside the repository");
    expect(broken("README.md", "https://example.com/x")).toBeNull();
  });
});
