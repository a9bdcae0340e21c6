/**
 * HOST_NOT_CHECKED: the resume links a profile or a repository on a host the service can read, but the
 * verification names no account there. An INFO that says what was left unread and how to have it read;
 * nothing is guessed about whose work it is, and a host the verification did read is never named.
 */
import { describe, expect, test } from "bun:test";
import { unreadHostFlags } from "../../../src/analysis/claim-flags.ts";
import { evidenceOf, wordsOf } from "../../../src/analysis/rules/registry.ts";
import { claim, link, linkedClaim, resume } from "../fixtures.ts";

const GITLAB = "gitlab.com";
const gitlabProfile = link("https://gitlab.com/hana", { host: GITLAB, owner: "hana", kind: "profile" });
const gitlabRepo = link("https://gitlab.com/hana/fleet", {
  host: GITLAB,
  owner: "hana",
  repo: "fleet",
  kind: "repository",
});

describe("HOST_NOT_CHECKED", () => {
  test("a GitLab profile and repository in the resume, with no GitLab account given: one INFO naming both", () => {
    const r = resume([claim("Fleet", { repoLinks: [gitlabRepo] })], { forgeProfiles: [gitlabProfile] });
    const flags = unreadHostFlags(r, [GITLAB], new Set(["github.com"]));
    expect(flags).toHaveLength(1);
    const f = flags[0]!;
    expect(f).toMatchObject({ rule: "HOST_NOT_CHECKED", severity: "INFO" });
    expect(f.message).toContain("the profile gitlab.com/hana");
    expect(f.message).toContain("the repository gitlab.com/hana/fleet");
    expect(f.message).toContain("accounts (gitlab.com:<username>)");
    expect(evidenceOf(f, "HOST_NOT_CHECKED")).toEqual({ host: GITLAB, profiles: 1, repositories: 1 });
  });

  test("a host the verification read is never named, nor a host the service cannot read", () => {
    const r = resume([claim("Fleet", { repoLinks: [gitlabRepo] })], { forgeProfiles: [gitlabProfile] });
    expect(unreadHostFlags(r, [GITLAB], new Set(["github.com", GITLAB]))).toEqual([]);
    expect(unreadHostFlags(r, [], new Set(["github.com"]))).toEqual([]);
  });

  test("GitHub links without a GitHub account (a verification of other hosts only) name the hostUsername field", () => {
    const r = resume([linkedClaim("Tool", "github.com/hana/tool")]);
    const [f] = unreadHostFlags(r, [GITLAB], new Set([GITLAB]));
    expect(f?.message).toContain("give the candidate's GitHub username in hostUsername");
    expect(evidenceOf(f, "HOST_NOT_CHECKED")).toMatchObject({ host: "github.com", repositories: 1 });
  });

  test("its words say it is not a finding against the candidate", () => {
    expect(wordsOf("HOST_NOT_CHECKED").innocent).toContain("other hosts");
    expect(wordsOf("HOST_NOT_CHECKED").ask).toContain("Verify again");
  });
});
