import { describe, expect, test } from "bun:test";
import { linkFlags } from "../../../src/analysis/claim-flags.ts";
import type { GhRepo } from "../../../src/github/types.ts";
import { claim, link, repo } from "../fixtures.ts";

describe("RENAMED_REPO (linkFlags)", () => {
  test("a link to an old name the host redirects is INFO about the repository under its new name", () => {
    const renamed: GhRepo = { ...repo("ana/new-name"), renamedFrom: "ana/old-name" };
    const targets = new Map<string, GhRepo | null>([["ana/old-name", renamed]]);
    const flags = linkFlags(claim("X", { repoLinks: [link("github.com/ana/old-name")] }), targets);
    expect(flags.map((f) => [f.rule, f.severity, f.repo])).toEqual([["RENAMED_REPO", "INFO", "ana/new-name"]]);
  });

  test("a link under the repository's current name is no rename", () => {
    const targets = new Map<string, GhRepo | null>([["ana/new-name", repo("ana/new-name")]]);
    expect(linkFlags(claim("X", { repoLinks: [link("github.com/ana/new-name")] }), targets)).toEqual([]);
  });
});
