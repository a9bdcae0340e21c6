import { expect, test } from "bun:test";
import {
  buildFamilyModel,
  DEFAULT_FAMILY_COUNT,
  FAMILIES,
  FIRST_FAMILY_SEED,
  familyOf,
} from "../fixtures/resume/synthetic/families.ts";
import { renderFodt } from "../fixtures/resume/synthetic/fodt.ts";
import { ownerRepo, renderHtml } from "../fixtures/resume/synthetic/html.ts";
import { truthOf } from "../fixtures/resume/synthetic/model.ts";

// The second synthetic set measures layouts the first never produced. Its figures are only honest if
// the split is fixed by seed, both halves get every family from every producer, and the truth is the
// model's own projects.

const seeds = Array.from({ length: DEFAULT_FAMILY_COUNT }, (_, i) => FIRST_FAMILY_SEED + i);
const models = seeds.map(buildFamilyModel);

test("the second set's seeds never overlap the first set's, and a model is deterministic by seed", () => {
  expect(FIRST_FAMILY_SEED).toBeGreaterThan(200);
  expect(buildFamilyModel(1017)).toEqual(buildFamilyModel(1017));
});

test("odd seeds are the tune half, even seeds held out; every family reaches both halves from every producer", () => {
  expect(models.map((m) => m.split)).toEqual(models.map((m) => (m.seed % 2 === 1 ? "tune" : "held-out")));
  for (const half of ["tune", "held-out"]) {
    for (const family of FAMILIES) {
      const producers = new Set(models.filter((m) => m.split === half && m.family === family).map((m) => m.producer));
      // the Word-like family is LibreOffice's by definition
      expect(producers).toEqual(
        family === "docx-tabs" ? new Set(["libreoffice"]) : new Set(["chromium", "libreoffice", "pdf-lib"]),
      );
    }
  }
  for (let i = 0; i < seeds.length; i += 2) expect(familyOf(seeds[i]!)).toEqual(familyOf(seeds[i + 1]!));
});

test("the negative family claims nothing but is full of technologies and companies; the others claim projects", () => {
  for (const m of models) {
    if (m.family === "negative-tech") {
      expect(truthOf(m)).toEqual([]);
      expect(m.experience.every((j) => (j.stack?.length ?? 0) >= 4 && (j.clients?.length ?? 0) === 2)).toBe(true);
    } else expect(truthOf(m).length).toBeGreaterThanOrEqual(2);
  }
});

test("each family's pattern is in the rendered document", () => {
  const byFamily = (f: string) => models.filter((m) => m.family === f && m.producer === "chromium");
  for (const m of byFamily("two-page")) {
    expect(m.projects.length).toBeGreaterThanOrEqual(6);
    expect(renderHtml(m, false)).toContain("break-before:page");
  }
  for (const m of byFamily("numbered")) expect(renderHtml(m, false)).toContain('<ol class="num">');
  for (const m of byFamily("dash-line")) expect(renderHtml(m, false)).toContain(` ${m.dash} `);
  for (const m of byFamily("owner-repo"))
    for (const p of m.projects.filter((x) => x.linkStyle === "owner-repo")) {
      const html = renderHtml(m, false);
      expect(html).toContain(ownerRepo(p.repoUrl!));
      expect(html).not.toContain(`href="${p.repoUrl}"`);
    }
  for (const m of byFamily("link-before"))
    for (const p of m.projects.filter((x) => x.linkStyle === "before")) {
      const html = renderHtml(m, false);
      expect(html.indexOf(`href="${p.repoUrl}"`)).toBeLessThan(html.indexOf(p.name.replace(/&/g, "&amp;")));
    }
  for (const m of models.filter((x) => x.family === "docx-tabs")) {
    const xml = renderFodt(m);
    expect(xml).toContain("<text:tab/>");
    for (const p of m.projects) expect(xml).toContain(p.name.replace(/&/g, "&amp;"));
  }
  for (const m of byFamily("caps-names"))
    if (m.nameCase === "upper") expect(renderHtml(m, false)).toContain(m.projects[0]!.name.toUpperCase());
});
