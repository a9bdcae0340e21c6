import { expect, test } from "bun:test";
import { renderHtml } from "../fixtures/resume/synthetic/html.ts";
import { buildModel, truthOf } from "../fixtures/resume/synthetic/model.ts";

// The held-out measure is only honest if the set is the same on every run and the split is fixed by
// seed before anyone looks at results.

test("a model is deterministic by seed", () => {
  expect(buildModel(17)).toEqual(buildModel(17));
  expect(renderHtml(buildModel(8), false)).toBe(renderHtml(buildModel(8), false));
  expect(buildModel(17).name === buildModel(18).name && buildModel(17).login === buildModel(18).login).toBe(false);
});

test("odd seeds are the tune half, even seeds the held-out half; producers alternate in pairs", () => {
  const models = Array.from({ length: 12 }, (_, i) => buildModel(i + 1));
  expect(models.map((m) => m.split)).toEqual(models.map((m) => (m.seed % 2 === 1 ? "tune" : "held-out")));
  // each pair of seeds shares a producer, so both halves get every producer
  for (let i = 0; i < 12; i += 2) expect(models[i]!.producer).toBe(models[i + 1]!.producer);
  expect(new Set(models.map((m) => m.producer))).toEqual(new Set(["chromium", "libreoffice", "pdf-lib"]));
});

test("negatives claim nothing; the truth is the model's projects with their repository links", () => {
  const models = Array.from({ length: 40 }, (_, i) => buildModel(i + 1));
  const negatives = models.filter((m) => m.negative);
  expect(negatives.length).toBeGreaterThan(0);
  for (const m of negatives) expect(truthOf(m)).toEqual([]);
  for (const m of models.filter((x) => !x.negative)) {
    expect(truthOf(m).length).toBeGreaterThanOrEqual(2);
    for (const p of m.projects) expect(p.repoUrl === null).toBe(p.linkStyle === "none");
  }
});

test("every project appears in the HTML with its repository link where the model puts one", () => {
  for (const seed of [1, 2, 3, 4, 7, 8]) {
    const m = buildModel(seed);
    const html = renderHtml(m, seed % 2 === 0);
    for (const p of m.projects) {
      expect(html).toContain(p.name.replace(/&/g, "&amp;"));
      if (p.repoUrl && p.linkStyle !== "url") expect(html).toContain(`href="${p.repoUrl}"`);
      if (p.repoUrl && p.linkStyle === "url") expect(html).toContain(p.repoUrl.replace(/^https:\/\//, ""));
    }
  }
});
