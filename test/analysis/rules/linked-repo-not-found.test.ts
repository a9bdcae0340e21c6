import { describe, expect, test } from "bun:test";
import { linkFlags } from "../../../src/analysis/claim-flags.ts";
import type { GhRepo } from "../../../src/github/types.ts";
import { claim, link, repo } from "../fixtures.ts";

describe("LINKED_REPO_NOT_FOUND (linkFlags)", () => {
  test("a linked repository the host does not serve is a WARNING about that repository", () => {
    const targets = new Map<string, GhRepo | null>([["ana/gone", null]]);
    const flags = linkFlags(claim("X", { repoLinks: [link("github.com/ana/gone")] }), targets);
    expect(flags.map((f) => [f.rule, f.severity, f.repo])).toEqual([["LINKED_REPO_NOT_FOUND", "WARNING", "ana/gone"]]);
    expect(flags[0]?.message).toContain("ana/gone");
  });

  test("beside a renamed link, the missing one alone is not found", () => {
    const renamed: GhRepo = { ...repo("ana/new-name"), renamedFrom: "ana/old-name" };
    const targets = new Map<string, GhRepo | null>([
      ["ana/gone", null],
      ["ana/old-name", renamed],
    ]);
    const c = claim("X", { repoLinks: [link("github.com/ana/gone"), link("github.com/ana/old-name")] });
    expect(
      linkFlags(c, targets)
        .filter((f) => f.rule === "LINKED_REPO_NOT_FOUND")
        .map((f) => f.repo),
    ).toEqual(["ana/gone"]);
  });

  test("a link that resolved is found: no flag", () => {
    const targets = new Map<string, GhRepo | null>([["ana/tool", repo("ana/tool")]]);
    expect(linkFlags(claim("Tool", { repoLinks: [link("github.com/ana/tool")] }), targets)).toEqual([]);
  });
});
