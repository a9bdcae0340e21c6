import { describe, expect, test } from "bun:test";
import { profileMismatchFlags } from "../../../src/analysis/claim-flags.ts";
import { link, resume } from "../fixtures.ts";

describe("PROFILE_MISMATCH (profileMismatchFlags)", () => {
  test.each([
    [[], []],
    [["ana"], []],
    [["Ana"], []],
    [["bob"], ["github.com/bob"]],
    [
      ["bob", "ana", "carl", "bob"],
      ["github.com/bob", "github.com/carl"],
    ],
  ])("profiles %p", (owners, named) => {
    const flags = profileMismatchFlags(
      resume([], { githubProfiles: owners.map((o) => link(`github.com/${o}`)) }),
      "ana",
    );
    expect(flags.length).toBe(named.length > 0 ? 1 : 0);
    for (const n of named) expect(flags[0]?.message).toContain(n);
    if (flags[0]) expect(flags[0].severity).toBe("WARNING");
  });
});
