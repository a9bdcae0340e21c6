import { expect, test } from "bun:test";
import { claimRepoRefs, parseRepoUrl } from "../../src/analysis/claim-links.ts";
import type { ClaimedProject, ResumeLink } from "../../src/resume/types.ts";

const link = (over: Partial<ResumeLink>): ResumeLink => ({
  url: "",
  raw: "",
  kind: "repository",
  visibleDiffers: false,
  source: "annotation",
  page: 1,
  ...over,
});
const claim = (repoLinks: ResumeLink[], repoUrl: string | null): ClaimedProject => ({
  name: "Tool",
  repoUrl,
  repoLinks,
  otherLinks: [],
  technologies: [],
  dates: null,
  description: [],
  section: "Projects",
  page: 1,
});

test("GitHub repository links become refs; links to other forges never do", () => {
  const refs = claimRepoRefs(
    claim(
      [
        link({
          url: "https://gitlab.com/ana/tool",
          host: "gitlab.com",
          owner: "ana",
          repo: "tool",
          repoUrl: "gitlab.com/ana/tool",
        }),
        link({
          url: "https://github.com/Ana/Tool",
          host: "github.com",
          owner: "Ana",
          repo: "Tool",
          repoUrl: "github.com/Ana/Tool",
        }),
        link({ url: "https://codeberg.org/ana/other", host: "codeberg.org", owner: "ana", repo: "other" }),
      ],
      "gitlab.com/ana/tool",
    ),
  );
  expect(refs.map((r) => r.key)).toEqual(["ana/tool"]);
  expect(refs[0]!.owner).toBe("Ana");
});

test.each([
  ["github.com/acme/tool", { owner: "acme", name: "tool" }],
  ["https://www.github.com/acme/tool.git", { owner: "acme", name: "tool" }],
  ["https://github.com/acme/tool/tree/main/src", { owner: "acme", name: "tool" }],
  ["gitlab.com/acme/tool", null],
  ["github.com/acme", null],
])("parseRepoUrl(%p)", (url, out) => expect(parseRepoUrl(url)).toEqual(out));
