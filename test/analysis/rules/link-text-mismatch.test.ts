import { describe, expect, test } from "bun:test";
import { linkFlags } from "../../../src/analysis/claim-flags.ts";
import { claim, link, linkedClaim, repo } from "../fixtures.ts";

describe("LINK_TEXT_MISMATCH (linkFlags)", () => {
  const tool = repo("ana/tool");
  test("a visible URL naming another repository", () => {
    const l = link("github.com/ana/tool", { visibleText: "github.com/google/tool", visibleDiffers: true });
    const flags = linkFlags(
      claim("Tool", { repoLinks: [l], repoUrl: "github.com/ana/tool" }),
      new Map([["ana/tool", tool]]),
    );
    expect(flags.map((f) => [f.rule, f.severity])).toEqual([["LINK_TEXT_MISMATCH", "WARNING"]]);
    expect(flags[0]?.message).toBe(
      '"Tool": the link reads github.com/google/tool but points to github.com/ana/tool; a link kept from an older resume can point elsewhere by mistake',
    );
  });
  test("a visible URL elsewhere than GitHub that the extractor marks as differing", () => {
    const l = link("github.com/ana/tool", { visibleText: "gitlab.com/ana/tool", visibleDiffers: true });
    const flags = linkFlags(claim("Tool", { repoLinks: [l] }), new Map([["ana/tool", tool]]));
    expect(flags.map((f) => f.message)).toEqual([
      '"Tool": the link reads gitlab.com/ana/tool but points to github.com/ana/tool; a link kept from an older resume can point elsewhere by mistake',
    ]);
  });
  test("the same repository in other letter case is not a mismatch", () => {
    const l = link("github.com/ana/tool", { visibleText: "github.com/Ana/Tool", visibleDiffers: true });
    expect(linkFlags(claim("Tool", { repoLinks: [l] }), new Map([["ana/tool", tool]]))).toEqual([]);
  });
  test("a word over the link is not a mismatch", () => {
    const l = link("github.com/ana/tool", { visibleText: "GitHub" });
    expect(linkFlags(claim("Tool", { repoLinks: [l] }), new Map([["ana/tool", tool]]))).toEqual([]);
  });

  test("a plain link that resolved raises nothing", () => {
    expect(linkFlags(linkedClaim("Tool", "github.com/ana/tool"), new Map([["ana/tool", tool]]))).toEqual([]);
  });
});
