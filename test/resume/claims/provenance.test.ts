import { expect, test } from "bun:test";
import { documentConfidence, LOW_CONFIDENCE, withProvenance } from "../../../src/resume/claims/provenance.ts";
import type { ClaimedProject, ResumeLink } from "../../../src/resume/types.ts";

const repo: ResumeLink = {
  url: "https://github.com/jane/relay",
  raw: "github.com/jane/relay",
  kind: "repository",
  visibleDiffers: false,
  source: "annotation",
  page: 1,
  repoUrl: "github.com/jane/relay",
};
const project = (over: Partial<ClaimedProject> = {}): ClaimedProject => ({
  name: "Relay",
  repoUrl: null,
  repoLinks: [],
  otherLinks: [],
  technologies: [],
  dates: null,
  description: [],
  section: "Projects",
  page: 1,
  ...over,
});

test("a linked, described entry of a projects section is found with high confidence, and says how", () => {
  const p = withProvenance(
    project({ repoUrl: repo.repoUrl!, repoLinks: [repo], technologies: ["Go"], description: ["A relay."] }),
    "entry",
    true,
  );
  expect(p.foundBy).toEqual({ section: "Projects", shape: "entry", link: "annotation" });
  expect(p.confidence).toBeGreaterThanOrEqual(0.9);
  const bare = withProvenance(project({ section: "Experience" }), "link-elsewhere", false);
  expect(bare.foundBy?.link).toBe("none");
  expect(bare.confidence).toBeLessThan(LOW_CONFIDENCE);
});

test("a document with no projects, or only weakly found ones, is read with low confidence and says repository-first", () => {
  const none = documentConfidence([], false);
  expect(none.extraction).toMatchObject({ lowConfidence: true, repositoryFirst: true });
  expect(none.warning).toContain("repository-first");
  const weak = documentConfidence([withProvenance(project({ section: "Experience" }), "link-elsewhere", false)], false);
  expect(weak.extraction.lowConfidence).toBe(true);
  const strong = documentConfidence(
    [withProvenance(project({ repoUrl: repo.repoUrl!, repoLinks: [repo], description: ["x"] }), "entry", true)],
    true,
  );
  expect(strong).toMatchObject({ extraction: { lowConfidence: false, repositoryFirst: false }, warning: null });
});
