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

describe("normalizeLink on GitLab and Gitea/Forgejo hosts", () => {
  const configured = [
    { host: "gitlab.com", kind: "gitlab" as const },
    { host: "codeberg.org", kind: "gitea" as const },
    { host: "git.example.com", kind: "gitlab" as const },
    { host: "10.0.0.5:3000", kind: "gitea" as const },
  ];
  test.each([
    // a GitLab project's path is every segment: nested groups are the owner
    [
      "https://gitlab.com/group/sub/project",
      { kind: "repository", owner: "group/sub", repo: "project", repoUrl: "gitlab.com/group/sub/project" },
    ],
    ["gitlab.com/a/b/c/d.git", { kind: "repository", owner: "a/b/c", repo: "d", repoUrl: "gitlab.com/a/b/c/d" }],
    // "/-/" or an old-style route ends the path; what follows is inside the project
    [
      "https://gitlab.com/group/sub/proj/-/merge_requests/3",
      { repoUrl: "gitlab.com/group/sub/proj", subpath: "/-/merge_requests/3" },
    ],
    ["https://gitlab.com/group/proj/tree/main/src", { repoUrl: "gitlab.com/group/proj", subpath: "/tree/main/src" }],
    ["https://gitlab.com/group/sub/proj/blob/main/x.go", { owner: "group/sub", repo: "proj" }],
    // one segment is a user's or a group's page; GitLab's own pages are nobody's
    ["https://gitlab.com/janedoe", { kind: "profile", owner: "janedoe", host: "gitlab.com" }],
    ["https://gitlab.com/users/janedoe", { kind: "profile", owner: "janedoe" }],
    ["https://gitlab.com/explore/projects", { kind: "other" }],
    ["https://gitlab.com/-/snippets/1", { kind: "other" }],
    // Gitea/Forgejo: owner/repository, then anything inside it
    [
      "https://codeberg.org/carol/weather-dash/src/branch/main",
      { kind: "repository", owner: "carol", repo: "weather-dash", repoUrl: "codeberg.org/carol/weather-dash" },
    ],
    ["codeberg.org/carol", { kind: "profile", owner: "carol", host: "codeberg.org" }],
    ["https://codeberg.org/explore/repos", { kind: "other" }],
    // a configured host, matched with its port when it has one
    [
      "https://git.example.com/team/infra/deploy",
      { repoUrl: "git.example.com/team/infra/deploy", owner: "team/infra" },
    ],
    ["http://10.0.0.5:3000/ops/tool", { repoUrl: "10.0.0.5:3000/ops/tool", host: "10.0.0.5:3000" }],
  ])("%s", (raw, want) => {
    expect(normalizeLink(raw, configured)).toMatchObject(want);
  });

  test("a self-managed host nobody configured is only a web page", () => {
    expect(normalizeLink("https://git.example.com/team/infra/deploy")).toMatchObject({ kind: "other" });
  });
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
