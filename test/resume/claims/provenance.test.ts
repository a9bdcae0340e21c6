import { expect, test } from "bun:test";
import { documentConfidence, LOW_CONFIDENCE, withProvenance } from "../../../src/resume/claims/provenance.ts";
import { claim, linkedClaim } from "../../analysis/fixtures.ts";

const project = (extra: Parameters<typeof claim>[1] = {}) => claim("Relay", extra);
const linked = (extra: Parameters<typeof claim>[1] = {}) =>
  linkedClaim("Relay", "https://github.com/jane/relay", extra);

test("a linked, described entry of a projects section is found with high confidence, and says how", () => {
  const p = withProvenance(linked({ technologies: ["Go"], description: ["A relay."] }), "entry", true);
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
  const strong = documentConfidence([withProvenance(linked({ description: ["x"] }), "entry", true)], true);
  expect(strong).toMatchObject({ extraction: { lowConfidence: false, repositoryFirst: false }, warning: null });
});
