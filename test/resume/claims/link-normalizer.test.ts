import { describe, expect, test } from "bun:test";
import { normalizeLink, repairDoubledPrefix, trimUrlPunctuation } from "../../../src/resume/claims/link-normalizer.ts";

describe("normalizeLink", () => {
  const cases: Array<[string, Partial<ReturnType<typeof normalizeLink> & object> | null]> = [
    ["https://github.com/janedoe", { kind: "profile", owner: "janedoe", url: "https://github.com/janedoe" }],
    [
      "github.com/0xKilty/information-compressor",
      { kind: "repository", repoUrl: "github.com/0xKilty/information-compressor" },
    ],
    ["http://www.github.com/jdoe", { kind: "profile", url: "https://github.com/jdoe" }],
    ["https://github.com/https://github.com/0xarash", { kind: "profile", owner: "0xarash" }],
    ["github.com/github.com/x/y", { kind: "repository", repoUrl: "github.com/x/y" }],
    ["https//github.com/x/y", { kind: "repository", repoUrl: "github.com/x/y" }],
    ["https://github.com/KVM-VMI/kvm/pull/41/files", { repoUrl: "github.com/KVM-VMI/kvm", subpath: "/pull/41/files" }],
    [
      "https://github.com/kubernetes/test-infra/tree/master/prow",
      { repoUrl: "github.com/kubernetes/test-infra", subpath: "/tree/master/prow" },
    ],
    [
      "https://github.com/rust-lang/crates.io/commits?author=0xPoe",
      { repoUrl: "github.com/rust-lang/crates.io", subpath: "/commits?author=0xPoe" },
    ],
    [
      "https://github.com/search?q=repo:rust-lang/cargo+repo:rust-lang/rust+author:x&type=commits",
      { kind: "repository", repoUrl: "github.com/rust-lang/cargo" },
    ],
    ["https://github.com/search?q=author:x", { kind: "profile", owner: "x" }],
    ["https://github.com/orgs/powlaw/repositories", { kind: "organisation", owner: "powlaw" }],
    ["https://github.com/a/b.git", { repoUrl: "github.com/a/b", repo: "b" }],
    ["https://github.com/0lzi/CV/raw/main/CV.pdf", { repoUrl: "github.com/0lzi/CV", subpath: "/raw/main/CV.pdf" }],
    ["https://raw.githubusercontent.com/a/b/main/x.py", { kind: "repository", repoUrl: "github.com/a/b" }],
    ["https://github.com/features/actions", { kind: "other" }],
    // GitHub's own pages are never someone's account
    ["github.com/pages", { kind: "other" }],
    ["https://github.com/Actions", { kind: "other" }],
    ["0xkilty.github.io/filler", { kind: "other", owner: "0xkilty", impliedRepoUrl: "github.com/0xkilty/filler" }],
    ["https://12megaa21.github.io/", { kind: "other", impliedRepoUrl: "github.com/12megaa21/12megaa21.github.io" }],
    [
      "https://gitlab.com/group/sub/proj/-/tree/main",
      { kind: "repository", owner: "group/sub", repo: "proj", repoUrl: "gitlab.com/group/sub/proj" },
    ],
    ["https://bitbucket.org/team/tool/src", { kind: "repository", repoUrl: "bitbucket.org/team/tool" }],
    [
      "https://git.kernel.org/pub/scm/linux/kernel/git/next/linux-next.git/log/?qt=author&q=X",
      {
        kind: "repository",
        repo: "linux-next",
        repoUrl: "git.kernel.org/pub/scm/linux/kernel/git/next/linux-next.git",
      },
    ],
    ["https://www.npmjs.com/package/http-responder", { kind: "other", packageRef: "npm:http-responder" }],
    ["https://www.npmjs.com/package/@scope/pkg", { packageRef: "npm:@scope/pkg" }],
    ["https://pypi.org/project/requests/", { packageRef: "pypi:requests" }],
    ["https://www.linkedin.com/in/https://www.linkedin.com/in/x/", { kind: "other", url: "https://linkedin.com/in/x" }],
    ["(github.com/a/b).", { repoUrl: "github.com/a/b" }],
    ["mailto:x@example.com", null],
    ["tel:+1555", null],
    ["jane@example.com", null],
    ["#section", null],
    ["not a url", null],
  ];
  for (const [raw, want] of cases) {
    test(raw, () => {
      const got = normalizeLink(raw);
      if (want === null) expect(got).toBeNull();
      else expect(got).toMatchObject(want);
    });
  }
});

describe("repairDoubledPrefix / trimUrlPunctuation", () => {
  test.each([
    ["https://github.com/https://github.com/a", "https://github.com/a"],
    ["https://x.com/http://y.com/z", "http://y.com/z"],
    ["https:/github.com/a", "https://github.com/a"],
    ["github.com/a", "github.com/a"],
  ])("repair %s", (raw, want) => expect(repairDoubledPrefix(raw)).toBe(want));
  test.each([
    ["github.com/a/b.", "github.com/a/b"],
    ["(https://x.org/a_(b))", "https://x.org/a_(b)"],
    ["<https://x.org>,", "https://x.org"],
    ["https://x.org/a)", "https://x.org/a"],
  ])("trim %s", (raw, want) => expect(trimUrlPunctuation(raw)).toBe(want));
});
